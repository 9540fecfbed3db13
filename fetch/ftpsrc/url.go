// Target: what an ftp:// URL names, and its parsing.

package ftpsrc

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/slget/slget/internal/remoteurl"
)

// Target is the server, user and file an ftp:// URL names.
type Target struct {
	User     string // "" when the URL names none
	Password string
	HasPass  bool   // the URL gave a password, maybe empty
	Host     string // without brackets
	Port     int    // 21 when the URL gives none
	// Path is the file as RETR names it: relative to the login folder,
	// as RFC 1738 reads ftp://h/a/b; a path that starts with %2F is
	// absolute.
	Path string
}

// Addr is host:port to dial.
func (t Target) Addr() string { return net.JoinHostPort(t.Host, strconv.Itoa(t.Port)) }

// ErrNotFTP says a URL is not an ftp:// one.
var ErrNotFTP = errors.New("not an ftp:// URL")

// IsFTP reports whether s names the ftp scheme.
func IsFTP(s string) bool {
	return len(s) >= 6 && strings.EqualFold(s[:6], "ftp://")
}

// ParseURL reads ftp://[user[:password]@]host[:port]/path. A path with a
// control character is refused: it could end the command it is sent in
// and start another.
func ParseURL(s string) (Target, error) {
	if !IsFTP(s) {
		return Target{}, ErrNotFTP
	}
	p, err := remoteurl.Parse(s, 21)
	if err != nil {
		return Target{}, err
	}
	t := Target{User: p.User, Password: p.Password, HasPass: p.HasPass, Host: p.Host, Port: p.Port}
	if strings.ContainsAny(t.User+t.Password, "\x00\r\n") {
		return Target{}, fmt.Errorf("%q: the user or password has a control character", Redact(s))
	}
	t.Path = strings.TrimPrefix(p.Path, "/")
	if t.Path == "" || strings.HasSuffix(t.Path, "/") {
		return Target{}, fmt.Errorf("%q names no file", Redact(s))
	}
	if strings.ContainsAny(t.Path, "\x00\r\n") {
		return Target{}, fmt.Errorf("%q: the path has a control character", Redact(s))
	}
	if i := strings.IndexByte(t.Path, ';'); i >= 0 && strings.HasPrefix(strings.ToLower(t.Path[i:]), ";type=") {
		return Target{}, fmt.Errorf("%q: ;type= is not taken (slget always reads the file's bytes as they are, TYPE I)", Redact(s))
	}
	return t, nil
}

// Redact is s without the password of its userinfo.
func Redact(s string) string { return remoteurl.Redact(s) }
