// Target: what an ftp:// URL names, and its parsing.

package ftpsrc

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
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
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL, which may hold a password
		}
		return Target{}, fmt.Errorf("%q is not a valid URL: %v", Redact(s), err)
	}
	t := Target{Host: u.Hostname(), Port: 21}
	if t.Host == "" {
		return Target{}, fmt.Errorf("%q: the URL has no host", Redact(s))
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return Target{}, fmt.Errorf("%q: port %s is not between 1 and 65535", Redact(s), p)
		}
		t.Port = n
	}
	if u.User != nil {
		t.User = u.User.Username()
		t.Password, t.HasPass = u.User.Password()
	}
	if strings.ContainsAny(t.User+t.Password, "\x00\r\n") {
		return Target{}, fmt.Errorf("%q: the user or password has a control character", Redact(s))
	}
	t.Path = strings.TrimPrefix(u.Path, "/")
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

// Redact is s without the password of its userinfo. It reads the string
// itself, not what net/url makes of it: a password with '#' or '?' in it
// is not userinfo to net/url, and must not show all the same.
func Redact(s string) string {
	i := strings.Index(s, "://")
	if i < 0 {
		return s
	}
	rest := s[i+3:]
	auth := rest
	if j := strings.Index(rest, "/"); j >= 0 {
		auth = rest[:j]
	}
	at := strings.LastIndex(auth, "@")
	if at < 0 {
		return s
	}
	user, _, hasPass := strings.Cut(auth[:at], ":")
	if !hasPass {
		return s
	}
	return s[:i+3] + user + ":***" + rest[at:]
}
