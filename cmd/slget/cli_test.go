// End-to-end tests of the command against the test origin.

package main

import (
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestDownloadParallelAligned(t *testing.T) {
	const size, slice = 5<<20 + 12345, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	dir := t.TempDir()
	r := runSlget(t, "-x", "8", "--slice", "256k", "-d", dir, "--json", srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	path := filepath.Join(dir, "file.bin")
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatalf("sha256 %s, want %s", got, srv.Content().SHA256())
	}
	mustNotExist(t, path+".part")
	mustNotExist(t, path+".slget")
	reqs := srv.Requests()
	if reqs[0].Range != "bytes=0-262143" {
		t.Errorf("probe asked %q, want the first slice", reqs[0].Range)
	}
	zero := 0
	for _, q := range gets(reqs) {
		if !q.Aligned(slice, size) {
			t.Errorf("request %d asked %q: not slice-aligned", q.N, q.Range)
		}
		if q.N > 1 && q.Header.Get("If-Match") != srv.ETag() {
			t.Errorf("request %d sent If-Match %q, want %q", q.N, q.Header.Get("If-Match"), srv.ETag())
		}
		if q.Start == 0 {
			zero++
		}
	}
	if zero != 1 {
		t.Errorf("slice 0 was asked %d times, want once (the probe's body is used)", zero)
	}
	var res result
	if err := json.Unmarshal([]byte(strings.TrimSpace(r.stdout)), &res); err != nil {
		t.Fatalf("--json output %q: %v", r.stdout, err)
	}
	if res.SHA256 != srv.Content().SHA256() || res.Size != size || res.ExitCode != 0 || res.Path != path || res.Validator.Strength != "strong-etag" {
		t.Errorf("--json record %+v", res)
	}
}

func TestRemoteChangedMidDownload(t *testing.T) {
	const size = 4 << 20
	// The file changes right after the probe: every later request pins the
	// old version and must be refused.
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithChangeAfter(1))
	dir := t.TempDir()
	r := runSlget(t, "-x", "2", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != exitChanged {
		t.Fatalf("exit %d, want %d (remote changed)", r.code, exitChanged)
	}
	if !strings.Contains(r.stderr, "remote file changed") {
		t.Errorf("stderr does not say the remote file changed: %q", r.stderr)
	}
	path := filepath.Join(dir, "file.bin")
	mustNotExist(t, path)
	// The partial download is kept (only a restart the user asks for
	// deletes progress); the same command again downloads the new version.
	if !exists(path+".part") || !exists(path+".slget") {
		t.Fatal("the partial download was deleted")
	}
	r = runSlget(t, "-x", "2", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "starting over") {
		t.Fatalf("second run: exit %d, stderr %q", r.code, r.stderr)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("the second run did not download the new version")
	}
	mustNotExist(t, path+".slget")
}

func TestExitCodes(t *testing.T) {
	cases := []struct {
		name string
		opts []fetchtest.Option
		args []string
		want int
	}{
		{"not found", []fetchtest.Option{fetchtest.WithStatusFor(404, 100, "")}, nil, exitNotFound},
		{"unauthorized", []fetchtest.Option{fetchtest.WithStatusFor(401, 100, "")}, nil, exitAuth},
		{"forbidden", []fetchtest.Option{fetchtest.WithStatusFor(403, 100, "")}, nil, exitAuth},
		{"server error after tries", []fetchtest.Option{fetchtest.WithStatusFor(500, 100, "")}, []string{"--max-tries", "2", "--retry-wait", "10ms"}, exitBadResponse},
		{"bad slice", nil, []string{"--slice", "3x"}, exitBadOption},
		{"bad checksum option", nil, []string{"--checksum", "sha-256=zz"}, exitBadOption},
		{"checksum mismatch", nil, []string{"--checksum", "sha-256=" + strings.Repeat("0", 64)}, exitChecksum},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, append([]fetchtest.Option{fetchtest.WithSize(300 << 10)}, c.opts...)...)
			dir := t.TempDir()
			args := append(append([]string{"-d", dir, "--slice", "64k"}, c.args...), srv.FileURL())
			r := runSlget(t, args...)
			if r.code != c.want {
				t.Fatalf("exit %d, want %d", r.code, c.want)
			}
			mustNotExist(t, filepath.Join(dir, "file.bin"))
		})
	}
}

