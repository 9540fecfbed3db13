// Fuzz tests of what a proxy sends back (a SOCKS5 handshake, an answer to
// CONNECT) and of proxy strings from options and the environment.

package fetch

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// scriptConn is the client's end of a connection to a proxy that answers
// with the bytes of in, one byte per read, whatever it is sent; what the
// client writes is kept in out.
type scriptConn struct {
	net.Conn // nil: only Read and Write are used
	in       *bytes.Reader
	r        io.Reader
	out      bytes.Buffer
}

func newScriptConn(in []byte) *scriptConn {
	c := &scriptConn{in: bytes.NewReader(in)}
	c.r = iotest.OneByteReader(c.in)
	return c
}

func (c *scriptConn) Read(p []byte) (int, error)  { return c.r.Read(p) }
func (c *scriptConn) Write(p []byte) (int, error) { return c.out.Write(p) }

// socksReplyLen is how many bytes of in a SOCKS5 proxy's answer takes
// (method choice, RFC 1929 status, reply with its bound address), or -1
// when in does not grant the connection. name is the host when it is a
// name, not an address.
func socksReplyLen(in []byte, withUser bool, name string) int {
	if len(in) < 2 || in[0] != socksVersion {
		return -1
	}
	n := 2
	switch {
	case in[1] == socksNoAuth:
	case in[1] == socksUserPass && withUser:
		if len(in) < n+2 || in[n+1] != 0 {
			return -1
		}
		n += 2
	default:
		return -1
	}
	if len(name) > 255 {
		return -1
	}
	r := in[n:]
	if len(r) < 4 || r[0] != socksVersion || r[1] != socksSucceeded {
		return -1
	}
	n += 4
	switch r[3] {
	case socksIPv4:
		n += 4 + 2
	case socksIPv6:
		n += 16 + 2
	case socksName:
		if len(r) < 5 {
			return -1
		}
		n += 1 + int(r[4]) + 2
	default:
		return -1
	}
	if n > len(in) {
		return -1
	}
	return n
}

