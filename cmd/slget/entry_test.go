// Tests of per-entry options: how an -i entry's options lie over the
// command line's.

package main

import (
	"io"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// entryOf parses one -i entry.
func entryOf(t *testing.T, lines string) inputEntry {
	t.Helper()
	in := parseString(t, lines)
	if len(in.bad) > 0 || len(in.entries) != 1 {
		t.Fatalf("%q: bad %v, %d entries", lines, in.bad, len(in.entries))
	}
	return in.entries[0]
}

func TestEntryApply(t *testing.T) {
	base := config{dir: "dl", connections: 4, slice: 1 << 20, maxTries: 5, autoRename: true,
		header: http.Header{"X-G": {"g"}, "Authorization": {"Bearer global"}}}

	e := entryOf(t, "http://h/a\n")
	if got, err := e.apply(base); err != nil || !reflect.DeepEqual(got, base) {
		t.Errorf("no options: %+v, %v; want the command line's config", got, err)
	}

	got, err := entryOf(t, "http://h/a\n  out=sub/x.iso\n  dir=/srv\n").apply(base)
	if err != nil || joinOut(got.dir, got.out) != filepath.Join("/srv", "sub", "x.iso") {
		t.Errorf("out=sub/x.iso dir=/srv: dir %q out %q, %v", got.dir, got.out, err)
	}
	got, _ = entryOf(t, "http://h/a\n  out=x\n").apply(base)
	if got.dir != "dl" || got.out != "x" {
		t.Errorf("out=x under -d dl: dir %q out %q", got.dir, got.out)
	}

	got, _ = entryOf(t, "http://h/a\n  header=Authorization: Bearer mine\n  header=X-E: e\n").apply(base)
	want := http.Header{"X-G": {"g"}, "Authorization": {"Bearer mine"}, "X-E": {"e"}}
	if !reflect.DeepEqual(got.header, want) {
		t.Errorf("headers %v, want %v", got.header, want)
	}
	if base.header.Get("Authorization") != "Bearer global" || base.header.Get("X-E") != "" {
		t.Errorf("the command line's headers were changed: %v", base.header)
	}

	for _, c := range []struct {
		global connSpec
		lines  string
		want   int
	}{
		{connSpec{}, "  split=8", 8},
		{connSpec{x: 16}, "  split=4", 4},
		{connSpec{s: 2}, "  max-connection-per-server=8", 2},
		{connSpec{x: 2}, "  max-connection-per-server=6", 6},
		{connSpec{x: 16, s: 16}, "  split=3\n  max-connection-per-server=5", 3},
	} {
		cfg := base
		cfg.connSpec, cfg.connections = c.global, c.global.count(4)
		got, err := entryOf(t, "http://h/a\n"+c.lines+"\n").apply(cfg)
		if err != nil || got.connections != c.want {
			t.Errorf("command line %+v, entry %q: %d connections, %v; want %d", c.global, c.lines, got.connections, err, c.want)
		}
	}

	restart := base
	restart.restart = true
	if _, err := entryOf(t, "\n\nhttp://h/a\n  continue=true\n").apply(restart); err == nil || !strings.Contains(err.Error(), "line 3: continue=true contradicts --restart") {
		t.Errorf("continue=true under --restart: %v", err)
	}
}

// withConfig shares the HTTP client unless the requests change.
func TestWithConfig(t *testing.T) {
	con := &console{stdout: io.Discard, stderr: io.Discard}
	a, err := newApp(con, nil, config{connections: 4, dir: ".", header: http.Header{}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.client.HTTP.CloseIdle()
	cfg := a.cfg
	cfg.out, cfg.connections, cfg.slice = "x", 8, 2<<20
	same, err := a.withConfig(cfg)
	if err != nil || same.client.HTTP != a.client.HTTP || same.client.Connections != 8 || same.client.Slice != 2<<20 || same.cfg.out != "x" {
		t.Errorf("out, connections and slice changed: %+v, %v; want the HTTP client shared, 8 connections, 2m slices", same.client, err)
	}
	cfg.header = http.Header{"X-A": {"1"}}
	other, err := a.withConfig(cfg)
	if err != nil || other.client.HTTP == a.client.HTTP {
		t.Fatalf("headers changed: the HTTP client is shared (%v)", err)
	}
	other.client.HTTP.CloseIdle()
}
