// Tests of connection set-up against misbehaving peers on loopback: every
// phase ends within its limit with a *PhaseError that names the phase and
// the proxy; and downloads through working SOCKS5 and HTTP proxies.

package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// limit is the connect or header limit of the hang tests: short, so that
// the tests are quick, and the bound they check is generous beside it.
const limit = 300 * time.Millisecond

// probeFails probes url with a client of o and returns the error, failing
// the test if the probe succeeds or takes far longer than limit.
func probeFails(t *testing.T, o fetch.ClientOptions, url string) error {
	t.Helper()
	c, err := fetch.NewClient(o)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	start := time.Now()
	p, err := c.Probe(ctx, url, 64*kib)
	if err == nil {
		p.Body.Close()
		t.Fatalf("probe of %s succeeded", url)
	}
	// Without a bound these hang for minutes or for ever; the margin is for
	// a loaded machine, not a speed target.
	if el := time.Since(start); el > limit+5*time.Second {
		t.Errorf("probe of %s took %v with a limit of %v", url, el, limit)
	}
	return err
}

// wantPhase checks that err is a *PhaseError of phase through proxy
// (a URL, "" for direct) whose message contains msg. A timeout (limit
// ran out) must be a retryable timeout; anything else must not claim to be
// a timeout.
func wantPhase(t *testing.T, err error, phase fetch.Phase, proxy string, timedOut bool, msg string) *fetch.PhaseError {
	t.Helper()
	var pe *fetch.PhaseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *fetch.PhaseError", err, err)
	}
	if pe.Phase != phase || pe.Proxy != proxy {
		t.Errorf("phase %v through %q, want %v through %q: %v", pe.Phase, pe.Proxy, phase, proxy, err)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Errorf("message %q does not say %q", err, msg)
	}
	if strings.Contains(err.Error(), "context deadline exceeded") {
		t.Errorf("message %q speaks of a context", err)
	}
	if timedOut {
		if pe.Limit != limit || !fetch.IsTimeout(err) || !fetch.Retryable(err) {
			t.Errorf("limit %v, IsTimeout %v, Retryable %v; want %v, true, true: %v", pe.Limit, fetch.IsTimeout(err), fetch.Retryable(err), limit, err)
		}
	} else if pe.Limit != 0 || fetch.IsTimeout(err) {
		t.Errorf("limit %v, IsTimeout %v for a failure that is no timeout: %v", pe.Limit, fetch.IsTimeout(err), err)
	}
	return pe
}

// A SOCKS5 proxy that accepts and never answers: the handshake ends at the
// connect limit (it used to hang for ever), for http:// and https://.
func TestSOCKS5ProxyNeverAnswers(t *testing.T) {
	proxy := silentPeer(t)
	for _, target := range []string{"http://127.0.0.1:9/f", "https://127.0.0.1:9/f"} {
		err := probeFails(t, fetch.ClientOptions{ConnectTimeout: limit, Proxy: "socks5://" + proxy}, target)
		wantPhase(t, err, fetch.PhaseSOCKS, "socks5://"+proxy, true,
			"connecting to 127.0.0.1:9 through SOCKS5 proxy "+proxy+": the proxy did not answer the SOCKS handshake within 300ms")
	}
}

// An HTTP server named as a SOCKS5 proxy. A real one (net/http) waits for a
// request line that never comes: a timeout at the limit. One that answers
// at once: a final error that says it speaks HTTP.
func TestSOCKS5ProxyIsHTTPServer(t *testing.T) {
	waiting := startHTTPProxy(t, &httpProxy{}) // a Go HTTP server
	addr := strings.TrimPrefix(waiting.URL, "http://")
	err := probeFails(t, fetch.ClientOptions{ConnectTimeout: limit, Proxy: "socks5://" + addr}, "http://127.0.0.1:9/f")
	wantPhase(t, err, fetch.PhaseSOCKS, "socks5://"+addr, true, "the proxy did not answer the SOCKS handshake within 300ms")

	answering := httpAnswerPeer(t)
	err = probeFails(t, fetch.ClientOptions{ConnectTimeout: 10 * time.Second, Proxy: "socks5://" + answering}, "http://127.0.0.1:9/f")
	wantPhase(t, err, fetch.PhaseSOCKS, "socks5://"+answering, false,
		"SOCKS5 handshake: the proxy answered 0x48 ('H'), not SOCKS version 5: it answered like an HTTP server; if it is an HTTP proxy, name it http://HOST:PORT")
	if fetch.Retryable(err) {
		t.Errorf("a proxy of the wrong protocol is retryable: %v", err)
	}
}

