// The control connection: login, commands and their replies, and the
// passive data connection of one RETR.

package ftpsrc

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/slget/slget/fetch"
)

// conn is one logged-in control connection. Its data connections go to
// the address it reached, whatever PASV names.
type conn struct {
	raw     net.Conn // the TCP connection, which kill closes
	nc      net.Conn // raw, or the TLS connection over it
	r       *bufio.Reader
	host    string // the IP the control connection reached
	timeout time.Duration
	url     string      // redacted
	noEPSV  bool        // EPSV was refused once: PASV from then on
	tls     *tls.Config // explicit FTPS: control and data in TLS; nil for none

	mu   sync.Mutex
	data net.Conn // the RETR's, while one runs
}

// dialConn connects to t and logs in as user. A refused login is an
// *Error of Kind Refused.
func dialConn(ctx context.Context, t Target, user, pass string, timeout time.Duration, url string, tc *tls.Config) (*conn, error) {
	d := net.Dialer{Timeout: timeout}
	nc, err := d.DialContext(ctx, "tcp", t.Addr())
	if err != nil {
		return nil, fmt.Errorf("%s: connecting: %w", url, err)
	}
	c := &conn{raw: nc, nc: nc, r: bufio.NewReader(nc), timeout: timeout, url: url, tls: tc}
	if a, ok := nc.RemoteAddr().(*net.TCPAddr); ok {
		c.host = a.IP.String()
	}
	stop := context.AfterFunc(ctx, c.kill)
	defer stop()
	if err := c.login(user, pass); err != nil {
		c.kill()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	return c, nil
}

// kill ends the control connection and the data connection, at once: a
// read blocked on either returns.
func (c *conn) kill() {
	c.mu.Lock()
	if c.data != nil {
		c.data.Close()
	}
	c.mu.Unlock()
	c.raw.Close()
}

// quit says goodbye, briefly, and closes.
func (c *conn) quit() {
	c.nc.SetDeadline(time.Now().Add(time.Second))
	fmt.Fprintf(c.nc, "QUIT\r\n")
	c.kill()
}

func (c *conn) login(user, pass string) error {
	r, err := c.read()
	for err == nil && r.Code/100 == 1 { // 120: ready in a moment
		r, err = c.read()
	}
	if err != nil {
		return err
	}
	if r.Code != 220 {
		return c.refusal("the greeting", r)
	}
	if c.tls != nil {
		if err := c.startTLS(); err != nil {
			return err
		}
	}
	if r, err = c.cmd("USER", user); err != nil {
		return err
	}
	if r.Code == 331 {
		if r, err = c.cmd("PASS", pass); err != nil {
			return err
		}
	}
	if r.Code != 230 && r.Code != 202 {
		return c.refusal("the login of "+strconv.Quote(user), r)
	}
	if r, err = c.cmd("TYPE", "I"); err != nil {
		return err
	}
	if r.Code != 200 {
		return c.unexpected("TYPE I", r)
	}
	if c.tls != nil {
		// The data connections in TLS too (RFC 4217 9).
		for _, a := range [][2]string{{"PBSZ", "0"}, {"PROT", "P"}} {
			if r, err = c.cmd(a[0], a[1]); err != nil {
				return err
			}
			if r.Code != 200 {
				return c.unexpected(a[0]+" "+a[1], r)
			}
		}
	}
	return nil
}

// startTLS asks AUTH TLS and makes the control connection a TLS one, its
// certificate checked. A server that does not offer TLS is refused: the
// login is never sent in clear when TLS was asked for.
func (c *conn) startTLS() error {
	r, err := c.cmd("AUTH", "TLS")
	if err != nil {
		return err
	}
	if r.Code != 234 {
		return &ReplyError{URL: c.url, Command: "AUTH TLS (the server must offer TLS: nothing is sent in clear)", Reply: r}
	}
	tc := tls.Client(c.nc, c.tls)
	tc.SetDeadline(time.Now().Add(c.timeout))
	if err := tc.Handshake(); err != nil {
		var ce *tls.CertificateVerificationError
		if errors.As(err, &ce) {
			return fetch.Final(fmt.Errorf("%s: %w", c.url, err))
		}
		return lost(c.url, fmt.Errorf("TLS: %w", err))
	}
	tc.SetDeadline(time.Time{})
	c.nc, c.r = tc, bufio.NewReader(tc)
	return nil
}

// refusal is a login answer other than "logged in": a 4xx is worth
// another try (421, too many users), anything else is a refused login.
func (c *conn) refusal(what string, r Reply) error {
	if r.Code/100 == 4 {
		return &ReplyError{URL: c.url, Command: what, Reply: r}
	}
	why := "the server refused " + what
	if r.Code == 332 {
		why += " (it wants an account, ACCT, which slget does not send)"
	}
	return &Error{URL: c.url, Kind: Refused, Reply: r, Err: fmt.Errorf("%s: %q", why, r.String())}
}

func (c *conn) unexpected(cmd string, r Reply) error {
	return &ReplyError{URL: c.url, Command: cmd, Reply: r}
}

// read reads one reply within the timeout.
func (c *conn) read() (Reply, error) {
	c.nc.SetReadDeadline(time.Now().Add(c.timeout))
	r, err := ReadReply(c.r)
	if err != nil {
		return r, lost(c.url, err)
	}
	return r, nil
}

// cmd sends "NAME arg" and reads its reply. The argument was checked for
// line ends when the URL was read.
func (c *conn) cmd(name, arg string) (Reply, error) {
	line := name
	if arg != "" {
		line += " " + arg
	}
	c.nc.SetWriteDeadline(time.Now().Add(c.timeout))
	if _, err := c.nc.Write([]byte(line + "\r\n")); err != nil {
		return Reply{}, lost(c.url, err)
	}
	return c.read()
}

// size asks SIZE; the reply says what else the server answered, when not
// 213.
func (c *conn) size(path string) (n int64, r Reply, err error) {
	if r, err = c.cmd("SIZE", path); err != nil {
		return 0, r, err
	}
	if r.Code != 213 {
		return 0, r, nil
	}
	n, err = ParseSize(r.Text)
	return n, r, err
}

// mdtm asks MDTM; a zero time with a nil error when the server does not
// answer it with a time.
func (c *conn) mdtm(path string) (time.Time, Reply, error) {
	r, err := c.cmd("MDTM", path)
	if err != nil || r.Code != 213 {
		return time.Time{}, r, err
	}
	t, err := ParseMDTM(r.Text)
	return t, r, err
}

// passive opens a data connection: EPSV, else PASV, to the control
// connection's host.
func (c *conn) passive(ctx context.Context) (net.Conn, error) {
	var port int
	if !c.noEPSV {
		r, err := c.cmd("EPSV", "")
		if err != nil {
			return nil, err
		}
		if r.Code == 229 {
			if port, err = ParseEPSV(r.Text); err != nil {
				return nil, lost(c.url, err)
			}
		} else {
			c.noEPSV = true
		}
	}
	if port == 0 {
		r, err := c.cmd("PASV", "")
		if err != nil {
			return nil, err
		}
		if r.Code != 227 {
			return nil, c.unexpected("PASV", r)
		}
		if port, err = ParsePASV(r.Text); err != nil {
			return nil, lost(c.url, err)
		}
	}
	d := net.Dialer{Timeout: c.timeout}
	dc, err := d.DialContext(ctx, "tcp", net.JoinHostPort(c.host, strconv.Itoa(port)))
	if err != nil {
		return nil, lost(c.url, fmt.Errorf("the data connection: %w", err))
	}
	if c.tls != nil {
		// The handshake comes with the first read, once the server has
		// said 150: a server answers it then.
		return tls.Client(dc, c.tls), nil
	}
	return dc, nil
}

// retr starts sending path from offset on a new data connection (REST
// first when offset > 0). The reply is returned when the server refused.
func (c *conn) retr(ctx context.Context, path string, offset int64) (net.Conn, Reply, error) {
	dc, err := c.passive(ctx)
	if err != nil {
		return nil, Reply{}, err
	}
	c.mu.Lock()
	c.data = dc
	c.mu.Unlock()
	fail := func(r Reply, err error) (net.Conn, Reply, error) {
		c.dropData()
		return nil, r, err
	}
	if offset > 0 {
		r, err := c.cmd("REST", strconv.FormatInt(offset, 10))
		if err != nil {
			return fail(r, err)
		}
		if r.Code != 350 {
			return fail(r, c.unexpected("REST", r))
		}
	}
	r, err := c.cmd("RETR", path)
	if err != nil {
		return fail(r, err)
	}
	if r.Code != 150 && r.Code != 125 {
		return fail(r, nil)
	}
	return dc, r, nil
}

func (c *conn) dropData() {
	c.mu.Lock()
	if c.data != nil {
		c.data.Close()
		c.data = nil
	}
	c.mu.Unlock()
}

// endRetr reads the last reply of a RETR whose data connection was
// closed, whether the server had sent the whole rest of the file or not:
// 226 when it had, 426 or 451 when the close cut it short. The connection
// may take another command after either.
func (c *conn) endRetr() (Reply, error) {
	r, err := c.read()
	if err != nil {
		return r, err
	}
	switch r.Code {
	case 226, 250, 426, 451:
		return r, nil
	}
	return r, c.unexpected("the end of RETR", r)
}
