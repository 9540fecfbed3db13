// The SFTP side as a program meets it: SFTPOptions, how sftp:// URLs log in
// and which host keys they trust, and the errors a download from one
// returns (SFTPError, HostKeyError), made from the SSH side's own.

package slget

import (
	"strconv"
	"time"

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

// String says what k is about, in a word or two.
func (k SFTPKind) String() string {
	switch k {
	case SFTPNotFound:
		return "not found"
	case SFTPNotAFile:
		return "not a file"
	case SFTPRefused:
		return "refused"
	}
	return "SFTPKind(" + strconv.Itoa(int(k)) + ")"
}

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
