// Package remoteurl reads the parts an sftp:// or ftp:// URL shares (user,
// password, host, port, path) and redacts its password, for fetch/sftpsrc
// and fetch/ftpsrc alike; with what else both sources do the same way:
// the connect timeout, the comparison of a file's size and time with its
// pinned version, and the idle sessions' pool (Take, Back, Shut).
package remoteurl

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Parts is what a remote URL names before its scheme's own rules.
type Parts struct {
	User     string // "" when the URL names none
	Password string // "" for none in the URL
	HasPass  bool   // the URL gave a password, maybe empty
	Host     string // without brackets
	Port     int    // the scheme's default when the URL gives none
	// Path is the URL's path, as net/url decodes it; the file's path
	// once FilePath has taken the scheme's prefix off and checked it.
	Path string
}

// Addr is host:port to dial.
func (p Parts) Addr() string { return net.JoinHostPort(p.Host, strconv.Itoa(p.Port)) }

// HasScheme reports whether s starts with scheme, "ftp://" for one,
// in any case.
func HasScheme(s, scheme string) bool {
	return len(s) >= len(scheme) && strings.EqualFold(s[:len(scheme)], scheme)
}

// IsRemote reports whether s is an sftp:// or ftp:// URL: a source that
// no HTTP proxy carries and that the remote sources fetch.
func IsRemote(s string) bool { return HasScheme(s, "sftp://") || HasScheme(s, "ftp://") }

// FilePath takes prefix off p.Path and checks that what is left names a
// file, with no control character that could end the command it is sent
// in and start another; its errors quote s without its password.
func (p *Parts) FilePath(s, prefix string) error {
	p.Path = strings.TrimPrefix(p.Path, prefix)
	if p.Path == "" || p.Path == "/" || strings.HasSuffix(p.Path, "/") {
		return fmt.Errorf("%q names no file", Redact(s))
	}
	if strings.ContainsAny(p.Path, "\x00\r\n") {
		return fmt.Errorf("%q: the path has a control character", Redact(s))
	}
	return nil
}

// quoted is a string net/url's errors quote.
var quoted = regexp.MustCompile(`"(\\.|[^"\\])*"`)

// Parse reads scheme://[user[:password]@]host[:port]/path with defPort
// for a URL that names no port. Its errors quote the URL without its
// password (Redact). The caller checks the scheme and the path.
func Parse(s string, defPort int) (Parts, error) {
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL, which may hold a password
		}
		why := err.Error()
		if Redact(s) != s {
			// net/url quotes what it could not read, which may be a piece
			// of the password: a '#' or '?' in it ends the userinfo.
			why = quoted.ReplaceAllString(why, `"…"`)
		}
		return Parts{}, fmt.Errorf("%q is not a valid URL: %s", Redact(s), why)
	}
	p := Parts{Host: u.Hostname(), Port: defPort, Path: u.Path}
	if p.Host == "" {
		return Parts{}, fmt.Errorf("%q: the URL has no host", Redact(s))
	}
	if port := u.Port(); port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return Parts{}, fmt.Errorf("%q: port %s is not between 1 and 65535", Redact(s), port)
		}
		p.Port = n
	}
	if u.User != nil {
		p.User = u.User.Username()
		p.Password, p.HasPass = u.User.Password()
	}
	return p, nil
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

// ConnectTimeout is d, or 15 seconds when d is not above 0.
func ConnectTimeout(d time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return 15 * time.Second
}

// Differs says how a file of size and mtime is not the version pinned
// at pinSize and pinTime, "" when it is; layout writes the times.
func Differs(pinSize int64, pinTime time.Time, size int64, mtime time.Time, layout string) string {
	if size != pinSize {
		return fmt.Sprintf("its size was %d and is %d", pinSize, size)
	}
	if !mtime.Equal(pinTime) {
		return fmt.Sprintf("its modification time was %s and is %s", pinTime.UTC().Format(layout), mtime.UTC().Format(layout))
	}
	return ""
}

// Take is what a pool of sessions or connections finds under its lock:
// an error when it is closed (url names it), else the idle one given back
// most recently, ok false when there is none.
func Take[T any](closed bool, idle *[]T, url string) (v T, ok bool, err error) {
	if closed {
		return v, false, fmt.Errorf("%s: %w", url, net.ErrClosed)
	}
	n := len(*idle)
	if n == 0 {
		return v, false, nil
	}
	v = (*idle)[n-1]
	*idle = (*idle)[:n-1]
	return v, true, nil
}

// Back gives v back to a pool's idle ones under its lock, and reports
// false when the pool is closed: then the caller ends v.
func Back[T any](closed bool, idle *[]T, v T) bool {
	if closed {
		return false
	}
	*idle = append(*idle, v)
	return true
}

// Shut closes a pool under its lock and returns its idle ones, for the
// caller to end once the lock is let go.
func Shut[T any](closed *bool, idle *[]T) []T {
	was := *idle
	*idle, *closed = nil, true
	return was
}