// An HTTP proxy that never answers CONNECT: the https:// request ends at the
// connect limit (Go's own CONNECT took a fixed minute).
func TestCONNECTNeverAnswered(t *testing.T) {
	proxy := silentPeer(t)
	err := probeFails(t, fetch.ClientOptions{ConnectTimeout: limit, Timeout: time.Minute, Proxy: "http://" + proxy}, "https://127.0.0.1:9/f")
	wantPhase(t, err, fetch.PhaseCONNECT, "http://"+proxy, true,
		"connecting to 127.0.0.1:9 through HTTP proxy "+proxy+": the proxy did not answer CONNECT within 300ms")
}

// An HTTP proxy that never answers a plain http:// request: the wait for
// headers ends at Timeout, and says so.
func TestHTTPProxyNeverAnswersHeaders(t *testing.T) {
	proxy := silentPeer(t)
	err := probeFails(t, fetch.ClientOptions{ConnectTimeout: time.Minute, Timeout: limit, Proxy: proxy}, "http://127.0.0.1:9/f")
	wantPhase(t, err, fetch.PhaseHeaders, "http://"+proxy, true,
		"waiting for the response headers from 127.0.0.1:9 through HTTP proxy "+proxy+": none came within 300ms")
}

// An HTTP proxy that closes the connection on a plain http:// request:
// the error names the proxy, not only "EOF", which would point at the
// server.
func TestHTTPProxyClosesNamesTheProxy(t *testing.T) {
	proxy := serve(t, func(c net.Conn) {
		var b [1024]byte
		c.Read(b[:])
	})
	err := probeFails(t, fetch.ClientOptions{ConnectTimeout: time.Minute, Timeout: time.Minute, Proxy: proxy}, "http://127.0.0.1:9/f")
	if want := "(through the proxy http://" + proxy + ")"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
	if !fetch.Retryable(err) {
		t.Errorf("error %q is no longer retryable", err)
	}
}

// A server that accepts and never answers the TLS ClientHello.
func TestTLSHandshakeNeverAnswered(t *testing.T) {
	srv := silentPeer(t)
	err := probeFails(t, fetch.ClientOptions{ConnectTimeout: limit}, "https://"+srv+"/f")
	wantPhase(t, err, fetch.PhaseTLS, "", true, "connecting to "+srv+": the server did not finish the TLS handshake within 300ms")
}

// A DNS server that never answers: the lookup ends at the connect limit.
func TestDNSNeverAnswers(t *testing.T) {
	err := probeFails(t, fetch.ClientOptions{ConnectTimeout: limit, Resolver: silentDNS(t)}, "http://never.test/f")
	wantPhase(t, err, fetch.PhaseDNS, "", true, "connecting to never.test:80: the DNS lookup of never.test got no answer within 300ms")
	// Through a socks5:// proxy the name is looked up here too, first.
	proxy := silentPeer(t)
	err = probeFails(t, fetch.ClientOptions{ConnectTimeout: limit, Resolver: silentDNS(t), Proxy: "socks5://" + proxy}, "https://never.test/f")
	wantPhase(t, err, fetch.PhaseDNS, "socks5://"+proxy, true, "the DNS lookup of never.test got no answer within 300ms")
}

// A refused TCP connection to a proxy is a retryable TCP-phase error that
// names the proxy.
func TestProxyRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	err = probeFails(t, fetch.ClientOptions{ConnectTimeout: limit, Proxy: "socks5h://" + addr}, "https://example.com/f")
	wantPhase(t, err, fetch.PhaseTCP, "socks5h://"+addr, false, "connecting to example.com:443 through SOCKS5 proxy "+addr+": TCP connect: ")
	if !fetch.Retryable(err) {
		t.Errorf("refused connection to the proxy is not retryable: %v", err)
	}
}

