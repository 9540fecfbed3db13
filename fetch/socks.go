// The client side of a SOCKS5 handshake (RFC 1928, and RFC 1929 for a user
// name and password), with errors that say what the proxy did.

package fetch

import (
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"strconv"
)

// SOCKS5 constants (RFC 1928).
const (
	socksVersion   = 5
	socksNoAuth    = 0x00
	socksUserPass  = 0x02
	socksNoMethod  = 0xff
	socksConnect   = 0x01
	socksIPv4      = 0x01
	socksName      = 0x03
	socksIPv6      = 0x04
	socksAuthVer   = 0x01 // RFC 1929
	socksSucceeded = 0x00
)

// socksReplyError is a SOCKS5 reply other than "succeeded".
type socksReplyError byte

func (e socksReplyError) Error() string {
	msgs := map[socksReplyError]string{
		1: "general SOCKS server failure",
		2: "connection not allowed by ruleset",
		3: "network unreachable",
		4: "host unreachable",
		5: "connection refused",
		6: "TTL expired",
		7: "command not supported",
		8: "address type not supported",
	}
	if m, ok := msgs[e]; ok {
		return "the proxy could not connect: " + m
	}
	return fmt.Sprintf("the proxy could not connect: reply code %d", byte(e))
}

// retryable: the server or the path may come back; a refusal by rule or a
// request the proxy does not support will not change.
func (e socksReplyError) retryable() bool {
	switch e {
	case 1, 3, 4, 5, 6:
		return true
	}
	return false
}

// socks5Connect asks the SOCKS5 proxy at the other end of c to connect to
// host:port (host is an IP address, or a name the proxy resolves). user,
// if not nil, is offered as RFC 1929 credentials. The caller bounds the
// time through c's deadline.
// It is one exchange of RFC 1928 (and 1929) in sequence, read top to bottom
// as the RFCs list its messages.
func socks5Connect(c net.Conn, host string, port int, user *url.Userinfo) error {
	methods := []byte{socksNoAuth}
	if user != nil {
		methods = append(methods, socksUserPass)
	}
	hello := append([]byte{socksVersion, byte(len(methods))}, methods...)
	if _, err := c.Write(hello); err != nil {
		return err
	}
	var b [2]byte
	if _, err := io.ReadFull(c, b[:]); err != nil {
		return socksReadErr(err)
	}
	if b[0] != socksVersion {
		return notSOCKS(b[0])
	}
	switch b[1] {
	case socksNoAuth:
	case socksUserPass:
		if user == nil {
			return &protoError{"the proxy asks for a user name and password: give them in the proxy URL (socks5://USER:PASSWORD@HOST:PORT)"}
		}
		if err := socksAuth(c, user); err != nil {
			return err
		}
	case socksNoMethod:
		if user == nil {
			return &protoError{"the proxy accepts no connection without authentication: give a user name and password in the proxy URL"}
		}
		return &protoError{"the proxy accepts none of the authentication methods offered (none, user name and password)"}
	default:
		return &protoError{fmt.Sprintf("the proxy chose authentication method %#02x, which was not offered", b[1])}
	}

	req := []byte{socksVersion, socksConnect, 0}
	if ip, err := netip.ParseAddr(host); err == nil {
		if ip.Is4() || ip.Is4In6() {
			a := ip.Unmap().As4()
			req = append(append(req, socksIPv4), a[:]...)
		} else {
			a := ip.As16()
			req = append(append(req, socksIPv6), a[:]...)
		}
	} else {
		if len(host) > 255 {
			return fmt.Errorf("the host name %.20q... is longer than SOCKS5 allows (255 bytes)", host)
		}
		req = append(append(req, socksName, byte(len(host))), host...)
	}
	req = append(req, byte(port>>8), byte(port))
	if _, err := c.Write(req); err != nil {
		return err
	}
	var r [4]byte
	if _, err := io.ReadFull(c, r[:]); err != nil {
		return socksReadErr(err)
	}
	if r[0] != socksVersion {
		return notSOCKS(r[0])
	}
	if r[1] != socksSucceeded {
		return socksReplyError(r[1])
	}
	// The address the proxy bound: read past it.
	var skip int
	switch r[3] {
	case socksIPv4:
		skip = 4 + 2
	case socksIPv6:
		skip = 16 + 2
	case socksName:
		var n [1]byte
		if _, err := io.ReadFull(c, n[:]); err != nil {
			return socksReadErr(err)
		}
		skip = int(n[0]) + 2
	default:
		return &protoError{fmt.Sprintf("the proxy's reply has address type %#02x, which SOCKS5 does not define", r[3])}
	}
	if _, err := io.ReadFull(c, make([]byte, skip)); err != nil {
		return socksReadErr(err)
	}
	return nil
}

// socksAuth sends RFC 1929 credentials.
func socksAuth(c net.Conn, user *url.Userinfo) error {
	name := user.Username()
	pass, _ := user.Password()
	if len(name) > 255 || len(pass) > 255 {
		return &protoError{"the SOCKS5 user name and password are at most 255 bytes each"}
	}
	msg := append([]byte{socksAuthVer, byte(len(name))}, name...)
	msg = append(append(msg, byte(len(pass))), pass...)
	if _, err := c.Write(msg); err != nil {
		return err
	}
	var b [2]byte
	if _, err := io.ReadFull(c, b[:]); err != nil {
		return socksReadErr(err)
	}
	if b[1] != 0 {
		return &protoError{"the proxy refused the user name and password"}
	}
	return nil
}

// notSOCKS explains a first byte that is not SOCKS version 5.
func notSOCKS(v byte) error {
	what := "0x" + strconv.FormatUint(uint64(v), 16)
	if v >= 0x20 && v < 0x7f {
		what += fmt.Sprintf(" (%q)", rune(v))
	}
	msg := "the proxy answered " + what + ", not SOCKS version 5"
	switch v {
	case 'H':
		msg += ": it answered like an HTTP server; if it is an HTTP proxy, name it http://HOST:PORT"
	case 4, 0:
		msg += ": it may speak only SOCKS4, which slget does not"
	}
	return &protoError{msg}
}

// socksReadErr turns an early end of the proxy's answer into words.
func socksReadErr(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("the proxy closed the connection during the SOCKS5 handshake: %w", io.ErrUnexpectedEOF)
	}
	return err
}
