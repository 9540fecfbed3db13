// One download: a slget.Request from the flags, its events on the console,
// and its --json record.

package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/remoteurl"
	"github.com/slget/slget/internal/units"
)

// result is the --json object for one download.
type result struct {
	URL      string `json:"url"`
	FinalURL string `json:"final_url,omitempty"`
	Path     string `json:"path,omitempty"`
	Size     int64  `json:"size"`
	SHA256   string `json:"sha256,omitempty"`
	Verified string `json:"verified,omitempty"` // the digest that proved the file: "sha-256 (Repr-Digest)"
	// Proof says how the bytes were proven (slget.Proof).
	Proof *proofJSON `json:"proof,omitempty"`
	// AlreadyComplete: the file was found complete (a rerun), nothing fetched.
	AlreadyComplete bool             `json:"already_complete,omitempty"`
	Seconds         float64          `json:"seconds"`
	BySource        map[string]int64 `json:"bytes_by_source"`
	// ByPeer is the bytes each peer sent, as "peer:HOST:PORT".
	ByPeer map[string]int64 `json:"bytes_by_peer,omitempty"`
	// ByMirror is the bytes each mirror sent, by URL; Dropped why each
	// mirror that is out was dropped (mirrorOptions).
	ByMirror  map[string]int64  `json:"bytes_by_mirror,omitempty"`
	Dropped   map[string]string `json:"dropped_mirrors,omitempty"`
	Validator *validatorJSON    `json:"validator,omitempty"`
	Resumed   int64             `json:"resumed_bytes,omitempty"`
	// Transferred is the bytes that came in this run.
	Transferred int64 `json:"transferred_bytes"`
	// Connections is the most connections that ran at once.
	Connections int `json:"max_connections,omitempty"`
	// Protocol is how the requests went: "HTTP/1.1", "HTTP/2", or for a
	// big file from an HTTP/2 server its streams or connections.
	Protocol string `json:"protocol,omitempty"`
	ExitCode int    `json:"exit_code"`
	Error    string `json:"error,omitempty"`
	// A --dry-run's record says what would happen, and has no Path: nothing
	// was saved.
	DryRun bool        `json:"dry_run,omitempty"`
	Would  *dryRunJSON `json:"would,omitempty"`
}

// dryRunJSON is what a download would do, for --dry-run --json.
type dryRunJSON struct {
	SaveAs string `json:"save_as"`
	// Plan is "new", "resume", "complete", or why SaveAs was chosen over
	// the name first tried.
	Plan        string `json:"plan"`
	Ranged      bool   `json:"ranged"` // parallel and resumable
	Connections int    `json:"connections"`
	// Auto: Connections is where the count starts, found as it runs (-x auto).
	Auto bool `json:"auto_connections,omitempty"`
}

