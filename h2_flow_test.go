// HTTP/2 tried through Client.Do against a TLS server that takes h2 by
// ALPN: by default the probe goes over HTTP/2 and the ranges over HTTP/1.1
// connections of their own; with HTTP2Streams as streams of one HTTP/2
// connection; with NoHTTP2 nothing is HTTP/2. Result.Protocol says which.
// (cmd/slget's h2nginx_test.go tries the same against a real nginx.)

package slget_test

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// h2Seen is one request an h2 origin answered: its protocol and client
// connection.
type h2Seen struct{ proto, conn, method string }

func TestHTTP2ProtocolOfTheRanges(t *testing.T) {
	content := fetchtest.Content{Size: 6<<20 + 333, Seed: 26}
	body := content.Bytes(0, content.Size)
	var mu sync.Mutex
	var seen []h2Seen
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, h2Seen{r.Proto, r.RemoteAddr, r.Method})
		mu.Unlock()
		w.Header().Set("ETag", `"v26"`)
		http.ServeContent(w, r, "big.bin", time.Unix(1e9, 0), bytes.NewReader(body))
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	t.Cleanup(srv.Close)
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())

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
			mu.Lock()
			seen = nil
			mu.Unlock()
			hc, err := slget.NewHTTPClient(slget.HTTPOptions{TLSConfig: &tls.Config{RootCAs: roots}, NoHTTP2: tc.noH2})
			if err != nil {
				t.Fatal(err)
			}
			c := newClient(t, &slget.Client{HTTP: hc, Connections: 4, Slice: 256 << 10, HTTP2Streams: tc.streams})
			path := filepath.Join(t.TempDir(), "big.bin")
			res, err := c.Do(t.Context(), &slget.Request{URL: srv.URL + "/big.bin", Path: path})
			if err != nil {
				t.Fatal(err)
			}
			if fileSHA256(path) != content.SHA256() {
				t.Fatal("not the file's bytes")
			}
			if !strings.HasPrefix(res.Protocol, tc.protocol) || tc.noH2 && res.Protocol != tc.protocol {
				t.Errorf("Result.Protocol %q, want %q", res.Protocol, tc.protocol)
			}
			mu.Lock()
			log := append([]h2Seen(nil), seen...)
			mu.Unlock()
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
