// --save-session FILE: the downloads not finished (failed, interrupted,
// not started), with their options, in aria2's -i format, so that
// "slget -i FILE" finishes the job; written at the end and every
// --save-session-interval, atomically.

package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/slget/slget/internal/every"
	"github.com/slget/slget/queue"
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

// write replaces the session file with the entries not done, as the
// daemon writes its session (queue.WriteSessionFile: atomic, 0600).
func (s *session) write() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var saved []queue.Saved
	for i, e := range s.entries {
		if s.states[i] != sessionDone {
			saved = append(saved, savedEntry(e, s.cfg))
		}
	}
	if err := queue.WriteSessionFile(s.path, saved); err != nil {
		return fmt.Errorf("--save-session: %v", err)
	}
	return nil
}

// savedEntry is e as a session keeps it: its URIs (mirrors
// tab-separated), then its options as they apply to it (the command
// line's with the entry's own laid over, a Metalink's name and hash), dir=
// absolute so that the session works from any folder.
func savedEntry(e inputEntry, base config) queue.Saved {
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
	opts := map[string]string{}
	for _, raw := range e.opts.Raw {
		name, value, _ := strings.Cut(raw, "=")
		opts[name] = value
	}
	dir := cfg.dir
	delete(opts, "out")
	if cfg.out != "" && cfg.out != "-" {
		p := joinOut(cfg.dir, cfg.out)
		if !streamPath(p) && !strings.HasSuffix(p, string(filepath.Separator)) {
			dir, opts["out"] = filepath.Dir(p), filepath.Base(p)
		} else if !streamPath(p) {
			dir = p
		}
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	opts["dir"] = dir
	delete(opts, "checksum")
	if cfg.checksum != nil {
		opts["checksum"] = cfg.checksum.String()
	}
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(cfg.header)) {
		for _, v := range cfg.header[k] {
			lines = append(lines, k+": "+v)
		}
	}
	delete(opts, "header")
	if len(lines) > 0 {
		opts["header"] = strings.Join(lines, "\n")
	}
	return queue.Saved{Spec: queue.Spec{URIs: e.uris, Options: opts}}
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
