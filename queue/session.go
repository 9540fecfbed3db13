// The session file in aria2's input-file format, so that the
// queue survives a restart: each unfinished download as its URIs
// (tab-separated) and indented NAME=VALUE lines, its GID and pause among
// them, as aria2c --save-session writes it.

package queue

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
)

// Saved is one download of a session file.
type Saved struct {
	GID    GID // 0 when the file gives none (a new one is drawn)
	Paused bool
	Spec   Spec
}

// maxSessionLine bounds a line of a session file.
const maxSessionLine = 1 << 20

// ReadSession reads a session (or aria2 input) file: a line of URIs
// separated by tabs starts a download, indented NAME=VALUE lines under it
// are its options (header= may repeat), blank lines and # comments are
// skipped. gid= and pause= are the queue's own; a bad gid= is an error.
func ReadSession(r io.Reader) ([]Saved, error) {
	var out []Saved
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxSessionLine)
	n := 0
	for sc.Scan() {
		n++
		raw := sc.Text()
		if n == 1 {
			raw = strings.TrimPrefix(raw, "\uFEFF")
		}
		t := trimSession(raw)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if raw[0] != ' ' && raw[0] != '\t' {
			var uris []string
			for _, u := range strings.Split(t, "\t") {
				if u = trimSession(u); u != "" {
					uris = append(uris, u)
				}
			}
			out = append(out, Saved{Spec: Spec{URIs: uris, Options: map[string]string{}}})
			continue
		}
		if len(out) == 0 {
			return out, fmt.Errorf("line %d: option %q before any URI", n, t)
		}
		cur := &out[len(out)-1]
		name, value, ok := strings.Cut(t, "=")
		name, value = trimSession(name), trimSession(value)
		if !ok || name == "" {
			return out, fmt.Errorf("line %d: %q is not NAME=VALUE", n, t)
		}
		switch name {
		case "gid":
			g, err := ParseGID(value)
			if err != nil {
				return out, fmt.Errorf("line %d: %v", n, err)
			}
			cur.GID = g
		case "pause":
			cur.Paused = value == "true"
		case "header":
			if h := cur.Spec.Options["header"]; h != "" {
				value = h + "\n" + value
			}
			cur.Spec.Options["header"] = value
		default:
			cur.Spec.Options[name] = value
		}
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("line %d: %v", n+1, err)
	}
	return out, nil
}

// trimSession trims white space and byte order marks: a U+FEFF anywhere
// but at the file's start is no more a URI or a value than a space is, and
// a writer puts any line first.
func trimSession(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
}

// writeSaved writes one download in the session format.
func writeSaved(w *strings.Builder, s Saved) {
	w.WriteString(strings.Join(s.Spec.URIs, "\t") + "\n")
	if s.GID != 0 {
		fmt.Fprintf(w, " gid=%s\n", s.GID)
	}
	if s.Paused {
		w.WriteString(" pause=true\n")
	}
	for _, k := range slices.Sorted(maps.Keys(s.Spec.Options)) {
		for _, v := range strings.Split(s.Spec.Options[k], "\n") {
			fmt.Fprintf(w, " %s=%s\n", k, v)
		}
	}
}

// Unfinished returns the downloads a session keeps: the running ones
// (to start again), the waiting and paused ones in line, and those that
// ended in an error (aria2 keeps them too, to try again).
func (q *Queue) Unfinished() []Saved {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []Saved
	for _, list := range [][]GID{q.active, q.waiting, q.stopped} {
		for _, g := range list {
			e := q.all[g]
			switch e.info.State {
			case Complete, Removed:
				continue
			}
			out = append(out, Saved{GID: g, Paused: e.info.State == Paused, Spec: cloneSpec(e.info.Spec)})
		}
	}
	return out
}

// Restore puts saved downloads in line, each with its GID when it is
// free.
func (q *Queue) Restore(s Saved) (GID, error) {
	return q.add(s.GID, s.Spec, -1, s.Paused)
}

// WriteSession replaces the file at path with the unfinished downloads
// (see WriteSessionFile).
func (q *Queue) WriteSession(path string) error {
	return WriteSessionFile(path, q.Unfinished())
}

// WriteSessionFile replaces the file at path with saved, in the format
// ReadSession reads (a download without a GID has no gid= line): a
// temporary file beside it, synced, renamed over it, so that a reader (or
// a crash) sees the old session or the new one. It is 0600: header= lines
// may hold credentials. The command's --save-session writes with it too.
func WriteSessionFile(path string, saved []Saved) error {
	var b strings.Builder
	for _, s := range saved {
		writeSaved(&b, s)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("session %s: %v", path, err)
	}
	_, err = f.WriteString(b.String())
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("session %s: %v", path, err)
	}
	return nil
}
