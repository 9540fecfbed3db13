// Target: what an sftp:// URL names, and its parsing.

package sftpsrc

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// Target is the server, user and file an sftp:// URL names.
type Target struct {
	User     string // "" means the local user's name
	Password string // "" for none in the URL
	HasPass  bool   // the URL gave a password, maybe empty
	Host     string // without brackets
	Port     int    // 22 when the URL gives none
	Path     string // the file's path on the server, as the URL names it
}

// Addr is host:port to dial.
func (t Target) Addr() string { return net.JoinHostPort(t.Host, strconv.Itoa(t.Port)) }

// ErrNotSFTP says a URL is not an sftp:// one.
var ErrNotSFTP = errors.New("not an sftp:// URL")

// IsSFTP reports whether s names the sftp scheme.
func IsSFTP(s string) bool {
	return len(s) >= 7 && strings.EqualFold(s[:7], "sftp://")
}

// ParseURL reads sftp://[user[:password]@]host[:port]/path. The path is
// taken as the server gives it to the user: "/home/u/f" is absolute,
// "/~/f" is relative to the login folder (as curl reads it).
func ParseURL(s string) (Target, error) {
	if !IsSFTP(s) {
		return Target{}, ErrNotSFTP
	}
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL, which may hold a password
		}
		return Target{}, fmt.Errorf("%q is not a valid URL: %v", redact(s), err)
	}
	t := Target{Host: u.Hostname(), Port: 22}
	if t.Host == "" {
		return Target{}, fmt.Errorf("%q: the URL has no host", redact(s))
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return Target{}, fmt.Errorf("%q: port %s is not between 1 and 65535", redact(s), p)
		}
		t.Port = n
	}
	if u.User != nil {
		t.User = u.User.Username()
		t.Password, t.HasPass = u.User.Password()
	}
	t.Path = strings.TrimPrefix(u.Path, "/~/")
	if t.Path == "" || t.Path == "/" || strings.HasSuffix(t.Path, "/") {
		return Target{}, fmt.Errorf("%q names no file", redact(s))
	}
	if strings.ContainsAny(t.Path, "\x00\r\n") {
		return Target{}, fmt.Errorf("%q: the path has a control character", redact(s))
	}
	return t, nil
}

// redact is s without the password of its userinfo. It reads the string
// itself, not what net/url makes of it: a password with '#' or '?' in it
// is not userinfo to net/url, and must not show all the same.
func redact(s string) string {
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
