// Test helpers of the peer server: a running peer in front of test origins,
// clients that use it as a proxy, raw requests, and origins of fixed bytes.

package peer

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

// peer is a Server listening on loopback, stopped when the test ends.
type peer struct {
	srv    *Server
	store  *localcache.Store
	url    string // http://127.0.0.1:PORT
	addr   string
	client *http.Client // uses the peer as its proxy

	cancel   context.CancelFunc // ends Serve's context: a test may stop the peer early
	served   chan struct{}      // closed when Serve has returned
	serveErr error              // what Serve returned, once served is closed
}

// testLog sends a server's logs to the test's log.
type testLog struct {
	mu sync.Mutex
	t  testing.TB
	on bool
}

func (l *testLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.on {
		l.t.Logf("%s", bytes.TrimRight(b, "\n"))
	}
	return len(b), nil
}

// startPeer opens a cache (opts, NoSync unless set otherwise by the
// caller) and serves it with cfg; cfg.Store is filled in, and cfg.Allow
// defaults to the hosts of allow.
func startPeer(t testing.TB, cfg Config, opts *localcache.Options) *peer {
	t.Helper()
	if opts == nil {
		opts = fast(localcache.Options{})
	}
	st := openStore(t, opts)
	return servePeer(t, cfg, st)
}

// servePeer serves st with cfg; setup, if any, changes the server before
// it serves.
func servePeer(t testing.TB, cfg Config, st *localcache.Store, setup ...func(*Server)) *peer {
	t.Helper()
	cfg.Store = st
	if cfg.Client.Getenv == nil {
		cfg.Client.Getenv = func(string) string { return "" } // no proxy from the environment
	}
	if cfg.Logger == nil {
		tl := &testLog{t: t, on: true}
		cfg.Logger = slog.New(slog.NewTextHandler(tl, &slog.HandlerOptions{Level: slog.LevelInfo}))
		t.Cleanup(func() {
			tl.mu.Lock()
			tl.on = false
			tl.mu.Unlock()
		})
	}
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range setup {
		f(srv)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &peer{srv: srv, store: st, addr: ln.Addr().String(), url: "http://" + ln.Addr().String(),
		cancel: cancel, served: make(chan struct{})}
	go func() {
		p.serveErr = srv.Serve(ctx, ln)
		close(p.served)
	}()
	pu, _ := url.Parse(p.url)
	tr := &http.Transport{Proxy: http.ProxyURL(pu), DisableCompression: true, MaxIdleConnsPerHost: 64}
	p.client = &http.Client{Transport: tr, Timeout: 2 * time.Minute}
	t.Cleanup(func() {
		tr.CloseIdleConnections()
		cancel()
		<-p.served
		if p.serveErr != nil {
			t.Errorf("Serve: %v", p.serveErr)
		}
	})
	return p
}

// allowOrigin is the host:port of a test origin's URL, for Config.Allow.
func allowOrigin(rawURL string) string {
	u, _ := url.Parse(rawURL)
	return u.Host
}

// get asks the peer for rawURL with the headers given as "Name: value".
func (p *peer) get(t testing.TB, rawURL string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, rawURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	resp, err := p.client.Do(req)
	if err != nil {
		t.Fatalf("GET %s through the peer: %v", rawURL, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s through the peer: reading the body: %v", rawURL, err)
	}
	return resp, body
}

// raw sends one request, written as given (request line, headers, blank
// line), to addr and returns the response. The Host header is added when
// missing.
func raw(t testing.TB, addr, requestLine string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(30 * time.Second))
	var b strings.Builder
	b.WriteString(requestLine + "\r\n")
	hasHost := false
	for _, h := range headers {
		hasHost = hasHost || strings.HasPrefix(strings.ToLower(h), "host:")
		b.WriteString(h + "\r\n")
	}
	if !hasHost {
		b.WriteString("Host: example\r\n")
	}
	b.WriteString("Connection: close\r\n\r\n")
	if _, err := io.WriteString(c, b.String()); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("%q: reading the response: %v", requestLine, err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, body
}

// contentRange returns bytes [start, end) of c.
func contentRange(t testing.TB, c fetchtest.Content, start, end int64) []byte {
	t.Helper()
	b := make([]byte, end-start)
	if _, err := c.ReadAt(b, start); err != nil && err != io.EOF {
		t.Fatal(err)
	}
	return b
}

func shaHex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// fileRequests are the requests of the origin's log for its file, the
// probes (bytes=0-0) apart.
func fileRequests(o *fetchtest.Server) (fills, probes []fetchtest.Request) {
	for _, r := range o.Requests() {
		switch {
		case r.Range == "bytes=0-0":
			probes = append(probes, r)
		default:
			fills = append(fills, r)
		}
	}
	return fills, probes
}

// covering are the requests among rs whose range holds byte off.
func covering(rs []fetchtest.Request, off int64) []fetchtest.Request {
	var out []fetchtest.Request
	for _, r := range rs {
		if r.Start <= off && (r.End > off || r.Open || r.Start < 0) {
			out = append(out, r)
		}
	}
	return out
}

// bytesOrigin is an HTTP origin of fixed bytes built on http.ServeContent
// (Range, If-Match, If-Range as net/http does them), with a strong ETag,
// that counts the requests it answers.
type bytesOrigin struct {
	*httptest.Server
	mu       sync.Mutex
	data     []byte
	etag     string
	ctype    string
	requests int
}

func newBytesOrigin(t testing.TB, data []byte, ctype string) *bytesOrigin {
	o := &bytesOrigin{data: data, ctype: ctype, etag: fmt.Sprintf(`"%.16s"`, shaHex(data))}
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		o.requests++
		data, etag := o.data, o.etag
		o.mu.Unlock()
		w.Header().Set("ETag", etag)
		w.Header().Set("Content-Type", o.ctype)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
	}))
	t.Cleanup(o.Close)
	return o
}

// testClientOptions are ClientOptions that ignore the environment's
// proxies.
func testClientOptions() fetch.ClientOptions {
	return fetch.ClientOptions{Getenv: func(string) string { return "" }}
}

// metricsText is the peer's GET /metrics.
func (p *peer) metricsText(t testing.TB, headers ...string) (int, string) {
	t.Helper()
	hdr := append([]string{"Host: " + p.addr}, headers...)
	resp, body := raw(t, p.addr, "GET /metrics HTTP/1.1", hdr...)
	return resp.StatusCode, string(body)
}

// counterValue is the sum of the samples of metric name (all labels) in
// the peer's /metrics.
func counterValue(t testing.TB, p *peer, name string) float64 {
	t.Helper()
	_, text := p.metricsText(t)
	var sum float64
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, name+" ") && !strings.HasPrefix(line, name+"{") {
			continue
		}
		f := strings.Fields(line)
		var v float64
		fmt.Sscan(f[len(f)-1], &v)
		sum += v
	}
	return sum
}
