// Target: what an sftp:// URL names, and its parsing.

package sftpsrc

import (
	"errors"

	"github.com/slget/slget/internal/remoteurl"
)

// Target is the server, user and file an sftp:// URL names: User ""
// means the local user's name, Port 22 when the URL gives none, and Path
// the file's path on the server, as the URL names it.
type Target struct{ remoteurl.Parts }

// ErrNotSFTP says a URL is not an sftp:// one.
var ErrNotSFTP = errors.New("not an sftp:// URL")

// IsSFTP reports whether s names the sftp scheme.
func IsSFTP(s string) bool { return remoteurl.HasScheme(s, "sftp://") }

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
	if err := p.FilePath(s, "/~/"); err != nil {
		return Target{}, err
	}
	return Target{p}, nil
}

// redact is s without the password of its userinfo.
func redact(s string) string { return remoteurl.Redact(s) }
