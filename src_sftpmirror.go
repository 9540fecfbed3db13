// sftp:// mirrors beside http(s) ones (an -i TAB line, Request.Mirrors, a
// Metalink): each logs in once, its stat pins its version (size and
// mtime), and it is on probation like any mirror no digest covers.

package slget

import (
	"context"
	"net"
	"net/netip"
	"syscall"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/sftpsrc"
)

// probeSFTPMirror logs in to the sftp:// mirror u and stats its file. A
// mirror that fails, or whose file has another size, is left out (nil,
// why). One a server named (a Metalink read from a URL) is dialled at no
// address more private than that server's, and is offered no password the
// user gave (SFTPOptions.Password): only its URL's own.
func (d *download) probeSFTPMirror(ctx context.Context, u string) (*sftpsrc.Remote, string) {
	cfg, err := d.req.SFTP.config()
	if err == nil {
		if named, _, _ := d.namedBy(u); named {
			cfg.Password = ""
			cfg.Control = scopeControl(d.answerScope(0))
		}
		var rem *sftpsrc.Remote
		if rem, err = sftpsrc.Dial(ctx, u, cfg); err == nil {
			if rem.Validator.Size == d.probe.Validator.Size {
				return rem, ""
			}
			rem.Close()
			why := d.sizeWhy(rem.Validator.Size)
			d.warn("mirror %s left out: %s", fetch.Redact(u), why)
			return nil, why
		}
	}
	if e := ownSFTP(err, err); e != nil {
		err = e
	}
	why := err.Error()
	d.warn("mirror %s left out: %s", fetch.Redact(u), why)
	return nil, why
}

// scopeControl refuses, as a net.Dialer's Control, an address more
// private than limit allows (fetch.Scope).
func scopeControl(limit fetch.Scope) func(string, string, syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			host = address
		}
		ip, err := netip.ParseAddr(host)
		if err != nil {
			return nil
		}
		if a := fetch.AddrScope(ip); !limit.Allows(a) {
			return &fetch.ScopeError{Addr: host, Scope: a, Limit: limit}
		}
		return nil
	}
}

// closeMirrors ends the sessions of the sftp:// mirrors.
func (d *download) closeMirrors() {
	for _, m := range d.mirrored {
		if m.remote != nil {
			m.remote.Close()
		}
	}
}
