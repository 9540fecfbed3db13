// HTTP/2 against a real server: nginx with TLS (a certificate made here,
// trusted through --ca-certificate) and http2. Its access log says which
// protocol each request came over and on which connection. Skips without
// nginx on a developer's machine, fails in CI (CI set).

package main

import (
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// h2Nginx is nginx serving WWW over TLS with HTTP/2, logging
// "$server_protocol $connection $status $request_uri" per request.
type h2Nginx struct {
	base, www, log, ca string
}

func startH2Nginx(t *testing.T) *h2Nginx {
	t.Helper()
	requireTool(t, "nginx")
	certs := t.TempDir()
	ca := testCA(t)
	srv := leaf(t, ca, time.Now().Add(-time.Hour), time.Now().Add(24*time.Hour), nil, net.ParseIP("127.0.0.1"))
	keyDER, err := x509.MarshalECPrivateKey(srv.key)
	if err != nil {
		t.Fatal(err)
	}
	crt, key := filepath.Join(certs, "server.pem"), filepath.Join(certs, "server.key")
	os.WriteFile(crt, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.cert.Raw}), 0o644)
	os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600)
	base, dir := startNginx(t, fmt.Sprintf(`log_format proto '$server_protocol $connection $status $request_uri';
  server {
    listen 127.0.0.1:PORT ssl http2;
    ssl_certificate %s;
    ssl_certificate_key %s;
    access_log %s proto;
    root WWW;
  }`, crt, key, filepath.Join(certs, "proto.log")))
	return &h2Nginx{
		base: strings.Replace(base, "http://", "https://", 1),
		www:  filepath.Join(dir, "www"),
		log:  filepath.Join(certs, "proto.log"),
		ca:   writeCA(t, ca),
	}
}

// h2Line is one request in the access log.
type h2Line struct {
	proto, conn, status, uri string
}

// requests reads the log: the requests whose URI starts with prefix.
func (n *h2Nginx) requests(t *testing.T, prefix string) []h2Line {
	t.Helper()
	b, err := os.ReadFile(n.log)
	if err != nil {
		t.Fatal(err)
	}
	var out []h2Line
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r h2Line
		if k, _ := fmt.Sscan(l, &r.proto, &r.conn, &r.status, &r.uri); k == 4 && strings.HasPrefix(r.uri, prefix) {
			out = append(out, r)
		}
	}
	return out
}

// Many small files from one host with -j 8: every request over HTTP/2,
// on fewer connections than downloads at once, the bytes right.
func TestNginxHTTP2SmallFiles(t *testing.T) {
	n := startH2Nginx(t)
	const files = 40
	os.MkdirAll(filepath.Join(n.www, "small"), 0o755)
	rng := rand.New(rand.NewPCG(26, 3))
	want := map[string]string{}
	var urls []string
	for i := range files {
		c := fetchtest.Content{Size: 64 << 10, Seed: rng.Uint64()}
		name := fmt.Sprintf("f%02d.bin", i)
		if err := os.WriteFile(filepath.Join(n.www, "small", name), c.Bytes(0, c.Size), 0o644); err != nil {
			t.Fatal(err)
		}
		want[name] = c.SHA256()
		urls = append(urls, n.base+"/small/"+name)
	}
	out := t.TempDir()
	r := runSlget(t, append([]string{"-j", "8", "--ca-certificate", n.ca, "--progress=none", "--verbose", "-d", out}, urls...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for name, sum := range want {
		if got := fileSHA(t, filepath.Join(out, name)); got != sum {
			t.Errorf("%s: SHA-256 %s, want %s", name, got, sum)
		}
	}
	reqs := n.requests(t, "/small/")
	if len(reqs) < files {
		t.Fatalf("nginx logged %d requests for %d files", len(reqs), files)
	}
	conns := map[string]bool{}
	for _, q := range reqs {
		if q.proto != "HTTP/2.0" {
			t.Errorf("%s over %s, want HTTP/2.0", q.uri, q.proto)
		}
		conns[q.conn] = true
	}
	if len(conns) >= 8 {
		t.Errorf("%d files on %d connections: want them multiplexed on fewer than the 8 downloads at once", files, len(conns))
	}
	t.Logf("%d requests on %d connection(s)", len(reqs), len(conns))
	if c := strings.Count(r.stderr, ": HTTP/2\n"); c != files {
		t.Errorf("--verbose said HTTP/2 for %d downloads, want %d", c, files)
	}
}

// A big file with -x 4: by default its ranges go over HTTP/1.1 on
// connections of their own (the probe over HTTP/2); with --http2-streams
// as streams of one HTTP/2 connection; with --http2=false nothing is
// HTTP/2. --verbose says which.
func TestNginxHTTP2BigFile(t *testing.T) {
	n := startH2Nginx(t)
	c := fetchtest.Content{Size: 6<<20 + 333, Seed: 26}
	if err := os.WriteFile(filepath.Join(n.www, "big.bin"), c.Bytes(0, c.Size), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		args      []string
		said      string
		json      string // the start of --json's "protocol"
		probe     string // the protocol of the first request
		ranges    string // of the others
		manyConns bool   // the ranges on several connections
	}{
		{"default", nil, "HTTP/1.1 for the ranges, 4 connections of their own", `"protocol":"HTTP/1.1 for the ranges`, "HTTP/2.0", "HTTP/1.1", true},
		{"streams", []string{"--http2-streams"}, "HTTP/2, the ranges as 4 streams of one connection", `"protocol":"HTTP/2, the ranges`, "HTTP/2.0", "HTTP/2.0", false},
		{"http1.1", []string{"--http2=false"}, ": HTTP/1.1\n", `"protocol":"HTTP/1.1"`, "HTTP/1.1", "HTTP/1.1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Truncate(n.log, 0)
			out := t.TempDir()
			args := append([]string{"-x", "4", "--ca-certificate", n.ca, "--progress=none", "--verbose", "--json", "-d", out}, tc.args...)
			r := runSlget(t, append(args, n.base+"/big.bin")...)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if got := fileSHA(t, filepath.Join(out, "big.bin")); got != c.SHA256() {
				t.Fatalf("SHA-256 %s, want %s", got, c.SHA256())
			}
			if !strings.Contains(r.stderr, tc.said) {
				t.Errorf("--verbose said %q, want %q in it", r.stderr, tc.said)
			}
			if !strings.Contains(r.stdout, tc.json) {
				t.Errorf("--json said %s, want %s in it", r.stdout, tc.json)
			}
			reqs := n.requests(t, "/big.bin")
			if len(reqs) < 3 {
				t.Fatalf("%d requests logged, want the probe and several ranges", len(reqs))
			}
			if reqs[0].proto != tc.probe {
				t.Errorf("first request over %s, want %s", reqs[0].proto, tc.probe)
			}
			conns := map[string]bool{}
			for _, q := range reqs[1:] {
				if q.proto != tc.ranges && q.status != "200" { // a HEAD at the end may reuse the probe's connection
					t.Errorf("a range over %s, want %s", q.proto, tc.ranges)
				}
				if q.proto == tc.ranges {
					conns[q.conn] = true
				}
			}
			if tc.manyConns != (len(conns) > 1) {
				t.Errorf("ranges on %d connection(s); want several: %v", len(conns), tc.manyConns)
			}
		})
	}
}
