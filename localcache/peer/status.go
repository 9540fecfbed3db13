// GET /status: a live view of a running server in JSON, for people and for
// `slget cache ls` while the server owns the cache.

package peer

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/slget/slget/fetch"
	slgetversion "github.com/slget/slget/internal/version"
)

// Status is the body of GET /status.
type Status struct {
	Version  string          `json:"version"`          // slget's
	Listen   string          `json:"listen,omitempty"` // the address Serve listens on, if it does
	Started  time.Time       `json:"started"`
	Store    StoreStatus     `json:"store"`
	Versions []VersionStatus `json:"versions"` // what the store holds, by URL then version
	Fills    []FillStatus    `json:"fills"`    // the runs of slices being fetched from origins
	Peers    []PeerStatus    `json:"peers"`    // from Config.Peers
}

// StoreStatus are the store's totals.
type StoreStatus struct {
	Dir         string `json:"dir"`
	SliceSize   int64  `json:"slice_size"`
	Slices      int64  `json:"slices"`
	StoredBytes int64  `json:"stored_bytes"`
	MaxBytes    int64  `json:"max_bytes"` // 0 for no bound
	Damaged     int64  `json:"damaged"`   // slices found damaged since the store was opened
}

// VersionStatus is what the store holds of one version of one URL.
type VersionStatus struct {
	URL         string    `json:"url"`       // redacted
	Validator   string    `json:"validator"` // the store's: ETAG;SIZE
	ETag        string    `json:"etag"`
	Size        int64     `json:"size"`
	Slices      int       `json:"slices"` // cached
	Bytes       int64     `json:"bytes"`
	StoredBytes int64     `json:"stored_bytes"`
	LastAccess  time.Time `json:"last_access"`
}

// FillStatus is one run of slices being fetched from an origin, or waiting
// for its turn (Config.MaxFills).
type FillStatus struct {
	URL    string    `json:"url"`   // redacted
	Range  string    `json:"range"` // bytes=A-B
	Slices int64     `json:"slices"`
	Since  time.Time `json:"since"`
}

// PeerStatus is a PeerHealth in JSON.
type PeerStatus struct {
	Addr     string    `json:"addr"`
	Healthy  bool      `json:"healthy"`
	LastSeen time.Time `json:"last_seen,omitzero"`
	Err      string    `json:"err,omitempty"`
}

// serveStatus answers GET /status (pageAllowed checked the token).
func (s *Server) serveStatus(w http.ResponseWriter) {
	st, err := s.status()
	if err != nil {
		s.fail(w, http.StatusInternalServerError, "cannot read the cache's index: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(st)
}

// status gathers the Status now.
func (s *Server) status() (Status, error) {
	entries, err := s.store.List()
	if err != nil {
		return Status{}, err
	}
	totals := s.store.Stats()
	st := Status{
		Version: slgetversion.Version,
		Started: s.started,
		Store: StoreStatus{Dir: s.store.Dir(), SliceSize: s.sliceSize, Slices: totals.Slices, StoredBytes: totals.StoredBytes,
			MaxBytes: s.store.MaxSize(), Damaged: totals.Damaged},
		Versions: make([]VersionStatus, 0, len(entries)),
		Fills:    s.fillsNow(),
		Peers:    []PeerStatus{},
	}
	if a := s.listen.Load(); a != nil {
		st.Listen = *a
	}
	for _, e := range entries {
		etag, size := splitValidator(e.Validator)
		st.Versions = append(st.Versions, VersionStatus{URL: fetch.Redact(e.URL), Validator: e.Validator, ETag: etag, Size: size,
			Slices: e.Slices, Bytes: e.Bytes, StoredBytes: e.StoredBytes, LastAccess: e.LastAccess.UTC()})
	}
	if s.cfg.Peers != nil {
		for _, p := range s.cfg.Peers() {
			st.Peers = append(st.Peers, PeerStatus(p))
		}
	} else if s.cfg.Fleet != nil {
		for _, h := range s.cfg.Fleet.Status() {
			if !h.Self {
				st.Peers = append(st.Peers, PeerStatus{Addr: h.Addr, Healthy: h.Healthy, LastSeen: h.LastSeen, Err: h.Err})
			}
		}
	}
	return st, nil
}

// fillsNow lists the runs that hold claims, oldest first.
func (s *Server) fillsNow() []FillStatus {
	f := &s.fills
	f.mu.Lock()
	runs := make(map[*run]bool)
	for _, r := range f.claims {
		runs[r] = true
	}
	f.mu.Unlock()
	out := make([]FillStatus, 0, len(runs))
	for r := range runs {
		end := min(r.end*s.sliceSize, r.v.size)
		out = append(out, FillStatus{URL: fetch.Redact(r.v.url), Range: "bytes=" + strconv.FormatInt(r.first*s.sliceSize, 10) + "-" + strconv.FormatInt(end-1, 10),
			Slices: r.end - r.first, Since: r.since.UTC()})
	}
	slices.SortFunc(out, func(a, b FillStatus) int { return a.Since.Compare(b.Since) })
	return out
}

// splitValidator parses the store's validator of a version, ETAG;SIZE.
func splitValidator(v string) (etag string, size int64) {
	i := strings.LastIndexByte(v, ';')
	if i < 0 {
		return v, 0
	}
	n, err := strconv.ParseInt(v[i+1:], 10, 64)
	if err != nil {
		return v, 0
	}
	return v[:i], n
}
