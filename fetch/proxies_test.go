// Test proxies and misbehaving peers on loopback: a SOCKS5 proxy, an HTTP
// proxy (CONNECT and absolute-form GET), a peer that never answers, one
// that answers HTTP to anything, an HTTPS origin.

package fetch_test

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// conns tracks the connections a test peer holds, to close them all at the
// end of the test.
type conns struct {
	mu sync.Mutex
	m  map[net.Conn]bool
}

func (c *conns) add(n net.Conn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[net.Conn]bool{}
	}
	c.m[n] = true
}

func (c *conns) closeAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for n := range c.m {
		n.Close()
	}
}

// serve accepts on a new loopback listener until the test ends, running
// handle for each connection; it returns the listener's address.
func serve(t testing.TB, handle func(net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var cs conns
	var wg sync.WaitGroup
	t.Cleanup(func() {
		ln.Close()
		cs.closeAll()
		wg.Wait()
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			cs.add(c)
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				handle(c)
			}()
		}
	}()
	return ln.Addr().String()
}

// silentPeer accepts connections, reads what comes and never answers.
func silentPeer(t testing.TB) string {
	return serve(t, func(c net.Conn) { io.Copy(io.Discard, c) })
}

// httpAnswerPeer answers "400 Bad Request" as soon as anything arrives, as
// an HTTP server does to bytes that are not HTTP.
func httpAnswerPeer(t testing.TB) string {
	return serve(t, func(c net.Conn) {
		var b [64]byte
		if _, err := c.Read(b[:]); err != nil {
			return
		}
		io.WriteString(c, "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
	})
}

// relay copies between a and b until either side ends.
func relay(a, b net.Conn) {
	done := make(chan struct{}, 2)
	cp := func(dst, src net.Conn) {
		io.Copy(dst, src)
		if tc, ok := dst.(*net.TCPConn); ok {
			tc.CloseWrite()
		}
		done <- struct{}{}
	}
	go cp(a, b)
	go cp(b, a)
	<-done
	a.Close()
	b.Close()
	<-done
}

// socksRequest is one CONNECT a test SOCKS5 proxy received.
type socksRequest struct {
	AddrType byte // 1 IPv4, 3 name, 4 IPv6
	Host     string
	Port     int
	User     string
}

// socksProxy is a SOCKS5 proxy for tests. It resolves names with hosts
// (every other name fails), asks for credentials when user is set, and
// answers reply instead of connecting when reply is not 0.
type socksProxy struct {
	Addr  string
	hosts map[string]string
	user  string
	pass  string
	reply byte

	mu   sync.Mutex
	reqs []socksRequest
}

func (p *socksProxy) requests() []socksRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]socksRequest(nil), p.reqs...)
}

// startSOCKS5 starts p on loopback.
func startSOCKS5(t testing.TB, p *socksProxy) *socksProxy {
	p.Addr = serve(t, p.handle)
	return p
}

func (p *socksProxy) handle(c net.Conn) {
	c.SetDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(c)
	var hdr [2]byte
	if _, err := io.ReadFull(br, hdr[:]); err != nil || hdr[0] != 5 {
		return
	}
	methods := make([]byte, hdr[1])
	if _, err := io.ReadFull(br, methods); err != nil {
		return
	}
	var user string
	want := byte(0)
	if p.user != "" {
		want = 2
	}
	if !bytesContain(methods, want) {
		c.Write([]byte{5, 0xff})
		return
	}
	c.Write([]byte{5, want})
	if want == 2 {
		ver, _ := br.ReadByte()
		u, ok1 := readLenString(br)
		pw, ok2 := readLenString(br)
		if ver != 1 || !ok1 || !ok2 || u != p.user || pw != p.pass {
			c.Write([]byte{1, 1})
			return
		}
		user = u
		c.Write([]byte{1, 0})
	}
	var req [4]byte
	if _, err := io.ReadFull(br, req[:]); err != nil || req[0] != 5 || req[1] != 1 {
		return
	}
	r := socksRequest{AddrType: req[3], User: user}
	switch req[3] {
	case 1, 4:
		b := make([]byte, map[byte]int{1: 4, 4: 16}[req[3]])
		if _, err := io.ReadFull(br, b); err != nil {
			return
		}
		ip, _ := netipFrom(b)
		r.Host = ip
	case 3:
		h, ok := readLenString(br)
		if !ok {
			return
		}
		r.Host = h
	default:
		return
	}
	var port [2]byte
	if _, err := io.ReadFull(br, port[:]); err != nil {
		return
	}
	r.Port = int(binary.BigEndian.Uint16(port[:]))
	p.mu.Lock()
	p.reqs = append(p.reqs, r)
	p.mu.Unlock()
	ok := []byte{5, 0, 0, 1, 127, 0, 0, 1, 0, 0}
	if p.reply != 0 {
		c.Write([]byte{5, p.reply, 0, 1, 0, 0, 0, 0, 0, 0})
		return
	}
	host := r.Host
	if r.AddrType == 3 {
		var known bool
		if host, known = p.hosts[r.Host]; !known {
			c.Write([]byte{5, 4, 0, 1, 0, 0, 0, 0, 0, 0}) // host unreachable
			return
		}
	}
	up, err := net.DialTimeout("tcp", net.JoinHostPort(host, strconv.Itoa(r.Port)), 5*time.Second)
	if err != nil {
		c.Write([]byte{5, 5, 0, 1, 0, 0, 0, 0, 0, 0})
		return
	}
	c.Write(ok)
	c.SetDeadline(time.Time{})
	relay(&bufConn{Conn: c, r: br}, up)
}

