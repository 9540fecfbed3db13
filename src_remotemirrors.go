// Remote mirrors: an sftp:// or ftp:// mirror beside an http(s):// URL,
// pinned by its own size and modification time and, as any mirror no
// digest covers, on probation for the whole download.

package slget

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/ftpsrc"
	"github.com/slget/slget/fetch/sftpsrc"
)

// remoteMirror is an sftp:// or ftp:// mirror in use, and the key of its
// Stats.
type remoteMirror struct {
	src   remoteFile
	key   string
	close func()
}

// dialMirror logs in to the sftp:// or ftp:// mirror u and pins its
// version: nil, with the reason, when it may not be used or does not fit.
// Only the mirrors the user gave are dialled: the request's credentials
// (--ftp-user, --ftp-passwd, SSH keys) are the user's, not a server's to
// send anywhere, and a server-named address could be a private one.
func (d *download) dialMirror(ctx context.Context, u string) (remoteFile, string) {
	var (
		rem  remoteFile
		size int64
		why  string
	)
	switch {
	case d.req.NamedBy != nil || !slices.Contains(d.req.Mirrors, u):
		why = "a server named it, and sftp:// and ftp:// mirrors are taken from the user only"
	case ftpsrc.IsFTP(u):
		r, err := ftpsrc.Dial(ctx, u, d.req.FTP.config())
		switch {
		case err != nil:
			why = err.Error()
		case !r.Ranges:
			r.Close()
			why = "the server refuses REST or SIZE"
		default:
			rem, size = r, r.Validator.Size
		}
	default:
		cfg, err := d.req.SFTP.config()
		var r *sftpsrc.Remote
		if err == nil {
			r, err = sftpsrc.Dial(ctx, u, cfg)
		}
		if err != nil {
			why = err.Error()
		} else {
			rem, size = r, r.Validator.Size
		}
	}
	if rem != nil && size != d.probe.Validator.Size {
		rem.Close()
		rem, why = nil, d.sizeWhy(size)
	}
	if rem == nil {
		d.warn("mirror %s left out: %s", fetch.Redact(u), why)
	}
	return rem, why
}

// addRemoteMirror keeps rem, a mirror in use, to be checked after the
// last byte and closed at the end.
func (d *download) addRemoteMirror(rem remoteFile, u string) {
	d.remoteMirrors = append(d.remoteMirrors, remoteMirror{src: rem, key: fetch.Redact(u), close: sync.OnceFunc(rem.Close)})
}

// closeRemoteMirrors ends the remote mirrors' connections.
func (d *download) closeRemoteMirrors() {
	for _, m := range d.remoteMirrors {
		m.close()
	}
}

// confirmRemoteMirrors asks each remote mirror that sent bytes for its
// size and modification time after the last byte, as the HTTP mirrors
// are asked for their version: one that changed is a confirmed change.
func (d *download) confirmRemoteMirrors(ctx context.Context) error {
	for _, m := range d.remoteMirrors {
		if st := d.res.Mirrors[m.key]; st.Bytes == 0 || st.Dropped != "" {
			continue
		}
		err := d.c.retry().Do(ctx, func() error { return m.src.Check(ctx) }, func(try int, err error, wait time.Duration) {
			d.warn("asking %s for the version after the last byte: %v; %s", m.key, err, fetch.TryLine(try+1, d.c.retry().TriesFor(err), -1, wait))
		})
		if err != nil {
			return fmt.Errorf("mirror %s: %w", m.key, err)
		}
	}
	return nil
}
