// Messages a script or a user reads: the help of help, a refused
// connection's final message and --json error, a resume that keeps the
// journal's slice size.

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// "slget help --help" (and -h) prints help and exits 0, as every other
// command's --help does.
func TestHelpOfHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "--help"}, {"help", "-h"}} {
		r := runSlget(t, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "help") || strings.Contains(r.stderr, "unknown option") {
			t.Errorf("slget %q: exit %d, stderr %q; want the help", args, r.code, r.stderr)
		}
	}
}

// A refused connection: the final message and the --json error name the
// URL.
func TestRefusedConnectionNamesTheURL(t *testing.T) {
	const u = "http://127.0.0.1:1/f.bin"
	r := runSlget(t, "--retry-wait", "0", "-d", t.TempDir(), u)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if r.code != exitNetwork || !strings.Contains(lines[len(lines)-1], u) {
		t.Errorf("exit %d, last line %q: want %d naming %s", r.code, lines[len(lines)-1], exitNetwork, u)
	}
	r = runSlget(t, "--json", "--retry-wait", "0", "-d", t.TempDir(), u)
	var res result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || !strings.Contains(res.Error, u) || res.URL != u {
		t.Errorf("--json: %v, %+v: want the URL in url and error", err, res)
	}
}

// A refused connection is tried twice, and the retry line says so: "try 2
// of 2", not a count of tries (--max-tries, 5 by default) that will not be
// made.
func TestRefusedConnectionRetryLine(t *testing.T) {
	const u = "http://127.0.0.1:1/f.bin"
	for _, tries := range []string{"5", "9"} {
		r := runSlget(t, "--retry-wait", "0", "--max-tries", tries, "-d", t.TempDir(), u)
		if r.code != exitNetwork || !strings.Contains(r.stderr, "try 2 of 2") || strings.Contains(r.stderr, "of "+tries) {
			t.Errorf("--max-tries %s: exit %d, stderr %q: want %d and the line \"try 2 of 2\"", tries, r.code, r.stderr, exitNetwork)
		}
	}
	// --max-tries 1: no try is promised.
	r := runSlget(t, "--retry-wait", "0", "--max-tries", "1", "-d", t.TempDir(), u)
	if r.code != exitNetwork || strings.Contains(r.stderr, "try 2") {
		t.Errorf("--max-tries 1: exit %d, stderr %q: want %d and no retry line", r.code, r.stderr, exitNetwork)
	}
}

// --slice given on a resume whose journal has another slice size: the
// user is told the journal's size is kept.
func TestResumeSaysTheJournalsSlice(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	interrupt(t, srv, dir, "-x", "4", "--slice", "64k")
	r := mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-x", "4", "--slice", "8m", "-d", dir, srv.FileURL())
	if !strings.Contains(r.stderr, "journal's slice size 64k") {
		t.Errorf("the resume does not say it keeps the journal's 64k: %q", r.stderr)
	}
}
