// Tests of slget cache ls while slget serve owns the cache: the same table
// from the server's /status, its token asked for, and where the list came
// from said.

package main

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestCacheListWhileServed(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	dir := t.TempDir()
	p := startServe(t, dir, "--allow", strings.TrimPrefix(origin.URL, "http://"), "--token", "s3cret")
	client := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(mustURL(t, p.url))}}
	defer client.CloseIdleConnections()
	req, _ := http.NewRequest(http.MethodGet, origin.FileURL(), nil)
	req.Header.Set("Range", "bytes=0-2097151")
	req.Header.Set("Proxy-Authorization", "Bearer s3cret")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusPartialContent || n != 2<<20 {
		t.Fatalf("through the peer: %d, %d bytes", resp.StatusCode, n)
	}

	t.Setenv("SLGET_SERVE_TOKEN", "")
	r := runSlget(t, "cache", "ls", dir)
	if r.code != exitAuth || !strings.Contains(r.stderr, "--peer-token") || !strings.Contains(r.stderr, p.url) {
		t.Errorf("without the token: exit %d, %q; want %d asking for --peer-token", r.code, r.stderr, exitAuth)
	}
	r = runSlget(t, "cache", "ls", "--token", "s3cret", dir)
	if r.code != 0 {
		t.Fatalf("with the token: exit %d, %q", r.code, r.stderr)
	}
	for _, want := range []string{"SLICES", "LAST ACCESS", origin.FileURL(), origin.ETag(), "1 version: 2.0 MiB in 2 slices of 1m, 2.0 MiB stored",
		"listed by the running slget serve at " + p.url} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("cache ls lacks %q:\n%s", want, r.stdout)
		}
	}

	t.Setenv("SLGET_SERVE_TOKEN", "s3cret")
	r = runSlget(t, "cache", "ls", "--json", dir)
	var e entryJSON
	if r.code != 0 || json.Unmarshal([]byte(strings.TrimSpace(r.stdout)), &e) != nil {
		t.Fatalf("--json with the token from the environment: exit %d, %q", r.code, r.stdout)
	}
	if e.URL != origin.FileURL() || e.Slices != 2 || e.Bytes != 2<<20 || !strings.Contains(e.Validator, origin.ETag()) {
		t.Errorf("--json: %+v", e)
	}
	if !strings.Contains(r.stderr, "listed by the running slget serve") {
		t.Errorf("--json: the note is not on stderr: %q", r.stderr)
	}
}