// A CONNECT refused by the proxy carries its status: 407 is final, 502
// retryable.
func TestCONNECTRefused(t *testing.T) {
	for _, tc := range []struct {
		status    int
		retryable bool
	}{{http.StatusProxyAuthRequired, false}, {http.StatusForbidden, false}, {http.StatusBadGateway, true}} {
		p := startHTTPProxy(t, &httpProxy{status: tc.status})
		err := probeFails(t, fetch.ClientOptions{ConnectTimeout: 5 * time.Second, Proxy: p.URL}, "https://example.com/f")
		wantPhase(t, err, fetch.PhaseCONNECT, p.URL, false, fmt.Sprintf("the proxy answered CONNECT with %d %s", tc.status, http.StatusText(tc.status)))
		var he *fetch.HTTPError
		if !errors.As(err, &he) || he.Status != tc.status || fetch.Retryable(err) != tc.retryable {
			t.Errorf("CONNECT answered %d: %v, retryable %v", tc.status, err, fetch.Retryable(err))
		}
	}
}

// A SOCKS5 proxy that cannot connect says why, and the reply decides.
func TestSOCKS5Replies(t *testing.T) {
	for _, tc := range []struct {
		reply     byte
		msg       string
		retryable bool
	}{
		{2, "connection not allowed by ruleset", false},
		{5, "connection refused", true},
		{4, "host unreachable", true},
		{7, "command not supported", false},
	} {
		p := startSOCKS5(t, &socksProxy{reply: tc.reply})
		err := probeFails(t, fetch.ClientOptions{ConnectTimeout: 5 * time.Second, Proxy: "socks5h://" + p.Addr}, "https://example.com/f")
		wantPhase(t, err, fetch.PhaseSOCKS, "socks5h://"+p.Addr, false, "SOCKS5 handshake: the proxy could not connect: "+tc.msg)
		if fetch.Retryable(err) != tc.retryable {
			t.Errorf("reply %d: retryable %v, want %v", tc.reply, fetch.Retryable(err), tc.retryable)
		}
	}
	// A proxy that wants credentials, given none, or the wrong ones.
	p := startSOCKS5(t, &socksProxy{user: "u", pass: "p"})
	err := probeFails(t, fetch.ClientOptions{ConnectTimeout: 5 * time.Second, Proxy: "socks5h://" + p.Addr}, "https://example.com/f")
	wantPhase(t, err, fetch.PhaseSOCKS, "socks5h://"+p.Addr, false, "give a user name and password in the proxy URL")
	err = probeFails(t, fetch.ClientOptions{ConnectTimeout: 5 * time.Second, Proxy: "socks5h://u:wrong@" + p.Addr}, "https://example.com/f")
	wantPhase(t, err, fetch.PhaseSOCKS, "socks5h://"+p.Addr, false, "the proxy refused the user name and password")
	if strings.Contains(err.Error(), "wrong") {
		t.Errorf("the message shows the password: %v", err)
	}
}

// fetchThrough downloads url with c over three connections and checks the
// bytes against want.
func fetchThrough(t *testing.T, c *fetch.Client, url string, want fetchtest.Content) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	const slice = 64 * kib
	p, err := c.Probe(ctx, url, slice)
	if err != nil {
		t.Fatalf("probe of %s: %v", url, err)
	}
	if !p.Ranged || p.Validator.Size != want.Size {
		p.Body.Close()
		t.Fatalf("probe of %s: ranged %v, size %d", url, p.Ranged, p.Validator.Size)
	}
	plan, err := segment.NewPlan(p.Validator.Size, slice)
	if err != nil {
		t.Fatal(err)
	}
	out := newMemFile(p.Validator.Size, &want)
	if err := fetch.NewDownloader(fetch.Config{Connections: 3}, plan, nil, fetch.NewOrigin(c, p), out).Run(ctx, p.Body); err != nil {
		t.Fatalf("download of %s: %v", url, err)
	}
	if got := out.sum(); got != want.SHA256() {
		t.Errorf("%s: SHA-256 %s, want %s", url, got, want.SHA256())
	}
	if bad := out.badWrites(); len(bad) > 0 {
		t.Errorf("%s: %d writes of wrong bytes", url, len(bad))
	}
}

