// Versions of origin resources: what the peer serves for a URL, learned by a
// probe of the origin, revalidated at most once per interval, and the
// versions a requester may pin.

package peer

import (
	"context"
	"errors"
	"mime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
)

// version is one version of a resource as the origin described it.
type version struct {
	url       string // the URL requested: the cache key's
	etag      string // strong, quotes included; "" when not cacheable
	size      int64
	lastMod   string
	ctype     string
	disp      string             // Content-Disposition to send, "" for none
	cacheable bool               // a strong ETag, a known size and ranges: slices can be cached
	validator string             // the Key's Validator: ETAG;SIZE
	vk        localcache.Version // url and validator, checked for the store
	origin    *fetch.Origin
}

// key is the cache key of slice i of v.
func (v *version) key(slice, i int64) localcache.Key {
	return localcache.Key{URL: v.url, Validator: v.validator, SliceSize: slice, Index: i}
}

// resource is what the peer knows of one URL: the version the origin had
// when last asked, and a few recent ones that requesters may still pin.
type resource struct {
	current *version
	checked time.Time  // when the origin was last asked
	known   []*version // recent cacheable versions, newest first, current included
}

// maxKnown bounds the old versions kept per URL for pinning requesters;
// maxResources bounds the URLs remembered.
const (
	maxKnown     = 4
	maxResources = 1 << 14
	// minRecheck is how soon a pin the peer does not know sends it to the
	// origin again: a requester that learned of a new version first is
	// served it, and one pinning a bogus tag cannot make every request a
	// probe.
	minRecheck = time.Second
)

// versions holds the resources and coalesces probes: one probe per URL at a
// time, however many requests wait.
type versions struct {
	mu     sync.Mutex
	res    map[string]*resource
	probes singleflight.Group
	now    func() time.Time
}

func newVersions(now func() time.Time) *versions {
	return &versions{res: make(map[string]*resource), now: now}
}

// errPinned is the answer to a requester whose pinned version neither the
// peer nor the origin has: 412.
var errPinned = errors.New("the version pinned by If-Match is not the one the origin has")

// resolve returns the version to serve for url: for a requester that pins
// nothing, the one the origin had at most every revalidate ago (asking it
// again if older); for one that pins tags, a known version among them, or
// the origin's current one if it is among them, else errPinned.
func (s *Server) resolve(ctx context.Context, t target, pins []string) (*version, error) {
	key := t.String()
	vs := s.versions
	now := vs.now()
	vs.mu.Lock()
	if r := vs.res[key]; r != nil {
		age := now.Sub(r.checked)
		fresh := age < s.cfg.Revalidate
		switch {
		case fresh && (pins == nil || !r.current.cacheable):
			// Uncached resources pass through with the requester's
			// If-Match: the origin judges it.
			vs.mu.Unlock()
			return r.current, nil
		case pins != nil:
			if v := r.pinned(pins); v != nil {
				vs.mu.Unlock()
				return v, nil
			}
			if age < minRecheck {
				vs.mu.Unlock()
				return nil, errPinned
			}
		}
	}
	vs.mu.Unlock()
	v, err := s.revalidate(ctx, t)
	if err != nil || pins == nil || !v.cacheable {
		return v, err
	}
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if r := vs.res[key]; r != nil {
		if pv := r.pinned(pins); pv != nil {
			return pv, nil
		}
	}
	return nil, errPinned
}

// knows reports whether a version of the resource key is known: one
// whose ETag is among pins, or any when pins is nil.
func (vs *versions) knows(key string, pins []string) bool {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	r := vs.res[key]
	return r != nil && (pins == nil || r.pinned(pins) != nil)
}

// pinned is the known version whose ETag is among pins, or nil.
func (r *resource) pinned(pins []string) *version {
	for _, v := range r.known {
		for _, p := range pins {
			if v.etag == p {
				return v
			}
		}
	}
	return nil
}

// revalidate asks the origin for the version of t now (one probe per URL at
// a time, under the server's context so that a waiter leaving does not
// cancel it), records it, and returns it.
func (s *Server) revalidate(ctx context.Context, t target) (*version, error) {
	key := t.String()
	ch := s.versions.probes.DoChan(key, func() (any, error) {
		if !s.track() {
			return nil, errClosing
		}
		defer s.untrack()
		pctx, cancel := context.WithTimeout(s.base, s.cfg.FillTimeout)
		defer cancel()
		v, err := s.probe(pctx, t)
		s.metrics.revalidations.WithLabelValues(resultLabel(err)).Inc()
		if err != nil {
			return nil, err
		}
		s.versions.record(key, v)
		return v, nil
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.(*version), nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// probe asks the origin for the first byte of t: its status, size and
// validators, for the cost of one byte.
func (s *Server) probe(ctx context.Context, t target) (*version, error) {
	p, err := s.client.Probe(ctx, t.String(), 1)
	if err != nil {
		return nil, err
	}
	p.Body.Close()
	v := &version{
		url:     t.String(),
		size:    p.Validator.Size,
		lastMod: p.Validator.LastModified,
		ctype:   p.ContentType,
	}
	if p.Filename != "" {
		v.disp = mime.FormatMediaType("attachment", map[string]string{"filename": p.Filename})
	}
	if p.Ranged && p.Validator.Size >= 0 && p.Validator.Strength() == fetch.StrongETag &&
		len(p.Validator.ETag) <= localcache.MaxValidatorLen-20 && !strings.ContainsAny(p.Validator.ETag, "\r\n") {
		v.cacheable = true
		v.etag = p.Validator.ETag
		v.validator = v.etag + ";" + strconv.FormatInt(v.size, 10)
		if v.vk, err = s.store.Version(v.url, v.validator); err != nil {
			// A URL the store cannot key (too long, no stable form):
			// passed through.
			v.cacheable, v.etag, v.validator = false, "", ""
			return v, nil
		}
		v.origin = fetch.NewOrigin(s.client, p)
		// Fills for many clients at once: each on a connection of its
		// own, as a download's ranges, not streams of one HTTP/2
		// connection that would share its limits.
		v.origin.H1 = true
		v.origin.Warn = func(msg string) { s.log.Warn(msg, "url", fetch.Redact(v.url)) }
	}
	return v, nil
}

// record makes v the current version of key.
func (vs *versions) record(key string, v *version) {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	r := vs.res[key]
	if r == nil {
		if len(vs.res) >= maxResources {
			vs.shrink()
		}
		r = &resource{}
		vs.res[key] = r
	}
	r.current, r.checked = v, vs.now()
	if !v.cacheable {
		return
	}
	known := []*version{v}
	for _, o := range r.known {
		if o.validator != v.validator && len(known) < maxKnown {
			known = append(known, o)
		}
	}
	for i, o := range known {
		if o.validator == v.validator {
			known[i] = v
		}
	}
	r.known = known
}

// forget marks the current version of key as stale: a fill found that the
// origin has moved on.
func (vs *versions) forget(key string, v *version) {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if r := vs.res[key]; r != nil && r.current == v {
		r.checked = time.Time{}
	}
}

// shrink drops the half of the resources checked longest ago. The caller
// holds mu.
func (vs *versions) shrink() {
	var times []time.Time
	for _, r := range vs.res {
		times = append(times, r.checked)
	}
	// A sort of 16k times is cheap next to the probe that follows.
	slices.SortFunc(times, time.Time.Compare)
	cut := times[len(times)/2]
	for k, r := range vs.res {
		if !r.checked.After(cut) {
			delete(vs.res, k)
		}
	}
}
