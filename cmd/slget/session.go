// --save-session FILE: the downloads not finished (failed, interrupted,
// not started), with their options, in aria2's -i format, so that
// "slget -i FILE" finishes the job; written at the end and every
// --save-session-interval, atomically.

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/slget/slget/internal/every"
)

// sessionState is where one entry of the run stands.
type sessionState int

const (
	sessionPending sessionState = iota // not started, or running
	sessionDone                        // finished: not in the session
	sessionFailed
)

// session keeps the state of every entry of one run and writes the
// unfinished ones to path.
type session struct {
	path    string
	cfg     config
	entries []inputEntry

	mu     sync.Mutex // states, and one write at a time
	states []sessionState
}

func newSession(path string, cfg config, entries []inputEntry) *session {
	return &session{path: path, cfg: cfg, entries: entries, states: make([]sessionState, len(entries))}
}

// set records how entry i ended.
func (s *session) set(i int, err error) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.states[i] = sessionDone
	if err != nil {
		s.states[i] = sessionFailed
	}
}

// every writes the session each interval until ctx ends.
func (s *session) every(ctx context.Context, interval time.Duration, con *console) {
	every.Tick(ctx, interval, func(time.Time) bool {
		if err := s.write(); err != nil {
			con.warnf("%v", err)
		}
		return true
	})
}

// write replaces the session file with the entries not done: a temporary
// file beside it, synced, then renamed over it, so a reader (or a crash)
// sees the old session or the new one, never half of one. It is 0600: the
// header= lines may hold credentials.
func (s *session) write() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for i, e := range s.entries {
		if s.states[i] != sessionDone {
			writeSessionEntry(&b, e, s.cfg)
		}
	}
	dir := filepath.Dir(s.path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(s.path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("--save-session: %v", err)
	}
	_, err = f.WriteString(b.String())
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), s.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("--save-session %s: %v", s.path, err)
	}
	return nil
}

// writeSessionEntry writes e as -i lines: its URIs (mirrors
// tab-separated), then its options as they apply to it (the command line's
// with the entry's own laid over, a Metalink's name and hash), dir=
// absolute so that the session works from any folder.
func writeSessionEntry(b *strings.Builder, e inputEntry, base config) {
	cfg := base
	if len(e.opts.Raw) > 0 {
		if c, err := e.apply(base); err == nil {
			cfg = c
		}
	}
	if e.meta != nil {
		// A Metalink's file: its name and hash, which no -i line of
		// the URIs alone would say. (Its piece hashes have no -i form:
		// the next run compares slices across mirrors instead.)
		cfg = e.withMirrors(cfg)
	}
	// The mirrors aria2's way: tab-separated on the URI line.
	fmt.Fprintf(b, "%s\n", strings.Join(e.uris, "\t"))
	dir, out := cfg.dir, ""
	if cfg.out != "" && cfg.out != "-" {
		p := joinOut(cfg.dir, cfg.out)
		if !streamPath(p) && !strings.HasSuffix(p, string(filepath.Separator)) {
			dir, out = filepath.Dir(p), filepath.Base(p)
		} else if !streamPath(p) {
			dir = p
		}
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	fmt.Fprintf(b, "  dir=%s\n", dir)
	if out != "" {
		fmt.Fprintf(b, "  out=%s\n", out)
	}
	if cfg.checksum != nil {
		fmt.Fprintf(b, "  checksum=%s\n", cfg.checksum)
	}
	names := make([]string, 0, len(cfg.header))
	for k := range cfg.header {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		for _, v := range cfg.header[k] {
			fmt.Fprintf(b, "  header=%s: %s\n", k, v)
		}
	}
	for _, raw := range e.opts.Raw {
		switch name, _, _ := strings.Cut(raw, "="); name {
		case "out", "dir", "checksum", "header":
		default:
			fmt.Fprintf(b, "  %s\n", raw)
		}
	}
}

// sessionOf reads --save-session and --save-session-interval; nil without
// the first.
func sessionOf(path string, interval time.Duration, cfg config, entries []inputEntry) (*session, error) {
	if path == "" {
		if interval > 0 {
			return nil, fmt.Errorf("--save-session-interval needs --save-session FILE")
		}
		return nil, nil
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("--save-session %s: not a regular file", path)
	}
	return newSession(path, cfg, entries), nil
}