func newProxyClient(t *testing.T, o fetch.ClientOptions) *fetch.Client {
	t.Helper()
	if o.ConnectTimeout == 0 {
		o.ConnectTimeout = 5 * time.Second
	}
	o.Connections = 3
	c, err := fetch.NewClient(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.CloseIdle)
	return c
}

// Downloads through a working HTTP proxy: https:// by CONNECT, with the
// client's User-Agent and credentials on it and the name resolved by the
// proxy; http:// as absolute-form requests.
func TestDownloadThroughHTTPProxy(t *testing.T) {
	content := fetchtest.Content{Size: 700 * kib, Seed: 11}
	origin := startTLSOrigin(t, content)
	p := startHTTPProxy(t, &httpProxy{hosts: map[string]string{"example.com": "127.0.0.1"}})
	proxyURL := strings.Replace(p.URL, "http://", "http://alice:s3cret@", 1)
	c := newProxyClient(t, fetch.ClientOptions{Proxy: proxyURL, UserAgent: "test-agent/1", TLSConfig: origin.tlsConfig()})
	fetchThrough(t, c, "https://example.com:"+origin.port()+"/file.bin", content)
	reqs := p.requests()
	if len(reqs) == 0 {
		t.Fatal("the proxy saw no CONNECT")
	}
	for _, r := range reqs {
		if r.Method != http.MethodConnect || r.Target != "example.com:"+origin.port() {
			t.Errorf("proxy saw %s %s, want CONNECT example.com:%s", r.Method, r.Target, origin.port())
		}
		if r.UserAgent != "test-agent/1" {
			t.Errorf("CONNECT carried User-Agent %q, want test-agent/1", r.UserAgent)
		}
		if r.Auth != "Basic YWxpY2U6czNjcmV0" { // alice:s3cret
			t.Errorf("CONNECT carried Proxy-Authorization %q", r.Auth)
		}
	}

	// An https:// proxy: TLS to the proxy, then CONNECT inside it.
	tp := &httpProxy{hosts: map[string]string{"example.com": "127.0.0.1"}}
	tlsProxy := httptest.NewTLSServer(http.HandlerFunc(tp.handle))
	t.Cleanup(tlsProxy.Close)
	tc := newProxyClient(t, fetch.ClientOptions{Proxy: tlsProxy.URL, TLSConfig: origin.tlsConfig()}) // the same test CA
	fetchThrough(t, tc, "https://example.com:"+origin.port()+"/file.bin", content)
	if reqs := tp.requests(); len(reqs) == 0 || reqs[0].Method != http.MethodConnect {
		t.Errorf("the https:// proxy saw %+v, want CONNECTs", reqs)
	}

	// Plain http:// through the same proxy, as absolute-form GETs.
	srv := fetchtest.NewServer(t, fetchtest.WithSize(content.Size), fetchtest.WithSeed(content.Seed))
	p2 := startHTTPProxy(t, &httpProxy{})
	c2 := newProxyClient(t, fetch.ClientOptions{Proxy: strings.TrimPrefix(p2.URL, "http://")}) // HOST:PORT means http://
	fetchThrough(t, c2, srv.FileURL(), srv.Content())
	gets := p2.requests()
	if n := len(fileGets(srv.Requests(), "/file.bin")); n == 0 || len(gets) != n {
		t.Errorf("proxy saw %d requests, origin %d", len(gets), n)
	}
	for _, r := range gets {
		if r.Method != http.MethodGet || r.Target != srv.FileURL() {
			t.Errorf("proxy saw %s %s, want GET %s", r.Method, r.Target, srv.FileURL())
		}
	}

	// Plain http:// through the https:// proxy: absolute-form inside TLS.
	before := len(tp.requests())
	fetchThrough(t, tc, srv.FileURL(), srv.Content())
	for _, r := range tp.requests()[before:] {
		if r.Method != http.MethodGet || r.Target != srv.FileURL() {
			t.Errorf("the https:// proxy saw %s %s, want GET %s", r.Method, r.Target, srv.FileURL())
		}
	}
	if len(tp.requests()) == before {
		t.Error("the https:// proxy saw no GET")
	}
}

