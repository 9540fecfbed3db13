// End-to-end tests of aria2c's command-line habits against the test
// origin: glued short options, -s, -k, the -i format, suggestions,
// contradictions.

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// connsByURL reads --progress=json output: the number of connections each
// download ran with, from its "end" event.
func connsByURL(t *testing.T, stdout string) map[string]int {
	t.Helper()
	m := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var ev progressEvent
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("--progress=json line %q: %v", line, err)
		}
		if ev.Event == "end" {
			m[ev.URL] = len(ev.Conns)
		}
	}
	return m
}

// rangeRequests counts the requests after the probe.
func rangeRequests(srv *fetchtest.Server) int { return len(srv.Requests()) - 1 }

func TestGluedAndCombinedShortOptions(t *testing.T) {
	const size, slice = 4 << 20, 64 << 10
	cases := []struct {
		args  []string
		conns int
	}{
		{[]string{"-x16"}, 16},
		{[]string{"-x", "16", "-s", "4"}, 4},
		{[]string{"-s", "4"}, 4},
		{[]string{"-s3", "--max-connection-per-server=16"}, 3},
		{[]string{"--max-connection-per-server", "6"}, 6},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			dir := t.TempDir()
			args := append(append([]string{}, c.args...), "-k64k", "--progress=json", "-d", dir, srv.FileURL())
			r := mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), args...)
			if got := connsByURL(t, r.stdout)[srv.FileURL()]; got != c.conns {
				t.Errorf("ran %d connections, want %d", got, c.conns)
			}
			// Each connection starts on a run of its own.
			if n := rangeRequests(srv); n < c.conns {
				t.Errorf("the server saw %d ranged requests, want at least %d", n, c.conns)
			}
		})
	}
}

// -qx 8 and -qx8: quiet, and eight connections.
func TestQuietBundledWithConnections(t *testing.T) {
	for _, form := range [][]string{{"-qx", "8"}, {"-qx8"}} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20))
		dir := t.TempDir()
		args := append(append([]string{}, form...), "--slice", "64k", "-d", dir, srv.FileURL())
		r := mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), args...)
		if r.stderr != "" || r.stdout != "" {
			t.Errorf("%q: printed %q %q, want nothing (-q)", form, r.stdout, r.stderr)
		}
		conns := map[int]bool{}
		for _, q := range srv.Requests() {
			conns[q.Conn] = true
		}
		if n := rangeRequests(srv); n < 8 || len(conns) > 9 {
			t.Errorf("%q: %d ranged requests on %d connections, want at least 8 on at most 8 (and the probe's)", form, n, len(conns))
		}
	}
}

// -k SIZE is aria2's --min-split-size: slget's slice.
func TestMinSplitSizeIsTheSlice(t *testing.T) {
	const size = 6<<20 + 100
	for _, form := range [][]string{{"-k", "2M"}, {"-k2M"}, {"--min-split-size=2M"}} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
		dir := t.TempDir()
		args := append(append([]string{}, form...), "-x", "3", "-d", dir, srv.FileURL())
		mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), args...)
		reqs := srv.Requests()
		if reqs[0].Range != "bytes=0-2097151" {
			t.Errorf("%q: the probe asked %q, want the first 2 MiB slice", form, reqs[0].Range)
		}
		for _, q := range reqs {
			if !q.Aligned(2<<20, size) {
				t.Errorf("%q: request %d asked %q, not aligned to 2 MiB", form, q.N, q.Range)
			}
		}
	}
	if r := runSlget(t, "-k", "1X", "http://127.0.0.1:1/f"); r.code != exitBadOption || !strings.Contains(r.stderr, "--slice") {
		t.Errorf("-k 1X: exit %d %q", r.code, r.stderr)
	}
}

func TestDidYouMean(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--conections", "4"}, "slget: unknown option --conections: did you mean --connections?\n"},
		{[]string{"-X", "4"}, "slget: unknown option -X: did you mean -x?\n"},
		{[]string{"-qX4"}, "slget: unknown option -X (in -qX4): did you mean -x?\n"},
		{[]string{"--slcie=1m"}, "slget: unknown option --slcie: did you mean --slice?\n"},
	} {
		r := runSlget(t, append(c.args, srv.FileURL())...)
		if r.code != exitBadOption || r.stderr != c.want || r.stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 28 and %q alone", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("the server got %d requests from refused command lines", n)
	}
}

func TestHelpCommand(t *testing.T) {
	r := runSlget(t, "help", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "slget status - show how much") || !strings.Contains(r.stdout, "--json") {
		t.Errorf("help status: exit %d, %q", r.code, r.stdout)
	}
}

// --help says aria2's names and how they map, in lines that fit a terminal.
func TestHelpText(t *testing.T) {
	r := runSlget(t, "--help")
	for _, want := range []string{"-x, --connections, --max-connection-per-server N", "-s, --split N", "min(-s, -x)",
		"-k, --slice, --min-split-size SIZE", "--file-allocation MODE", "out=NAME, dir=DIR"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--help does not say %q", want)
		}
	}
	for i, line := range strings.Split(r.stdout, "\n") {
		if len(line) > helpWidth && strings.HasPrefix(line, "     ") {
			t.Errorf("--help option line %d is %d wide: %q", i+1, len(line), line)
		}
	}
}

// Contradictory options and bad header text are refused before any
// request.
func TestRefusedBeforeAnyRequest(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--restart", "--no-restart"}, []string{"--restart and --no-restart contradict"}},
		{[]string{"--restart", "-c"}, []string{"--restart and -c/--continue contradict"}},
		{[]string{"--allow-overwrite", "--auto-file-renaming"}, []string{"--allow-overwrite and --auto-file-renaming contradict"}},
		{[]string{"-q", "--progress=bar"}, []string{"-q/--quiet and --progress=bar contradict"}},
		{[]string{"--header", "X-A: a\x1bb"}, []string{"--header", "control character"}},
		{[]string{"-U", "agent\x00"}, []string{"-U", "control character"}},
		{[]string{"--timeout", "NaN"}, []string{`--timeout "NaN"`}},
		{[]string{"--retry-wait=Inf"}, []string{`--retry-wait "Inf"`}},
		{[]string{"--file-allocation=sparse"}, []string{"none, prealloc, trunc or falloc"}},
		{[]string{"-s", "0"}, []string{"-s 0: want 1 to 64"}},
	} {
		r := runSlget(t, append(c.args, "-d", t.TempDir(), srv.FileURL())...)
		if r.code != exitBadOption {
			t.Errorf("%q: exit %d, want %d", c.args, r.code, exitBadOption)
		}
		for _, w := range c.want {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("%q: stderr %q does not say %q", c.args, r.stderr, w)
			}
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("the server got %d requests from refused command lines", n)
	}
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "--file-allocation=falloc", "-d", dir, srv.FileURL())
}
