// SFTP downloads: an sftp:// URL's file in ranges over N SSH sessions,
// through the same lock, journal, scheduler, checks and rename as HTTP.

package slget

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/sftpsrc"
)

// SFTPOptions is how sftp:// URLs log in and which host keys they trust.
// The zero value offers the agent and ~/.ssh's default keys, and checks
// host keys against ~/.ssh/known_hosts.
type SFTPOptions struct {
	// User logs in when the URL names none (aria2's --ftp-user); "" means
	// the local user's name.
	User string
	// Password is offered when the URL gives none (--ftp-passwd).
	Password string
	// PrivateKeys are the key files to offer (--private-key) instead of
	// ~/.ssh's id_ed25519, id_ecdsa and id_rsa.
	PrivateKeys []string
	// KnownHosts is the known_hosts file; "" means ~/.ssh/known_hosts.
	KnownHosts string
	// HostKeyMD, as aria2's --ssh-host-key-md=TYPE=HEX (sha-256, sha-1
	// or md5 of the key), is the host key to accept instead of
	// known_hosts.
	HostKeyMD string
	// NoAgent offers no key of ssh-agent.
	NoAgent bool
	// ConnectTimeout bounds the TCP connection, the SSH handshake and the
	// login of each session; zero means 15s.
	ConnectTimeout time.Duration
}

// SFTPError is a final answer of an sftp:// server about the file or the
// login: Kind says which.
type SFTPError struct {
	URL   string // redacted
	Kind  SFTPKind
	Err   error // what the server or the SSH layer said
	cause error
}

func (e *SFTPError) sftp() error {
	return orCause(e.cause, &sftpsrc.Error{URL: e.URL, Kind: sftpsrc.Kind(e.Kind), Err: e.Err})
}
func (e *SFTPError) Error() string { return e.sftp().Error() }

// Unwrap returns the SSH side's own error.
func (e *SFTPError) Unwrap() error { return e.sftp() }

// SFTPKind says what an *SFTPError is about.
type SFTPKind int

// Kinds of SFTPError.
const (
	SFTPNotFound SFTPKind = SFTPKind(sftpsrc.NotFound) // no such file on the server
	SFTPNotAFile SFTPKind = SFTPKind(sftpsrc.NotAFile) // a folder, a device or a link to nothing
	SFTPRefused  SFTPKind = SFTPKind(sftpsrc.Refused)  // the login was refused, or the file may not be read
)

// HostKeyError is an SSH host key that is not trusted: unknown to the
// known hosts, changed, or not the digest given. Its message shows the
// key's fingerprint and what to do.
type HostKeyError struct {
	Host        string // host:port
	Fingerprint string // SHA256:... as ssh prints it
	KeyType     string
	Changed     bool   // the known hosts have another key for the host
	KnownHosts  string // the file that was read; "" with a digest
	Digest      bool   // checked against SFTPOptions.HostKeyMD
	Line        int    // the known_hosts line of the other key, when Changed
	Err         error  // the known hosts could not be read
	cause       error
}

func (e *HostKeyError) sftp() error {
	return orCause(e.cause, &sftpsrc.HostKeyError{Host: e.Host, Fingerprint: e.Fingerprint, KeyType: e.KeyType, Changed: e.Changed,
		KnownHosts: e.KnownHosts, Digest: e.Digest, Line: e.Line, Err: e.Err})
}
func (e *HostKeyError) Error() string { return e.sftp().Error() }

// Unwrap returns the SSH side's own error.
func (e *HostKeyError) Unwrap() error { return e.sftp() }

// Remedies: a key unknown to the known hosts may be given by its digest,
// once checked with the server's owner.
func (e *HostKeyError) Remedies() []Remedy {
	if e.Changed || e.Digest || e.Err != nil {
		return nil
	}
	return []Remedy{RemedyHostKeyDigest}
}

// ownSFTP is the root's error for one of sftpsrc's; nil for another.
func ownSFTP(e, whole error) error {
	switch e := e.(type) {
	case *sftpsrc.Error:
		return &SFTPError{URL: e.URL, Kind: SFTPKind(e.Kind), Err: e.Err, cause: whole}
	case *sftpsrc.HostKeyError:
		return &HostKeyError{Host: e.Host, Fingerprint: e.Fingerprint, KeyType: e.KeyType, Changed: e.Changed,
			KnownHosts: e.KnownHosts, Digest: e.Digest, Line: e.Line, Err: e.Err, cause: whole}
	}
	return nil
}

func (o SFTPOptions) config() (sftpsrc.Config, error) {
	cfg := sftpsrc.Config{User: o.User, Password: o.Password, PrivateKeys: o.PrivateKeys, KnownHosts: o.KnownHosts, NoAgent: o.NoAgent, ConnectTimeout: o.ConnectTimeout}
	if o.HostKeyMD != "" {
		md, err := sftpsrc.ParseHostKeyMD(o.HostKeyMD)
		if err != nil {
			return cfg, err
		}
		cfg.HostKeyMD = &md
	}
	return cfg, nil
}