// Downloads through a working SOCKS5 proxy: socks5:// sends the address it
// resolved here, socks5h:// sends the name; both for http:// and https://,
// with credentials when the proxy asks for them.
func TestDownloadThroughSOCKS5(t *testing.T) {
	content := fetchtest.Content{Size: 600 * kib, Seed: 12}
	origin := startTLSOrigin(t, content)
	srv := fetchtest.NewServer(t, fetchtest.WithSize(content.Size), fetchtest.WithSeed(content.Seed))
	_, srvPort, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	for _, tc := range []struct {
		scheme, url string
		wantType    byte
		wantHost    string
	}{
		{"socks5h", "https://example.com:" + origin.port() + "/file.bin", 3, "example.com"},
		{"socks5", "https://127.0.0.1:" + origin.port() + "/file.bin", 1, "127.0.0.1"},
		{"socks5h", "http://example.com:" + srvPort + "/file.bin", 3, "example.com"},
		{"socks5", "http://localhost:" + srvPort + "/file.bin", 1, "127.0.0.1"}, // looked up here
	} {
		p := startSOCKS5(t, &socksProxy{hosts: map[string]string{"example.com": "127.0.0.1"}, user: "bob", pass: "pw"})
		c := newProxyClient(t, fetch.ClientOptions{Proxy: tc.scheme + "://bob:pw@" + p.Addr, TLSConfig: origin.tlsConfig()})
		fetchThrough(t, c, tc.url, content)
		reqs := p.requests()
		if len(reqs) == 0 {
			t.Fatalf("%s %s: the proxy saw no request", tc.scheme, tc.url)
		}
		for _, r := range reqs {
			if r.AddrType != tc.wantType || r.Host != tc.wantHost || r.User != "bob" {
				t.Errorf("%s %s: proxy asked for type %d host %q as %q, want type %d host %q as bob",
					tc.scheme, tc.url, r.AddrType, r.Host, r.User, tc.wantType, tc.wantHost)
			}
		}
	}
}

// Proxies from the environment, as curl takes them: a proxy for
// 127.0.0.1 is used (Go's ProxyFromEnvironment skips loopback), and only
// no_proxy turns it off.
func TestEnvironmentProxy(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(300*kib))
	p := startHTTPProxy(t, &httpProxy{})
	env := map[string]string{"http_proxy": p.URL}
	c := newProxyClient(t, fetch.ClientOptions{Getenv: func(k string) string { return env[k] }})
	fetchThrough(t, c, srv.FileURL(), srv.Content())
	if len(p.requests()) == 0 {
		t.Error("http_proxy was not used for 127.0.0.1")
	}

	before := len(p.requests())
	env = map[string]string{"http_proxy": p.URL, "no_proxy": "localhost,127.0.0.0/8"}
	c = newProxyClient(t, fetch.ClientOptions{Getenv: func(k string) string { return env[k] }})
	fetchThrough(t, c, srv.FileURL(), srv.Content())
	if n := len(p.requests()); n != before {
		t.Errorf("no_proxy=127.0.0.0/8, yet the proxy saw %d more requests", n-before)
	}

	// HTTP_PROXY in upper case is not read (curl's rule); a bad proxy
	// variable fails the requests that would use it, with its name.
	env = map[string]string{"HTTP_PROXY": "http://127.0.0.1:9", "https_proxy": "ftp://x"}
	c = newProxyClient(t, fetch.ClientOptions{Getenv: func(k string) string { return env[k] }})
	fetchThrough(t, c, srv.FileURL(), srv.Content())
	_, err := c.Probe(t.Context(), "https://127.0.0.1:9/f", 64*kib)
	if err == nil || !strings.Contains(err.Error(), "$https_proxy") || fetch.Retryable(err) {
		t.Errorf("bad https_proxy: %v", err)
	}
}
