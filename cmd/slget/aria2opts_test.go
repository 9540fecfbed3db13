// aria2c's options users reach for next: --dry-run, --conditional-get,
// --remote-time, --max-overall-download-limit, --log; and small files.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestDryRunChangesNothing(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithContentDisposition(`attachment; filename="report.pdf"`))
	dir := t.TempDir()
	r := runSlget(t, "--dry-run", "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	for _, want := range []string{"size:      3.0 MiB (3145728 bytes)", "ranges:    yes", "ETag " + srv.ETag(), "report.pdf (new)"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--dry-run does not say %q:\n%s", want, r.stdout)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("--dry-run left %d files", len(ents))
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want the probe alone", n)
	}
	os.WriteFile(filepath.Join(dir, "report.pdf"), []byte("mine"), 0o644)
	r = runSlget(t, "--dry-run", "-d", dir, srv.FileURL())
	if !strings.Contains(r.stdout, "report.1.pdf") {
		t.Errorf("--dry-run beside an existing file:\n%s", r.stdout)
	}
}

// With several URLs, the results table says where each would be saved,
// and no speed, as aria2c does; before, its cells were empty.
func TestDryRunResultsTable(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithContentDisposition(`attachment; filename="a.bin"`))
	b := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithContentDisposition(`attachment; filename="b.bin"`))
	dir := t.TempDir()
	r := runSlget(t, "--dry-run", "-d", dir, a.FileURL(), b.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, name := range []string{"a.bin", "b.bin"} {
		if want := "OK  |        n/a|" + filepath.Join(dir, name) + "\n"; !strings.Contains(r.stderr, want) {
			t.Errorf("the results table has no line %q:\n%s", want, r.stderr)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("--dry-run left %d files", len(ents))
	}
}

func TestConditionalGetAndRemoteTime(t *testing.T) {
	lm := time.Date(2025, 6, 7, 8, 9, 10, 0, time.UTC)
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithLastModified(lm))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	mustFetch(t, path, srv.Content().SHA256(), "-R", "-d", dir, srv.FileURL())
	if fi, _ := os.Stat(path); !fi.ModTime().Equal(lm) {
		t.Fatalf("-R: mtime %s, want %s", fi.ModTime(), lm)
	}
	// Up to date: nothing is downloaded, the file stays.
	srv.ResetLog()
	r := runSlget(t, "--conditional-get", "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "up to date") || exists(filepath.Join(dir, "file.1.bin")) {
		t.Fatalf("exit %d, %q; want the file kept as up to date", r.code, r.stderr)
	}
	if q := srv.Requests(); len(q) != 1 || q[0].Header.Get("If-Modified-Since") == "" || q[0].BodyBytes != 0 {
		t.Fatalf("want one conditional probe with no body, got %+v", q)
	}
	// Older than the remote file: downloaded again, in its place.
	old := lm.Add(-time.Hour)
	os.WriteFile(path, []byte("an older copy"), 0o644)
	os.Chtimes(path, old, old)
	mustFetch(t, path, srv.Content().SHA256(), "--conditional-get", "-d", dir, srv.FileURL())
	mustNotExist(t, filepath.Join(dir, "file.1.bin"))
}

func TestMaxOverallDownloadLimit(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	dir := t.TempDir()
	start := time.Now()
	// Two files of 1 MiB at 1 MiB/s together: about 2 s, where one cap
	// each would take 1 s.
	r := runSlget(t, "--max-overall-download-limit", "1m", "-j", "2", "-d", dir, srv.FileURL()+"?n=1", srv.FileURL()+"?n=2")
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	if el := time.Since(start); el < 1600*time.Millisecond {
		t.Errorf("2 MiB under an overall cap of 1 MiB/s took %s", el)
	}
}

func TestLogFile(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithStatusFor(503, 1, "0"))
	dir := t.TempDir()
	logf := filepath.Join(dir, "slget.log")
	r := runSlget(t, "-q", "-l", logf, "--retry-wait", "10ms", "-d", dir, srv.FileURL())
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	b, _ := os.ReadFile(logf)
	for _, want := range []string{"[WARN]", "503", "[INFO]", "saved"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the log does not say %q:\n%s", want, b)
		}
	}
	if r := runSlget(t, "--log-level", "chatty", srv.FileURL()); r.code != exitBadOption {
		t.Errorf("--log-level chatty: exit %d", r.code)
	}
}

// A zero-byte file is an empty file, without a word about ranges (nginx
// answers 200 to a range of an empty file).
func TestEmptyFile(t *testing.T) {
	for _, opts := range [][]fetchtest.Option{{fetchtest.WithSize(0)}, {fetchtest.WithSize(0), fetchtest.WithNoRanges()}} {
		srv := fetchtest.NewServer(t, opts...)
		dir := t.TempDir()
		r := mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-d", dir, srv.FileURL())
		if strings.Contains(r.stderr, "ranges") || strings.Contains(r.stderr, "journal") {
			t.Errorf("an empty file: %q", r.stderr)
		}
	}
}
