// aria2c's options that scripts carry, through the binary: the ones slget
// applies (and what reaches the server), the ones it accepts with a note.

package main

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// Options refused with exit 28 before: each is accepted; those that cannot
// apply say so in one line on stderr, and the download runs.
func TestAria2OptionsAccepted(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	for _, args := range [][]string{
		{"--console-log-level=warn"}, {"--console-log-level", "error"},
		{"--disable-ipv6"}, {"--disable-ipv6=true"},
		{"--show-console-readout=false"}, {"--show-console-readout", "--summary-interval", "0"},
		{"--http-accept-gzip=true"}, {"--max-file-not-found=3"},
		{"--remove-control-file"}, {"--referer", "http://example.org/"},
		{"--no-proxy", "example.org,10.0.0.0/8"}, {"--enable-http-keep-alive=true"},
		{"--use-head=false"}, {"--on-download-complete", "/bin/true"}, {"--ftp-pasv"},
	} {
		dir := t.TempDir()
		r := mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), append(append([]string{"-d", dir}, args...), srv.FileURL())...)
		name, _, _ := strings.Cut(strings.TrimPrefix(args[0], "--"), "=")
		for _, ig := range ignoredOptions() {
			if ig.name == name && !(ig.isBool && strings.HasSuffix(args[0], fmt.Sprint("=", ig.slget))) && !(ig.isBool && ig.slget && !strings.Contains(args[0], "=")) {
				if n := strings.Count(r.stderr, "--"+name+"="); n != 1 {
					t.Errorf("%q: %d notes on stderr, want one: %q", args, n, r.stderr)
				}
			}
		}
	}
	// A typo of one is still refused, with the name it is near.
	r := runSlget(t, "--disable-ipv5", srv.FileURL())
	if r.code != exitBadOption || !strings.Contains(r.stderr, "--disable-ipv6") {
		t.Errorf("--disable-ipv5: exit %d %q", r.code, r.stderr)
	}
}

// --referer, --http-user/--http-passwd, --http-no-cache and --load-cookies
// reach the server; credentials and cookies stay with its host.
func TestAria2RequestOptions(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(300<<10))
	dir := t.TempDir()
	host := strings.TrimPrefix(srv.FileURL(), "http://")
	host = host[:strings.IndexAny(host, ":/")]
	jar := filepath.Join(dir, "cookies.txt")
	os.WriteFile(jar, []byte("# Netscape HTTP Cookie File\n"+
		host+"\tFALSE\t/\tFALSE\t0\tsession\tabc\n"+
		host+"\tFALSE\t/other\tFALSE\t0\telsewhere\tno\n"+
		host+"\tFALSE\t/\tTRUE\t0\tsecure\tno\n"+
		host+"\tFALSE\t/\tFALSE\t1000\texpired\tno\n"+
		"example.org\tFALSE\t/\tFALSE\t0\tforeign\tno\n"), 0o600)
	mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-d", dir, "-x", "2", "--slice", "64k",
		"--referer", "*", "--http-user", "u", "--http-passwd", "p:w", "--http-no-cache", "--load-cookies", jar, srv.FileURL())
	wantAuth := "Basic " + base64.StdEncoding.EncodeToString([]byte("u:p:w"))
	for _, req := range srv.Requests() {
		for h, want := range map[string]string{"Referer": srv.FileURL(), "Authorization": wantAuth, "Cookie": "session=abc", "Cache-Control": "no-cache", "Pragma": "no-cache"} {
			if got := req.Header.Get(h); got != want {
				t.Fatalf("request %d: %s %q, want %q", req.N, h, got, want)
			}
		}
	}
	// --header Authorization and --http-user both: refused.
	if r := runSlget(t, "--header", "Authorization: Bearer x", "--http-user", "u", srv.FileURL()); r.code != exitBadOption {
		t.Errorf("--http-user with --header Authorization: exit %d", r.code)
	}
	// A cookies.txt that is not one: refused, naming the line.
	os.WriteFile(jar, []byte("not a cookie line\n"), 0o600)
	if r := runSlget(t, "--load-cookies", jar, srv.FileURL()); r.code != exitBadOption || !strings.Contains(r.stderr, "line 1") {
		t.Errorf("a bad cookies.txt: exit %d %q", r.code, r.stderr)
	}
}

// --all-proxy-user and --all-proxy-passwd go into the proxy URL (the proxy
// sees Proxy-Authorization); --no-proxy lists hosts reached directly.
func TestAria2ProxyOptions(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	var seen atomic.Int32
	var auth atomic.Value
	auth.Store("")
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen.Add(1)
		auth.Store(r.Header.Get("Proxy-Authorization"))
		out, _ := http.NewRequest(r.Method, r.URL.String(), nil)
		out.Header = r.Header.Clone()
		out.Header.Del("Proxy-Authorization")
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
	mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-d", dir, "--all-proxy", proxy.URL,
		"--all-proxy-user", "pu", "--all-proxy-passwd", "pp", srv.FileURL())
	if want := "Basic " + base64.StdEncoding.EncodeToString([]byte("pu:pp")); seen.Load() == 0 || auth.Load() != want {
		t.Fatalf("the proxy saw %d requests, Proxy-Authorization %q, want %q", seen.Load(), auth.Load(), want)
	}
	seen.Store(0)
	dir = t.TempDir()
	mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-d", dir, "--all-proxy", proxy.URL,
		"--no-proxy", "example.org,127.0.0.1", srv.FileURL())
	if seen.Load() != 0 {
		t.Errorf("--no-proxy 127.0.0.1: the proxy saw %d requests", seen.Load())
	}
	dir = t.TempDir()
	mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-d", dir, "--http-proxy", proxy.URL,
		"--no-proxy", "example.org", srv.FileURL())
	if seen.Load() == 0 {
		t.Error("--http-proxy: the proxy saw no request")
	}
}

// referer=, http-user= and http-passwd= under a URL of an -i file apply to
// that download only.
func TestAria2RequestOptionsInInputFile(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithPath("/a.bin"))
	b := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithPath("/b.bin"))
	dir := t.TempDir()
	list := filepath.Join(dir, "list")
	os.WriteFile(list, []byte(a.FileURL()+"\n  referer=*\n  http-user=u\n  http-passwd=p\n"+b.FileURL()+"\n"), 0o600)
	r := mustFetch(t, filepath.Join(dir, "a.bin"), a.Content().SHA256(), "-d", dir, "-i", list)
	if strings.Contains(r.stderr, "no slget counterpart") {
		t.Errorf("warned: %q", r.stderr)
	}
	for _, req := range a.Requests() {
		if req.Header.Get("Referer") != a.FileURL() || req.Header.Get("Authorization") != "Basic "+base64.StdEncoding.EncodeToString([]byte("u:p")) {
			t.Fatalf("a: Referer %q, Authorization %q", req.Header.Get("Referer"), req.Header.Get("Authorization"))
		}
	}
	for _, req := range b.Requests() {
		if req.Header.Get("Referer") != "" || req.Header.Get("Authorization") != "" {
			t.Fatalf("b got a's options: Referer %q, Authorization %q", req.Header.Get("Referer"), req.Header.Get("Authorization"))
		}
	}
}
