// Target: what an ftp:// URL names, and its parsing.

package ftpsrc

import (
	"errors"
	"fmt"
	"strings"

	"github.com/slget/slget/internal/remoteurl"
)

// Target is the server, user and file an ftp:// URL names: User "" when
// the URL names none, Port 21 when it gives none, and Path the file as
// RETR names it: relative to the login folder, as RFC 1738 reads
// ftp://h/a/b; a path that starts with %2F is absolute.
type Target struct{ remoteurl.Parts }

// ErrNotFTP says a URL is not an ftp:// one.
var ErrNotFTP = errors.New("not an ftp:// URL")

// IsFTP reports whether s names the ftp scheme.
func IsFTP(s string) bool { return remoteurl.HasScheme(s, "ftp://") }

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
	if strings.ContainsAny(p.User+p.Password, "\x00\r\n") {
		return Target{}, fmt.Errorf("%q: the user or password has a control character", Redact(s))
	}
	if err := p.FilePath(s, "/"); err != nil {
		return Target{}, err
	}
	if i := strings.IndexByte(p.Path, ';'); i >= 0 && strings.HasPrefix(strings.ToLower(p.Path[i:]), ";type=") {
		return Target{}, fmt.Errorf("%q: ;type= is not taken (slget always reads the file's bytes as they are, TYPE I)", Redact(s))
	}
	return Target{p}, nil
}

// Redact is s without the password of its userinfo.
func Redact(s string) string { return remoteurl.Redact(s) }
