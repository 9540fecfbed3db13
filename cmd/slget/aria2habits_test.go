// End-to-end tests of aria2c's command-line habits against the test
// origin: glued short options, -s, -k, the -i format, suggestions,
// contradictions.

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// rangeRequests counts the requests after the probe.
func rangeRequests(srv *fetchtest.Server) int { return len(srv.Requests()) - 1 }

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
