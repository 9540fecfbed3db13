// HTTP CONNECT: a tunnel through an HTTP(S) proxy for an https:// request,
// sent with slget's User-Agent.

package fetch

import (
	"bufio"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"
)

// httpConnect asks the HTTP proxy p at the other end of c for a tunnel to
// addr (host:port) and returns the connection to use for the tunnel. A
// refusal is an *HTTPError with the proxy's status. The caller bounds the
// time through c's deadline. Only User-Agent and, when the proxy URL has
// them, credentials are sent: the user's other headers are for the server.
func httpConnect(c net.Conn, addr string, p *proxyConf, userAgent string) (net.Conn, error) {
	req := &http.Request{
		Method: http.MethodConnect,
		URL:    &url.URL{Opaque: addr},
		Host:   addr,
		Header: http.Header{"User-Agent": {userAgent}},
	}
	if u := p.url.User; u != nil {
		pass, _ := u.Password()
		req.Header.Set("Proxy-Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(u.Username()+":"+pass)))
	}
	if err := req.Write(c); err != nil {
		return nil, err
	}
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, req)
	if err != nil {
		var ne net.Error
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("the proxy closed the connection without answering CONNECT: %w", io.ErrUnexpectedEOF)
		}
		if errors.As(err, &ne) {
			return nil, err
		}
		return nil, &protoError{"the proxy's answer to CONNECT is not HTTP (" + err.Error() + "); if it is a SOCKS proxy, name it socks5://HOST:PORT"}
	}
	if resp.StatusCode/100 != 2 {
		return nil, &HTTPError{URL: p.redacted(), Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header, time.Now())}
	}
	if br.Buffered() > 0 {
		// Bytes of the tunnel came with the answer: read them first.
		return &readerConn{Conn: c, r: br}, nil
	}
	return c, nil
}

// readerConn is a net.Conn whose reads come through r (which holds bytes
// already read from the Conn).
type readerConn struct {
	net.Conn
	r io.Reader
}

func (c *readerConn) Read(p []byte) (int, error) { return c.r.Read(p) }
