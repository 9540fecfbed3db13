// Tests of the per-connection progress lines: what a connection whose
// request is out and unanswered says it waits for.

package main

import (
	"strings"
	"testing"

	"github.com/slget/slget"
)

func TestConnLineWaiting(t *testing.T) {
	const slice = 1 << 20
	conns := []slget.ConnProgress{
		{Active: true, Waiting: true, Range: slget.Range{Start: 49 * slice, End: 50 * slice}},
		{Active: true, Bytes: 5 << 20, Range: slget.Range{Start: 8 * slice, End: 16 * slice}},
		{},
	}
	for _, tc := range []struct {
		proxy, want string
	}{
		{"", "waiting for the server's first byte"},
		{"http://127.0.0.1:3128", "waiting for the proxy"},
	} {
		ev := &slget.Started{URL: "http://example.com/f", Path: "f", Size: 64 * slice, Connections: len(conns), Ranged: true,
			Slices: 64, Slice: slice, Proxy: tc.proxy, Progress: func() slget.Progress { return slget.Progress{Size: 64 * slice, Conns: conns} }}
		v := newView(ev)
		v.sample()
		if got := v.connLine(0, 0); !strings.Contains(got, "slice 49") || !strings.Contains(got, tc.want) {
			t.Errorf("proxy %q: waiting connection's line %q, want slice 49 and %q", tc.proxy, got, tc.want)
		}
		if got := v.connLine(1, 0); strings.Contains(got, "waiting") || !strings.Contains(got, "slices 8-15") {
			t.Errorf("proxy %q: a connection bringing bytes says %q", tc.proxy, got)
		}
		if got := v.connLine(2, 0); !strings.Contains(got, "idle") {
			t.Errorf("proxy %q: an idle connection says %q", tc.proxy, got)
		}
	}
}
