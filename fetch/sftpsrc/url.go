// Target: what an sftp:// URL names, and its parsing.

package sftpsrc

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/slget/slget/internal/remoteurl"
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
	p, err := remoteurl.Parse(s, 22)
	if err != nil {
		return Target{}, err
	}
	t := Target{User: p.User, Password: p.Password, HasPass: p.HasPass, Host: p.Host, Port: p.Port}
	t.Path = strings.TrimPrefix(p.Path, "/~/")
	if t.Path == "" || t.Path == "/" || strings.HasSuffix(t.Path, "/") {
		return Target{}, fmt.Errorf("%q names no file", redact(s))
	}
	if strings.ContainsAny(t.Path, "\x00\r\n") {
		return Target{}, fmt.Errorf("%q: the path has a control character", redact(s))
	}
	return t, nil
}

// redact is s without the password of its userinfo.
func redact(s string) string { return remoteurl.Redact(s) }