func TestChecksumOK(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	dir := t.TempDir()
	r := runSlget(t, "-d", dir, "--checksum", "sha-256="+srv.Content().SHA256(), srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
}

func TestExistingFileIsKept(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(200<<10))
	dir := t.TempDir()
	old := filepath.Join(dir, "file.bin")
	if err := os.WriteFile(old, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runSlget(t, "-d", dir, "--auto-file-renaming=false", srv.FileURL())
	if r.code != exitFileExists {
		t.Fatalf("exit %d, want %d", r.code, exitFileExists)
	}
	r = runSlget(t, "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	if b, _ := os.ReadFile(old); string(b) != "keep me" {
		t.Fatalf("existing file was changed")
	}
	if got := fileSHA(t, filepath.Join(dir, "file.1.bin")); got != srv.Content().SHA256() {
		t.Fatal("renamed download is wrong")
	}
}

func TestOptionsAfterURL(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "x.bin"), srv.Content().SHA256(), srv.FileURL(), "-o", "x.bin", "-d", dir, "-q")
}

func TestContentDispositionIsSanitised(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10), fetchtest.WithContentDisposition(`attachment; filename="../../evil.sh"`))
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "evil.sh"), srv.Content().SHA256(), "-d", dir, srv.FileURL())
	mustNotExist(t, filepath.Join(filepath.Dir(filepath.Dir(dir)), "evil.sh"))
}

func TestInputFileMany(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	dir := t.TempDir()
	list := filepath.Join(dir, "urls.txt")
	var b strings.Builder
	b.WriteString("# a comment\n\n")
	// Five files of one name from five origins (the same URL twice is
	// downloaded once, and a URL that differs only in its query string is
	// the same download: found complete).
	for i := 0; i < 5; i++ {
		o := srv
		if i > 0 {
			o = fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
		}
		fmt.Fprintf(&b, "%s\n", o.FileURL())
	}
	os.WriteFile(list, []byte(b.String()), 0o644)
	out := filepath.Join(dir, "out")
	r := runSlget(t, "-j", "3", "-d", out, "-i", list, "--json")
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d JSON lines, want 5", len(lines))
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 5 {
		t.Fatalf("%d files, want 5 (file.bin, file.1.bin, ...)", len(entries))
	}
	for _, e := range entries {
		if got := fileSHA(t, filepath.Join(out, e.Name())); got != srv.Content().SHA256() {
			t.Errorf("%s: wrong bytes", e.Name())
		}
	}
}

func TestNoRangesServer(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithNoRanges())
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-x", "8", "-d", dir, srv.FileURL())
	if n := len(gets(srv.Requests())); n != 1 {
		t.Errorf("%d GETs, want 1 stream", n)
	}
}