// runSFTP is run for an sftp:// URL: a stat in place of the probe (size
// and mtime are the validator), then the output, the journal and the
// transfer as for HTTP, and a stat again before the rename.
func (d *download) runSFTP(ctx context.Context) error {
	if d.req.Writer != nil {
		return &RequestError{Err: errors.New("an sftp:// URL is saved to a file, not streamed (-o -)")}
	}
	if _, err := sftpsrc.ParseURL(d.req.URL); err != nil {
		return &RequestError{Err: err}
	}
	cfg, err := d.req.SFTP.config()
	if err != nil {
		return &RequestError{Err: err}
	}
	var rem *sftpsrc.Remote
	refused := 0
	err = d.c.retry().Do(ctx, func() error {
		var err error
		rem, err = sftpsrc.Dial(ctx, d.req.URL, cfg)
		if errors.Is(err, syscall.ECONNREFUSED) {
			// As the HTTP probe: tried once more, then said plainly.
			if refused++; refused >= refusedTries {
				return fetch.Final(fmt.Errorf("%w; is the SSH server up, and the port in the URL right?", err))
			}
		}
		return err
	}, func(try int, err error, wait time.Duration) {
		tries := d.c.retry().Tries()
		if errors.Is(err, syscall.ECONNREFUSED) && (tries == 0 || tries > refusedTries) {
			tries = refusedTries
		}
		d.warn("%v; %s", err, fetch.TryLine(try+1, tries, -1, wait))
	})
	if err != nil {
		if ctx.Err() != nil {
			return &InterruptedError{Err: ctx.Err()}
		}
		return err
	}
	defer rem.Close()
	d.remote = rem
	if len(d.req.Mirrors) > 0 {
		d.warn("the mirrors beside an sftp:// URL are not used: its file comes from its own server only")
	}
	d.protocol = "SFTP"
	d.probe = &fetch.Probe{URL: d.req.URL, FinalURL: d.req.URL, Validator: rem.Validator, Ranged: true}
	d.res.FinalURL = d.res.URL
	d.res.Size = rem.Validator.Size
	d.res.Validator = validatorOf(rem.Validator)
	d.res.Ranged = true
	if err := d.checkSize(); err != nil {
		return err
	}
	if d.req.DryRun {
		return d.dryRun()
	}
	if err := d.claimOutput(ctx); err != nil {
		return err
	}
	if d.action == actComplete {
		return d.finishComplete()
	}
	if err := d.transferSFTP(ctx); err != nil {
		return err
	}
	return d.finish(ctx)
}

// transferSFTP fetches the slices the plan lacks from the Remote, then
// stats the file again: one that changed during the transfer is a
// *fetch.ChangedError (exit 33), and the partial download is kept.
func (d *download) transferSFTP(ctx context.Context) error {
	cfg := d.sliceConfig() // sessions as HTTP connections, -x auto included
	if d.journal != nil {
		cfg.Journal = committer{d.journal}
	}
	d.prefix = d.newPrefixHash()
	d.cfg = cfg
	dl := fetch.NewDownloader(cfg, d.plan, d.done, d.remote, newSyncFile(d.lock.f, d.plan, d.prefix))
	d.started(d.plan.Size, d.res.Resumed, cfg.Connections, true, d.plan, dl.Stats, dl.Done)
	d.prefix.start(ctx, dl)
	bctx, stopChecks := context.WithCancel(ctx)
	defer stopChecks()
	checks := d.startBeside(bctx)
	err := dl.Run(ctx, nil)
	d.prefix.stop()
	if err == nil {
		err = d.endBeside(ctx, checks, d.remote)
	} else if checks != nil {
		stopChecks()
		<-checks
		d.dropBeside()
	}
	st := dl.Stats()
	d.res.Connections = st.Peak
	d.res.Transferred = st.Written
	if err == nil {
		err = d.remote.Check(ctx)
	}
	if d.journal != nil {
		for src, n := range d.journal.Counts() {
			if n > 0 {
				d.res.BySource[Source(src)] = n
			}
		}
	} else {
		for p, n := range st.BySource {
			d.res.BySource[Source(p)] += n
		}
	}
	if err != nil {
		d.prefix = nil
		return d.fail(ctx, err)
	}
	return nil
}

// originSource is where the origin's bytes come from for the checks of a
// resume: the Remote for sftp://, else the HTTP origin.
func (d *download) originSource() fetch.Source {
	if d.remote != nil {
		return d.remote
	}
	return fetch.NewOrigin(d.http(), d.probe)
}
