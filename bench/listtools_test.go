//go:build unix

// Tests of issue 19's scenario: its goal of a wall time against a multiple
// of another tool's, and the command lines of the list tools.

package main

import (
	"strings"
	"testing"
)

// The wall time of slget against a multiple of another tool's (issue 19:
// at most 1.5 × curl --parallel), and the list tools' command lines.
func TestWallGoalAndListTools(t *testing.T) {
	g := goal{source: "issue 19", text: "t", wallOf: "curl-parallel", wallFactor: 1.5, notSlower: []string{"slget-j1"}}
	rows := []row{
		{tool: "slget", ok: 5, runs: 5, wall: 0.150},
		{tool: "slget-j1", ok: 5, runs: 5, wall: 0.160},
		{tool: "curl-parallel", ok: 5, runs: 5, wall: 0.100},
	}
	if got := g.check(rows); !strings.HasSuffix(got, "**Met.**") {
		t.Errorf("check at exactly 1.5× = %q", got)
	}
	rows[0].wall = 0.170
	if got := g.check(rows); !strings.Contains(got, "**Not met:** 1.06× slget-j1's wall time, 1.70× curl-parallel's wall time.") {
		t.Errorf("check = %q", got)
	}
	j := job{n: 8, jobs: 8, urls: []string{"http://h/a", "http://h/b"}, list: "/l", dir: "/o"}
	want := map[string]string{
		"slget":              "/bin/x -x 8 -d /o --slice 1m -q -j 8 -i /l",
		"slget-j1":           "/bin/x -x 1 -j 1 -d /o --slice 1m -q -i /l",
		"aria2c":             "/bin/x -x 8 -s 8 -k 1M -d /o -q --allow-overwrite=true --auto-file-renaming=false -j 8 -i /l",
		"curl-parallel":      "/bin/x -sS --fail --parallel --parallel-max 8 --remote-name-all --output-dir /o http://h/a http://h/b",
		"curl-parallel-sync": `/bin/sh -c "$0" "$@" && sync /bin/x -sS --fail --parallel --parallel-max 8 --remote-name-all --output-dir /o http://h/a http://h/b`,
	}
	for _, tl := range knownTools() {
		if w, ok := want[tl.name]; ok {
			if got := strings.Join(tl.argv("/bin/x", j), " "); got != w {
				t.Errorf("%s: %s\nwant %s", tl.name, got, w)
			}
		}
	}
}