func FuzzSOCKS5Connect(f *testing.F) {
	ok4 := []byte{5, 0, 5, 0, 0, 1, 10, 0, 0, 1, 0x1f, 0x90}
	for _, s := range []struct {
		in   []byte
		user bool
		host string
		port uint16
	}{
		{ok4, false, "93.184.216.34", 443},
		{append(bytes.Clone(ok4), "tunnel bytes"...), false, "example.com", 80},
		{[]byte{5, 2, 1, 0, 5, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 80}, true, "::1", 8080},
		{[]byte{5, 0, 5, 0, 0, 3, 3, 'a', '.', 'b', 0, 80}, false, "a.b", 80},
		{[]byte{5, 2, 1, 1}, true, "x", 1},
		{[]byte{5, 0xff}, false, "x", 1},
		{[]byte{5, 0, 5, 5, 0, 1, 0, 0, 0, 0, 0, 0}, false, "::ffff:10.0.0.1", 65535},
		{[]byte("HTTP/1.1 400 Bad Request\r\n\r\n"), false, "x", 1},
		{[]byte{4, 90}, false, "x", 1},
		{[]byte{5, 0, 5, 0, 0, 3, 255}, false, strings.Repeat("h", 256), 1},
		{[]byte{5, 0, 5, 0, 0, 9}, false, "fe80::1%eth0", 22},
	} {
		f.Add(s.in, s.user, s.host, s.port)
	}
	f.Fuzz(func(t *testing.T, in []byte, withUser bool, host string, port uint16) {
		var user *url.Userinfo
		if withUser {
			user = url.UserPassword("joe", "secretpw")
		}
		ip, ipErr := netip.ParseAddr(host)
		name := ""
		if ipErr != nil {
			name = host
		}
		c := newScriptConn(in)
		err := socks5Connect(c, host, int(port), user)
		want := socksReplyLen(in, withUser, name)
		if (err == nil) != (want >= 0) {
			t.Fatalf("answer %x (user %v, host %q): error %v, want success %v", in, withUser, host, err, want >= 0)
		}
		if err != nil {
			if strings.Contains(err.Error(), "secretpw") || err.Error() == "" {
				t.Fatalf("error %q", err)
			}
			return
		}
		// Not one byte of the tunnel is read with the answer.
		if left := c.in.Len(); left != len(in)-want {
			t.Fatalf("answer %x: %d bytes left for the tunnel, want %d", in, left, len(in)-want)
		}
		// The request names host and port exactly.
		out := c.out.Bytes()
		hello := []byte{socksVersion, 1, socksNoAuth}
		if withUser {
			hello = []byte{socksVersion, 2, socksNoAuth, socksUserPass}
		}
		if !bytes.HasPrefix(out, hello) {
			t.Fatalf("greeting %x", out)
		}
		out = out[len(hello):]
		if withUser && in[1] == socksUserPass {
			auth := append(append([]byte{socksAuthVer, 3}, "joe"...), append([]byte{8}, "secretpw"...)...)
			if !bytes.HasPrefix(out, auth) {
				t.Fatalf("authentication %x", out)
			}
			out = out[len(auth):]
		}
		if len(out) < 4 || out[0] != socksVersion || out[1] != socksConnect || out[2] != 0 {
			t.Fatalf("request %x", out)
		}
		var addr []byte
		switch out[3] {
		case socksIPv4:
			a := ip.Unmap().As4()
			addr = a[:]
			if ipErr != nil || !ip.Unmap().Is4() {
				t.Fatalf("host %q sent as IPv4", host)
			}
		case socksIPv6:
			a := ip.As16()
			addr = a[:]
			if ipErr != nil || ip.Unmap().Is4() {
				t.Fatalf("host %q sent as IPv6", host)
			}
		case socksName:
			addr = append([]byte{byte(len(host))}, host...)
			if ipErr == nil {
				t.Fatalf("address %q sent as a name", host)
			}
		default:
			t.Fatalf("request %x: address type %d", out, out[3])
		}
		if wantReq := append(append(out[:4:4], addr...), byte(port>>8), byte(port)); !bytes.Equal(out, wantReq) {
			t.Fatalf("request %x, want %x", out, wantReq)
		}
	})
}

func FuzzHTTPConnect(f *testing.F) {
	for _, s := range []string{
		"HTTP/1.1 200 Connection established\r\n\r\n",
		"HTTP/1.1 200 OK\r\n\r\n\x16\x03\x01 a TLS hello from the tunnel",
		"HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello",
		"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n",
		"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 9223372037\r\n\r\n",
		"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n\r\n",
		"HTTP/1.1 204 No Content\n\nrest",
		"\x05\x00",
		"HTTP/1.1 200",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		p := &proxyConf{kind: proxyHTTP, url: &url.URL{Scheme: "http", Host: "proxy.example:3128", User: url.UserPassword("joe", "secretpw")}}
		c := newScriptConn(in)
		got, err := httpConnect(c, "origin.example:443", p, "slget-fuzz")

		// What net/http makes of the same bytes as an answer to CONNECT.
		src := bytes.NewReader(in)
		br := bufio.NewReader(src)
		resp, rerr := http.ReadResponse(br, &http.Request{Method: http.MethodConnect})
		if err != nil && strings.Contains(err.Error(), "secretpw") {
			t.Fatalf("the error shows the proxy's password: %v", err)
		}
		switch {
		case rerr != nil:
			if err == nil {
				t.Fatalf("answer %q: a tunnel from what net/http does not read (%v)", in, rerr)
			}
		case resp.StatusCode/100 != 2:
			var he *HTTPError
			if !errors.As(err, &he) || he.Status != resp.StatusCode || strings.Contains(he.URL, "secretpw") {
				t.Fatalf("answer %q (status %d): error %v, want an HTTPError with that status", in, resp.StatusCode, err)
			}
		case err != nil:
			t.Fatalf("answer %q (status %d): %v", in, resp.StatusCode, err)
		default:
			// The tunnel reads exactly the bytes after the answer's header.
			rest := in[len(in)-br.Buffered()-src.Len():]
			b, rerr := io.ReadAll(got)
			if rerr != nil || !bytes.Equal(b, rest) {
				t.Fatalf("answer %q: the tunnel reads %q (%v), want %q", in, b, rerr, rest)
			}
		}
		// What was sent: a CONNECT to the origin with the proxy's
		// credentials, whatever came back.
		req, rerr := http.ReadRequest(bufio.NewReader(&c.out))
		if rerr != nil || req.Method != http.MethodConnect || req.Host != "origin.example:443" {
			t.Fatalf("sent %q: %v", c.out.String(), rerr)
		}
		if user, pass, ok := (&http.Request{Header: http.Header{"Authorization": req.Header["Proxy-Authorization"]}}).BasicAuth(); !ok || user != "joe" || pass != "secretpw" {
			t.Fatalf("sent Proxy-Authorization %q", req.Header.Get("Proxy-Authorization"))
		}
	})
}