func TestNotEnoughDiskSpace(t *testing.T) {
	// A server that claims an absurd size: refused before any allocation.
	huge := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"x"`)
		w.Header().Set("Content-Range", "bytes 0-1048575/36028797018963968")
		w.Header().Set("Content-Length", "1048576")
		w.WriteHeader(http.StatusPartialContent)
		w.Write(make([]byte, 1<<20))
	}))
	defer huge.Close()
	dir := t.TempDir()
	r := runSlget(t, "-d", dir, huge.URL+"/big")
	if r.code != exitDiskFull || !strings.Contains(r.stderr, "free") {
		t.Fatalf("exit %d, want %d with a message about free space", r.code, exitDiskFull)
	}
	mustNotExist(t, filepath.Join(dir, "big.part"))
}

// --header and -U reach every request; slget's own Range and precondition
// cannot be overridden.
func TestHeadersAndUserAgent(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	dir := t.TempDir()
	r := runSlget(t, "-x", "3", "-d", dir, "--header", "X-Token: abc 123", "--header", "Accept-Language: fr", "-U", "agent/1.0", srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	for _, q := range srv.Requests() {
		if q.Header.Get("X-Token") != "abc 123" || q.Header.Get("Accept-Language") != "fr" || q.Header.Get("User-Agent") != "agent/1.0" {
			t.Errorf("request %d headers %v", q.N, q.Header)
		}
	}
	for _, h := range []string{"Range: bytes=0-", "If-Range: x", "If-Match: \"v\"", "if-none-match: *", "If-Modified-Since: x", "If-Unmodified-Since: x", "Accept-Encoding: gzip"} {
		name, _, _ := strings.Cut(h, ":")
		if r := runSlget(t, "--header", h, srv.FileURL()); r.code != exitBadOption || !strings.Contains(strings.ToLower(r.stderr), strings.ToLower(name)) {
			t.Errorf("--header %q: exit %d %q", h, r.code, r.stderr)
		}
	}
	if r := runSlget(t, "--header", "X-A: b\x01c", srv.FileURL()); r.code != exitBadOption {
		t.Errorf("--header with a control character: exit %d", r.code)
	}
	if r := runSlget(t, "--header", "no colon", srv.FileURL()); r.code != exitBadOption {
		t.Errorf("--header without a colon: exit %d", r.code)
	}
}

// --all-proxy sends every request through the proxy, as absolute-URI
// requests, and the file is right.
func TestAllProxy(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
	var mu sync.Mutex
	seen := 0
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !r.URL.IsAbs() {
			http.Error(w, "not a proxy request", http.StatusBadRequest)
			return
		}
		mu.Lock()
		seen++
		mu.Unlock()
		out, _ := http.NewRequestWithContext(r.Context(), r.Method, r.URL.String(), nil)
		out.Header = r.Header.Clone()
		resp, err := http.DefaultTransport.RoundTrip(out)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
	}))
	defer proxy.Close()
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-x", "4", "--slice", "256k", "-d", dir, "--all-proxy", proxy.URL, srv.FileURL())
	if n := len(srv.Requests()); seen != n || n == 0 {
		t.Errorf("proxy saw %d requests, origin %d: not all went through the proxy", seen, n)
	}
	if r := runSlget(t, "--all-proxy", "not a url", srv.FileURL()); r.code != exitBadOption {
		t.Errorf("bad --all-proxy: exit %d", r.code)
	}
}

// HTTPS: a server with a private CA is refused without --ca-certificate
// (exit 1, a certificate error, not retried) and downloaded with it: the
// ranges over HTTP/1.1 connections of their own though the server offers
// HTTP/2, which only the probe and the look after the last byte use.
func TestHTTPSWithCACertificate(t *testing.T) {
	const size = 3 << 20
	content := fetchtest.Content{Size: size, Seed: 5}
	var mu sync.Mutex
	protos := map[string]int{}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		protos[r.Proto]++
		mu.Unlock()
		w.Header().Set("ETag", `"tls-1"`)
		http.ServeContent(w, r, "", time.Time{}, io.NewSectionReader(content, 0, size))
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	ca := filepath.Join(t.TempDir(), "ca.pem")
	os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644)
	dir := t.TempDir()

	r := runSlget(t, "-d", dir, "--max-tries", "3", srv.URL+"/f.bin")
	if r.code == 0 || !strings.Contains(r.stderr, "--ca-certificate") || strings.Contains(r.stderr, "try 2") {
		t.Fatalf("untrusted certificate: exit %d %q; want a certificate error, not retried", r.code, r.stderr)
	}
	mustFetch(t, filepath.Join(dir, "f.bin"), content.SHA256(), "-x", "4", "--slice", "256k", "-d", dir, "--ca-certificate", ca, srv.URL+"/f.bin")
	if protos["HTTP/2.0"] > 2 || protos["HTTP/1.1"] < 2 {
		t.Errorf("protocols used: %v; want the ranges over HTTP/1.1", protos)
	}
	if r := runSlget(t, "--ca-certificate", filepath.Join(dir, "f.bin"), srv.URL+"/f.bin"); r.code != exitBadOption {
		t.Errorf("a non-PEM --ca-certificate: exit %d", r.code)
	}
}

// --max-download-limit caps each download, as aria2c's does: three
// downloads at once of 384 KiB at 256 KiB/s each take about 1.5 s, not 4.5 s
// (a shared cap) and not a few milliseconds (no cap).
func TestMaxDownloadLimitPerDownload(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(384<<10))
	dir := t.TempDir()
	start := time.Now()
	r := runSlget(t, "-j", "3", "-x", "2", "--slice", "64k", "--max-download-limit", "256k", "-d", dir, srv.FileURL()+"?n=1", srv.FileURL()+"?n=2", srv.FileURL()+"?n=3")
	el := time.Since(start)
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	t.Logf("three 384 KiB downloads at 256 KiB/s each: %s", el.Round(time.Millisecond))
	if el < time.Second || el > 3500*time.Millisecond {
		t.Errorf("took %s, want about 1.5 s (each download capped on its own)", el)
	}
}

// With several URLs the exit code is that of the last URL, in input order,
// that failed, whichever download ends first.
func TestExitCodeByInputOrder(t *testing.T) {
	// The 401 answers at once; the 404 only after a while, so that it
	// ends last.
	unauth := fetchtest.NewServer(t, fetchtest.WithStatusFor(401, 100, ""))
	missing := fetchtest.NewServer(t, fetchtest.WithStatusFor(404, 100, ""), fetchtest.WithLatency(400*time.Millisecond))
	ok := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	dir := t.TempDir()
	for _, tc := range []struct {
		urls []string
		want int
	}{
		{[]string{missing.FileURL(), ok.FileURL(), unauth.FileURL()}, exitAuth},
		{[]string{unauth.FileURL(), ok.FileURL(), missing.FileURL()}, exitNotFound},
	} {
		for range 2 {
			r := runSlget(t, append([]string{"-j", "3", "-d", dir}, tc.urls...)...)
			if r.code != tc.want {
				t.Fatalf("%v: exit %d, want %d (the last failure in input order)", tc.urls, r.code, tc.want)
			}
		}
	}
}

// File-system failures get aria2's codes, and a read-only file system is
// not called full.
func TestFileErrorCodes(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	dir := t.TempDir()
	notDir := filepath.Join(dir, "plain")
	os.WriteFile(notDir, []byte("x"), 0o644)
	r := runSlget(t, "-d", filepath.Join(notDir, "sub"), srv.FileURL())
	if r.code != exitFileCreate || !strings.Contains(r.stderr, "cannot create") {
		t.Errorf("a directory under a file: exit %d %q, want %d", r.code, r.stderr, exitFileCreate)
	}
	for _, tc := range []struct {
		err  error
		want int
		says string
	}{
		{&slget.FileError{Op: "create", Path: "x.part", Err: syscall.EROFS}, exitFileCreate, "read-only"},
		{&slget.FileError{Op: "open", Path: notDir, Err: syscall.EACCES}, exitFileOpen, "permission"},
		{&slget.FileError{Op: "create", Path: filepath.Join(dir, "absent.part"), Err: syscall.EACCES}, exitFileCreate, "permission"},
		{&slget.FileError{Op: "io", Path: "x.part", Err: syscall.EIO}, exitFileIO, "cannot write"},
		{&slget.FileError{Op: "io", Path: "x.part", Err: syscall.ENOSPC}, exitDiskFull, "no space"},
		{&slget.LocalError{Op: "write", Err: syscall.EROFS}, exitFileIO, "read-only"},
	} {
		if got := exitCode(tc.err); got != tc.want || !strings.Contains(tc.err.Error(), tc.says) {
			t.Errorf("%v: exit %d, want %d, saying %q", tc.err, got, tc.want, tc.says)
		}
	}
}

// slget without a URL says so in one line, with where the help is, as
// aria2c does, not under 260 lines of help on stdout.
func TestNoURLIsOneLine(t *testing.T) {
	r := runSlget(t)
	if r.code != exitBadOption || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
		!strings.Contains(r.stderr, "no URL given") || !strings.Contains(r.stderr, "slget --help") {
		t.Fatalf("exit %d\nstdout %q\nstderr %q", r.code, r.stdout, r.stderr)
	}
}