type validatorJSON struct {
	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"last_modified,omitempty"`
	Strength     string `json:"strength"`
}

func validatorOut(v slget.Validator) *validatorJSON {
	s := map[slget.Strength]string{slget.StrongETag: "strong-etag", slget.LastModified: "last-modified", slget.SizeOnly: "size-only"}
	return &validatorJSON{ETag: v.ETag, LastModified: v.LastModified, Strength: s[v.Strength()]}
}

// request is the slget.Request the flags make for rawURL.
func (a *app) request(rawURL string) *slget.Request {
	cfg := a.cfg
	if cfg.proxy != "" && remoteurl.IsRemote(rawURL) {
		a.remoteProxy.Do(func() {
			a.con.warnf("--all-proxy is not used for sftp:// and ftp:// URLs: slget connects to their servers directly")
		})
	}
	req := &slget.Request{
		URL:            rawURL,
		Dir:            cfg.dir,
		Checksum:       cfg.checksum,
		SHA256:         cfg.jsonOut,
		AllowOverwrite: cfg.allowOverwrite,
		AutoRename:     cfg.autoRename,
		Continue:       cfg.cont,
		Restart:        cfg.restart,
		NoRestart:      cfg.noRestart,
		NoJournal:      cfg.noJournal,
		SkipIntegrity:  !cfg.checkIntegrity,
		DryRun:         cfg.dryRun,
		IfNewer:        cfg.conditional,
		RemoteTime:     cfg.remoteTime,
		SFTP:           cfg.sftp,
		FTP:            cfg.ftp,
	}
	cfg.setMirrors(req)
	switch {
	case cfg.docName:
		req.Name = cfg.out // beneath dir, folders and all
	case cfg.out == "-" && cfg.streamWindow > 0: // -o -: stdout, in order, as curl's (a file named "-" is -o ./-)
		req.Writer, req.StreamWindow = a.con.stdout, cfg.streamWindow
	case cfg.out != "":
		req.Path = joinOut(cfg.dir, cfg.out)
	}
	return req
}

// get downloads one URL and returns its record; the error carries the exit
// code. finishing, if not nil, is called when the bytes are written and
// only their sync, the rename and the fsync of the file's folder remain
// (slget.Syncing, or slget.Finishing for a caller that sends no Syncing).
// Its steps (the request, a stream or a file, the events, the record and
// its exit code) are one download's, in order, sharing the request and the
// result.
func (a *app) get(ctx context.Context, rawURL string, finishing func()) (result, error) {
	req := a.request(rawURL)
	streamTo := "stdout"
	if req.Path != "" && streamPath(req.Path) && !a.cfg.dryRun {
		// -o /dev/null, -o a-fifo: a stream, as -o - (curl's habit).
		f, err := openStreamOut(ctx, req.Path)
		if err != nil {
			err = fmt.Errorf("%s: %w", slget.Redact(rawURL), err)
			return result{URL: slget.Redact(rawURL), BySource: map[string]int64{}, ExitCode: exitCode(err), Error: err.Error()}, err
		}
		defer f.Close()
		streamTo = req.Path
		req.Writer, req.StreamWindow, req.Path = f, max(a.cfg.window, a.cfg.slice), ""
	}
	var stop func(ok bool)
	req.Events = func(e slget.Event) {
		switch e := e.(type) {
		case *slget.Warning:
			a.con.warnf("%s: %s%s", e.URL, e.Message, adviceFor(e.Help))
		case *slget.Retrying:
			why := strings.TrimPrefix(e.Err.Error(), e.URL+": ")
			a.con.warnf("%s: slice %d: %s; %s", e.URL, e.Slice, why, e)
		case *slget.Syncing, *slget.Finishing:
			if finishing != nil {
				finishing()
			}
		case *slget.Started:
			if req.Writer != nil {
				e.Path = streamTo
			}
			stop = a.con.track(e)
		}
	}
	r, err := a.client.Do(ctx, req)
	if stop != nil {
		stop(err == nil)
	}
	err = explain(err)
	if err != nil && !strings.Contains(err.Error(), r.URL) && (r.Path == "" || !strings.Contains(err.Error(), r.Path+" ")) {
		err = fmt.Errorf("%s: %w", r.URL, err) // say which download
	}
	res := result{URL: r.URL, FinalURL: r.FinalURL, Path: r.Path, Size: r.Size, SHA256: r.SHA256, Verified: r.Verified, AlreadyComplete: r.AlreadyComplete,
		Seconds: r.Duration.Seconds(), BySource: sourcesOut(r.BySource), ByPeer: peersOut(r.ByPeer), Resumed: r.Resumed, Transferred: r.Transferred, Connections: r.Connections, Protocol: r.Protocol, ExitCode: exitCode(err)}
	res.ByMirror, res.Dropped = mirrorsOut(r.Mirrors)
	res.Proof = proofOut(r.Proof)
	if r.FinalURL != "" {
		res.Validator = validatorOut(r.Validator)
	}
	if err != nil {
		res.Error = err.Error()
		if req.Writer != nil && errors.Is(err, syscall.EPIPE) {
			// The reader of -o - left (| head): nothing to tell it, as curl -s.
			err = withCode(exitPipeClosed, errReported)
		}
		return res, err
	}
	if a.cfg.dryRun {
		conns, auto := a.cfg.connections, a.cfg.connections == slget.AutoConnections
		switch {
		case !r.Ranged:
			conns, auto = 1, false
		case auto:
			conns = slget.AutoStartConnections
		}
		res.DryRun, res.Path = true, ""
		res.Would = &dryRunJSON{SaveAs: r.Path, Plan: r.Plan, Ranged: r.Ranged, Connections: conns, Auto: auto}
		if !a.cfg.jsonOut { // --json: the object alone, one per URL
			a.printDryRun(r)
		}
		return res, nil
	}
	if a.con.mode != progressJSON && !a.cfg.jsonOut && a.con.says(levelInfo) {
		switch {
		case req.Writer != nil:
			a.con.printf("%s: streamed %s to %s in %.1fs\n", r.URL, units.Bytes(r.Size), streamTo, r.Duration.Seconds())
		case r.NotModified:
			a.con.printf("%s: %s is up to date (the remote file is not newer)\n", r.URL, r.Path)
		case r.AlreadyComplete:
			a.con.printf("%s: %s is complete already (%s)\n", r.URL, r.Path, units.Bytes(r.Size))
		case r.Resumed > 0:
			a.con.printf("%s: saved %s (%s: %s transferred now, %s resumed, in %.1fs%s)\n", r.URL, r.Path, units.Bytes(r.Size),
				units.Bytes(r.Transferred), units.Bytes(r.Resumed), time.Duration(r.Duration).Seconds(), sharedNote(r))
		default:
			a.con.printf("%s: saved %s (%s in %.1fs%s)\n", r.URL, r.Path, units.Bytes(r.Size), r.Duration.Seconds(), sharedNote(r))
		}
		if r.Proof.By == slget.ProvenBySample {
			a.con.printf("%s: no digest proves %s: %s; --checksum proves every byte\n", r.URL, r.Path, r.Proof)
		}
	}
	return res, nil
}

// sharedNote says how much of a download came from peers and the local
// cache, when any did: ", 19.0 MiB from peers, 1.0 MiB from the cache".
func sharedNote(r *slget.Result) string {
	var note string
	if b := r.BySource[slget.FromPeer]; b > 0 {
		note += ", " + units.Bytes(b) + " from peers"
	}
	if b := r.BySource[slget.FromCache]; b > 0 {
		note += ", " + units.Bytes(b) + " from the cache"
	}
	return note
}

// explain adds to err what a user can do about it, where the error alone
// does not say: for a certificate, the advice that fits how it failed.
func explain(err error) error {
	if err == nil {
		return nil
	}
	err = advise(err)
	if hint := tlsAdvice(err); hint != "" {
		return fmt.Errorf("%w\n  %s", err, hint)
	}
	if hint := cutAdvice(err); hint != "" {
		return fmt.Errorf("%w\n  %s", err, hint)
	}
	if re := (*slget.RedirectError)(nil); errors.As(err, &re) && !re.Loop {
		return fmt.Errorf("%w\n  %s", err, "Raise --max-redirect if this is expected.")
	}
	return err
}

// printDryRun says what a download would do (--dry-run), on stdout: what
// the server said, and the name it would save as.
func (a *app) printDryRun(r *slget.Result) {
	v := validatorOut(r.Validator)
	ranges := "no: one connection, no resume"
	if r.Ranged {
		ranges = "yes"
	}
	size := "unknown"
	if r.Size >= 0 {
		size = fmt.Sprintf("%s (%d bytes)", units.Bytes(r.Size), r.Size)
	}
	version := v.Strength
	if v.ETag != "" {
		version += ", ETag " + v.ETag
	}
	if v.LastModified != "" {
		version += ", Last-Modified " + v.LastModified
	}
	a.con.mu.Lock()
	defer a.con.mu.Unlock()
	fmt.Fprintf(a.con.stdout, "%s\n  final URL: %s\n  size:      %s\n  ranges:    %s\n  version:   %s\n  save as:   %s (%s)\n",
		r.URL, r.FinalURL, size, ranges, version, r.Path, r.Plan)
}

// peersOut names each peer's bytes "peer:HOST:PORT"; nil for none.
func peersOut(m map[string]int64) map[string]int64 {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]int64, len(m))
	for addr, n := range m {
		out["peer:"+strings.TrimPrefix(addr, "http://")] = n
	}
	return out
}

// proofJSON is slget.Proof: "by" is "digest", "pieces", "origin" or
// "sample"; with a sample, checked of sent slices from sources on
// probation were compared with a trusted source, at cost_bytes.
type proofJSON struct {
	By        string   `json:"by"`
	Says      string   `json:"says"`
	Sources   int      `json:"sources_on_probation,omitempty"`
	Sent      int      `json:"slices_on_probation,omitempty"`
	Checked   int      `json:"slices_checked,omitempty"`
	Bytes     int64    `json:"check_bytes,omitempty"`
	Refetched int      `json:"slices_refetched,omitempty"`
	Blamed    []string `json:"blamed,omitempty"`
}

func proofOut(p slget.Proof) *proofJSON {
	if p.By == "" {
		return nil
	}
	return &proofJSON{By: p.By, Says: p.String(), Sources: p.Sources, Sent: p.Sent, Checked: p.Checked, Bytes: p.Bytes, Refetched: p.Refetched, Blamed: p.Blamed}
}
