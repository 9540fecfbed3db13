// HTTP/2 tried through Client.Do against a TLS server that takes h2 by
// ALPN: by default the probe goes over HTTP/2 and the ranges over HTTP/1.1
// connections of their own; with HTTP2Streams as streams of one HTTP/2
// connection; with NoHTTP2 nothing is HTTP/2; small files at once share
// connections. Result.Protocol says which. (cmd/slget's TestNginxHTTP2SmallFiles
// tries the same against a real nginx.)

package slget_test

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"golang.org/x/sync/errgroup"
)

// h2Seen is one request an h2 origin answered: its protocol and client
// connection.
type h2Seen struct{ proto, conn, method, path string }

// h2Origin is an httptest TLS server taking h2 by ALPN, serving files by
// path with ranges and a strong ETag, and logging every request.
type h2Origin struct {
	srv   *httptest.Server
	files map[string]fetchtest.Content
	mu    sync.Mutex
	seen  []h2Seen
}

func newH2Origin(t *testing.T, files map[string]fetchtest.Content) *h2Origin {
	o := &h2Origin{files: files}
	o.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		o.seen = append(o.seen, h2Seen{r.Proto, r.RemoteAddr, r.Method, r.URL.Path})
		o.mu.Unlock()
		c, ok := o.files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("ETag", fmt.Sprintf(`"%x"`, c.Seed))
		http.ServeContent(w, r, r.URL.Path, time.Unix(1e9, 0), bytes.NewReader(c.Bytes(0, c.Size)))
	}))
	o.srv.EnableHTTP2 = true
	o.srv.StartTLS()
	t.Cleanup(o.srv.Close)
	return o
}

// client is a Client trusting o, with HTTP/2 offered unless noH2.
func (o *h2Origin) client(t *testing.T, c *slget.Client, noH2 bool) *slget.Client {
	t.Helper()
	roots := x509.NewCertPool()
	roots.AddCert(o.srv.Certificate())
	hc, err := slget.NewHTTPClient(slget.HTTPOptions{TLSConfig: &tls.Config{RootCAs: roots}, NoHTTP2: noH2})
	if err != nil {
		t.Fatal(err)
	}
	c.HTTP = hc
	return newClient(t, c)
}

// log returns the requests since the last call, and forgets them.
func (o *h2Origin) log() []h2Seen {
	o.mu.Lock()
	defer o.mu.Unlock()
	s := o.seen
	o.seen = nil
	return s
}

func TestHTTP2ProtocolOfTheRanges(t *testing.T) {
	content := fetchtest.Content{Size: 6<<20 + 333, Seed: 26}
	o := newH2Origin(t, map[string]fetchtest.Content{"/big.bin": content})
	for _, tc := range []struct {
		name      string
		streams   bool // Client.HTTP2Streams
		noH2      bool // HTTPOptions.NoHTTP2
		protocol  string
		probe     string // the protocol of the first request
		ranges    string // of the other GETs
		manyConns bool   // the ranges on several connections
	}{
		{"default", false, false, "HTTP/1.1 for the ranges, 4 connections of their own", "HTTP/2.0", "HTTP/1.1", true},
		{"streams", true, false, "HTTP/2, the ranges as 4 streams of one connection", "HTTP/2.0", "HTTP/2.0", false},
		{"no HTTP/2", false, true, "HTTP/1.1", "HTTP/1.1", "HTTP/1.1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o.log()
			c := o.client(t, &slget.Client{Connections: 4, Slice: 256 << 10, HTTP2Streams: tc.streams}, tc.noH2)
			path := filepath.Join(t.TempDir(), "big.bin")
			res, err := c.Do(t.Context(), &slget.Request{URL: o.srv.URL + "/big.bin", Path: path})
			if err != nil {
				t.Fatal(err)
			}
			if fileSHA256(path) != content.SHA256() {
				t.Fatal("not the file's bytes")
			}
			if !strings.HasPrefix(res.Protocol, tc.protocol) || tc.noH2 && res.Protocol != tc.protocol {
				t.Errorf("Result.Protocol %q, want %q", res.Protocol, tc.protocol)
			}
			log := o.log()
			if len(log) < 3 || log[0].proto != tc.probe {
				t.Fatalf("requests %v: want the probe over %s and several ranges", log, tc.probe)
			}
			conns := map[string]bool{}
			for _, q := range log[1:] {
				if q.method != http.MethodGet {
					continue // the HEAD after the last byte may reuse the probe's connection
				}
				if q.proto != tc.ranges {
					t.Errorf("a range over %s, want %s", q.proto, tc.ranges)
				}
				conns[q.conn] = true
			}
			if tc.manyConns != (len(conns) > 1) {
				t.Errorf("ranges on %d connection(s); want several: %v", len(conns), tc.manyConns)
			}
		})
	}
}

// Forty small files from one host, eight downloads at once through one
// Client: every request over HTTP/2, on fewer connections than downloads
// at once, every file's bytes right.
func TestHTTP2SmallFilesShareConnections(t *testing.T) {
	const files, atOnce = 40, 8
	want := map[string]fetchtest.Content{}
	for i := range files {
		want[fmt.Sprintf("/small/f%02d.bin", i)] = fetchtest.Content{Size: 64 << 10, Seed: uint64(100 + i)}
	}
	o := newH2Origin(t, want)
	c := o.client(t, &slget.Client{Connections: 4}, false)
	dir := t.TempDir()
	var g errgroup.Group
	g.SetLimit(atOnce)
	var mu sync.Mutex
	protocols := map[string]int{}
	for name, content := range want {
		g.Go(func() error {
			path := filepath.Join(dir, filepath.Base(name))
			res, err := c.Do(t.Context(), &slget.Request{URL: o.srv.URL + name, Path: path})
			if err != nil {
				return err
			}
			if fileSHA256(path) != content.SHA256() {
				return fmt.Errorf("%s: not the file's bytes", name)
			}
			mu.Lock()
			protocols[res.Protocol]++
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	if protocols["HTTP/2"] != files {
		t.Errorf("Result.Protocol of the %d files: %v, want HTTP/2 for each", files, protocols)
	}
	log := o.log()
	if len(log) < files {
		t.Fatalf("%d requests for %d files", len(log), files)
	}
	conns := map[string]bool{}
	for _, q := range log {
		if q.proto != "HTTP/2.0" {
			t.Errorf("%s %s over %s, want HTTP/2.0", q.method, q.path, q.proto)
		}
		conns[q.conn] = true
	}
	if len(conns) >= atOnce {
		t.Errorf("%d files on %d connections: want them multiplexed on fewer than the %d downloads at once", files, len(conns), atOnce)
	}
}
