// End-to-end tests of aria2c's command-line habits against the test
// origin: glued short options, -s, -k, the -i format, suggestions,
// contradictions.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// slgetIn runs slget in-process with stdin.
func slgetIn(t *testing.T, stdin string, args ...string) runResult {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"slget"}, args...), strings.NewReader(stdin), &out, &errb)
	r := runResult{code: code, stdout: out.String(), stderr: errb.String()}
	t.Logf("slget %q: exit %d\nstdout: %s\nstderr: %s", args, code, r.stdout, r.stderr)
	return r
}

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
		for _, q := range gets(reqs) {
			if !q.Aligned(2<<20, size) {
				t.Errorf("%q: request %d asked %q, not aligned to 2 MiB", form, q.N, q.Range)
			}
		}
	}
	if r := runSlget(t, "-k", "1X", "http://127.0.0.1:1/f"); r.code != exitBadOption || !strings.Contains(r.stderr, "--slice") {
		t.Errorf("-k 1X: exit %d %q", r.code, r.stderr)
	}
}

// An -i file with out=, dir=, checksum=, header= and split= lines and one
// bad line: the good entries download as their lines say, the bad line is
// named by number, and the exit code says something failed.
func TestInputFileOptionsAndABadLine(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(300<<10), fetchtest.WithPath("/a.bin"), fetchtest.WithSeed(1))
	b := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithSeed(2))
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	list := filepath.Join(dir, "list.txt")
	text := "# two files\n" +
		a.FileURL() + "\n" +
		"  out=first.bin\n" +
		"  dir=" + filepath.Join(dir, "elsewhere") + "\n" +
		"  checksum=sha-256=" + a.Content().SHA256() + "\n" +
		"this is not a URL\n" +
		b.FileURL() + "\n" +
		"\tout=nested/second.bin\n" +
		"  header=X-Token: abc\n" +
		"  split=2\n"
	if err := os.WriteFile(list, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runSlget(t, "--slice", "64k", "--progress=json", "-d", out, "-i", list)
	if r.code != exitBadOption {
		t.Errorf("exit %d, want %d for the refused line", r.code, exitBadOption)
	}
	if want := "-i " + list + ` line 6: "this is not a URL": only http://, https://, sftp:// and ftp:// URLs are supported`; !strings.Contains(r.stderr, want) {
		t.Errorf("stderr does not say %q", want)
	}
	if !strings.Contains(r.stderr, "1 line(s) refused") {
		t.Errorf("stderr does not end with the count of refused lines")
	}
	if got := fileSHA(t, filepath.Join(dir, "elsewhere", "first.bin")); got != a.Content().SHA256() {
		t.Errorf("first.bin has the wrong bytes")
	}
	if got := fileSHA(t, filepath.Join(out, "nested", "second.bin")); got != b.Content().SHA256() {
		t.Errorf("second.bin has the wrong bytes")
	}
	mustNotExist(t, filepath.Join(out, "a.bin"))
	mustNotExist(t, filepath.Join(out, "file.bin"))
	for _, q := range a.Requests() {
		if q.Header.Get("X-Token") != "" {
			t.Errorf("the first file's request %d carries the second's header", q.N)
		}
	}
	for _, q := range b.Requests() {
		if q.Header.Get("X-Token") != "abc" {
			t.Errorf("the second file's request %d lacks its header=X-Token: abc", q.N)
		}
	}
	conns := connsByURL(t, r.stdout)
	if conns[a.FileURL()] != 4 || conns[b.FileURL()] != 2 {
		t.Errorf("connections %v: want 4 (the default) for the first and 2 (split=2) for the second", conns)
	}
}

// A checksum= line applies to its own entry only: a wrong one fails that
// download (exit 32) and the other still lands.
func TestInputFileChecksumPerEntry(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(200<<10), fetchtest.WithPath("/a.bin"))
	b := fetchtest.NewServer(t, fetchtest.WithSize(200<<10), fetchtest.WithPath("/b.bin"))
	dir := t.TempDir()
	text := a.FileURL() + "\n  checksum=sha-256=" + strings.Repeat("0", 64) + "\n" + b.FileURL() + "\n"
	r := slgetIn(t, text, "-d", dir, "-i", "-")
	if r.code != exitChecksum {
		t.Errorf("exit %d, want %d", r.code, exitChecksum)
	}
	if !strings.Contains(r.stderr, "sha-256 checksum mismatch") || !strings.Contains(r.stderr, "a.bin") {
		t.Errorf("stderr does not name the file whose checksum failed")
	}
	mustNotExist(t, filepath.Join(dir, "a.bin"))
	if got := fileSHA(t, filepath.Join(dir, "b.bin")); got != b.Content().SHA256() {
		t.Errorf("b.bin has the wrong bytes")
	}
}

// A byte-order mark is skipped, tab-separated mirrors are used (and
// proven: the files are right), an aria2 option slget has not is warned
// about once.
func TestInputFileBOMMirrorsAndIgnoredOptions(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(100<<10), fetchtest.WithPath("/a.bin"))
	b := fetchtest.NewServer(t, fetchtest.WithSize(100<<10), fetchtest.WithPath("/b.bin"))
	mirror := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	dir := t.TempDir()
	list := filepath.Join(dir, "list.txt")
	text := "\uFEFF" + a.FileURL() + "\t" + mirror.FileURL() + "\n  remote-time=true\n" +
		b.FileURL() + "\t" + mirror.FileURL() + "\n  remote-time=true\n"
	os.WriteFile(list, []byte(text), 0o644)
	r := runSlget(t, "-d", dir, "-i", list)
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	for _, want := range []string{
		"-i " + list + " line 2: option remote-time= of aria2 has no slget counterpart",
	} {
		if n := strings.Count(r.stderr, want); n != 1 {
			t.Errorf("stderr says %q %d times, want once", want, n)
		}
	}
	if strings.Contains(r.stderr, "not supported") {
		t.Errorf("tab-separated mirrors are still refused")
	}
	for _, s := range []*fetchtest.Server{a, b} {
		name := filepath.Base(s.FileURL())
		if got := fileSHA(t, filepath.Join(dir, name)); got != s.Content().SHA256() {
			t.Errorf("%s has the wrong bytes", name)
		}
	}
}

func TestInputFileEmpty(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "list.txt")
	os.WriteFile(list, []byte("# nothing yet\n\n"), 0o644)
	r := runSlget(t, "-i", list)
	if r.code != exitBadOption || r.stderr != "slget: -i "+list+": no URLs in it\n" || r.stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 28 and only the message", r.code, r.stdout, r.stderr)
	}
	r = slgetIn(t, "", "-i", "-")
	if r.code != exitBadOption || r.stderr != "slget: -i -: no URLs in it\n" {
		t.Errorf("empty stdin: exit %d, stderr %q", r.code, r.stderr)
	}
	os.WriteFile(list, []byte("nonsense\n"), 0o644)
	r = runSlget(t, "-i", list)
	if r.code != exitBadOption || !strings.Contains(r.stderr, "line 1:") || !strings.Contains(r.stderr, "no good URL in it") {
		t.Errorf("only a bad line: exit %d, stderr %q", r.code, r.stderr)
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

func TestCommandTypo(t *testing.T) {
	r := runSlget(t, "stauts", "x.part")
	if r.code != exitBadOption || !strings.Contains(r.stderr, `did you mean the command "slget status"?`) {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}