func bytesContain(b []byte, x byte) bool {
	for _, v := range b {
		if v == x {
			return true
		}
	}
	return false
}

func readLenString(br *bufio.Reader) (string, bool) {
	n, err := br.ReadByte()
	if err != nil {
		return "", false
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(br, b); err != nil {
		return "", false
	}
	return string(b), true
}

func netipFrom(b []byte) (string, bool) {
	ip := net.IP(b)
	return ip.String(), ip != nil
}

// bufConn reads through a bufio.Reader that may hold bytes already read.
type bufConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *bufConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// connectRequest is one request a test HTTP proxy received.
type connectRequest struct {
	Method    string // CONNECT, or GET for an absolute-form request
	Target    string // host:port for CONNECT, the URL for GET
	UserAgent string
	Auth      string // Proxy-Authorization
}

// httpProxy is an HTTP proxy for tests: CONNECT tunnels (names resolved
// with hosts, else refused with 502) and absolute-form GETs. status, when
// set, is the answer to every CONNECT.
type httpProxy struct {
	URL    string
	hosts  map[string]string
	status int

	mu   sync.Mutex
	reqs []connectRequest
}

func (p *httpProxy) requests() []connectRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]connectRequest(nil), p.reqs...)
}

func startHTTPProxy(t testing.TB, p *httpProxy) *httpProxy {
	srv := httptest.NewServer(http.HandlerFunc(p.handle))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

func (p *httpProxy) handle(w http.ResponseWriter, r *http.Request) {
	rec := connectRequest{Method: r.Method, Target: r.Host, UserAgent: r.Header.Get("User-Agent"), Auth: r.Header.Get("Proxy-Authorization")}
	if r.Method != http.MethodConnect {
		rec.Target = r.URL.String()
	}
	p.mu.Lock()
	p.reqs = append(p.reqs, rec)
	p.mu.Unlock()
	if r.Method != http.MethodConnect {
		p.forward(w, r)
		return
	}
	if p.status != 0 {
		w.WriteHeader(p.status)
		return
	}
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if ip, ok := p.hosts[host]; ok {
		host = ip
	} else if net.ParseIP(host) == nil {
		http.Error(w, "unknown host", http.StatusBadGateway)
		return
	}
	up, err := net.DialTimeout("tcp", net.JoinHostPort(host, port), 5*time.Second)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	c, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		up.Close()
		return
	}
	io.WriteString(c, "HTTP/1.1 200 Connection established\r\n\r\n")
	relay(&bufConn{Conn: c, r: brw.Reader}, up)
}

// forward sends an absolute-form request on to the origin.
func (p *httpProxy) forward(w http.ResponseWriter, r *http.Request) {
	if !r.URL.IsAbs() {
		http.Error(w, "not a proxy request", http.StatusBadRequest)
		return
	}
	out, _ := http.NewRequestWithContext(r.Context(), r.Method, r.URL.String(), nil)
	out.Header = r.Header.Clone()
	out.Header.Del("Proxy-Authorization")
	resp, err := (&http.Transport{}).RoundTrip(out)
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
}

// tlsOrigin is an HTTPS origin serving content with a strong ETag and
// ranges; its certificate is for 127.0.0.1, ::1 and example.com.
type tlsOrigin struct {
	*httptest.Server
	content fetchtest.Content
	roots   *x509.CertPool
}

func startTLSOrigin(t testing.TB, content fetchtest.Content) *tlsOrigin {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"tls-origin"`)
		http.ServeContent(w, r, "", time.Time{}, io.NewSectionReader(content, 0, content.Size))
	}))
	srv.StartTLS()
	t.Cleanup(srv.Close)
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())
	return &tlsOrigin{Server: srv, content: content, roots: roots}
}

// port is the origin's port.
func (o *tlsOrigin) port() string {
	_, p, _ := net.SplitHostPort(o.Listener.Addr().String())
	return p
}

func (o *tlsOrigin) tlsConfig() *tls.Config { return &tls.Config{RootCAs: o.roots} }

// silentDNS is a UDP "DNS server" that never answers, and a resolver that
// asks only it.
func silentDNS(t testing.TB) *net.Resolver {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	addr := pc.LocalAddr().String()
	return &net.Resolver{
		PreferGo: true,
		Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "udp", addr)
		},
	}
}