func FuzzParseProxy(f *testing.F) {
	for _, s := range []string{
		"127.0.0.1:3128", "proxy.example", "https://proxy.example", "socks5h://u:secretpw@[::1]:9050",
		" user:secretpw@10.0.0.1:3128 ", "HTTP://Proxy:3128/", "http://proxy:", "http://proxy:0", "http://proxy:65536",
		"http://a:secretpw@b:c@proxy:1", "socks4://p", "http://[::1", "http://u:secretpw@h:x", "http://u:secretpw@h/p",
		"u:secretpw@h:99999", "http://%zz:secretpw@h", "http://h:+80",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parseProxy(s, "--all-proxy")
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, "--all-proxy ") || !strings.Contains(msg, proxySyntax) {
				t.Fatalf("parseProxy(%q): %q does not name the option and show the syntax", s, msg)
			}
			if leaksPassword(s, msg) {
				t.Fatalf("parseProxy(%q): the error shows the password: %q", s, msg)
			}
			return
		}
		want := map[string]proxyKind{"http": proxyHTTP, "https": proxyHTTPS, "socks5": proxySOCKS5, "socks5h": proxySOCKS5H}[p.url.Scheme]
		if want == 0 || p.kind != want {
			t.Fatalf("parseProxy(%q): scheme %q, kind %d", s, p.url.Scheme, p.kind)
		}
		host, port, err := net.SplitHostPort(p.url.Host)
		if n, perr := strconv.Atoi(port); err != nil || host == "" || perr != nil || n < 1 || n > 65535 {
			t.Fatalf("parseProxy(%q): host:port %q", s, p.url.Host)
		}
		red := p.redacted()
		if strings.Contains(red, "@") || leaksPassword(s, red) {
			t.Fatalf("parseProxy(%q): redacted %q shows the credentials", s, red)
		}
		// What it prints parses to itself.
		again, err := parseProxy(red, "--all-proxy")
		if err != nil || again.redacted() != red || again.kind != p.kind {
			t.Fatalf("parseProxy(%q) → %q, which parses to %v, %v", s, red, again, err)
		}
	})
}

// leaksPassword reports whether out shows the password of the proxy
// string s: the text between the first ':' after the scheme and the last
// '@' of the authority, when it is there and long enough to tell. It
// cannot tell when the rest of s, quoted as an error quotes it, spells the
// password too (":00000000000@\x00000000000" quotes its host as
// "\\x00000000000").
func leaksPassword(s, out string) bool {
	s = strings.TrimSpace(s)
	rest := s
	if i := strings.Index(s, "://"); i >= 0 {
		rest = s[i+3:]
	}
	at := strings.LastIndexByte(rest, '@')
	if at < 0 {
		return false
	}
	_, pass, ok := strings.Cut(rest[:at], ":")
	if !ok || len(pass) < 6 || strings.Count(s, pass) != 1 {
		return false
	}
	for _, mark := range []string{"", "***"} { // the password left out, or redacted
		if shown := strings.Replace(s, pass, mark, 1); strings.Contains(shown, pass) || strings.Contains(strconv.Quote(shown), pass) {
			return false
		}
	}
	return strings.Contains(out, pass)
}
