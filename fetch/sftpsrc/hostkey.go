// Host keys: known_hosts and aria2's --ssh-host-key-md digest; never a key
// trusted in silence.

package sftpsrc

import (
	"bytes"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/knownhosts"
)

// HostKeyMD is a digest of the server's host key blob, as aria2's
// --ssh-host-key-md=TYPE=DIGEST gives it.
type HostKeyMD struct {
	Type string // "sha-256", "sha-1" or "md5"
	Sum  []byte
}

// ParseHostKeyMD reads TYPE=HEX, TYPE one of sha-256, sha-1, md5 (also
// sha256, sha1); the hex may have ':' between its bytes.
func ParseHostKeyMD(s string) (HostKeyMD, error) {
	typ, digest, ok := strings.Cut(s, "=")
	if !ok {
		return HostKeyMD{}, fmt.Errorf("the host key digest %q is not TYPE=DIGEST", s)
	}
	var size int
	switch t := strings.ToLower(typ); t {
	case "sha-256", "sha256":
		typ, size = "sha-256", sha256.Size
	case "sha-1", "sha1":
		typ, size = "sha-1", sha1.Size
	case "md5":
		typ, size = "md5", md5.Size
	default:
		return HostKeyMD{}, fmt.Errorf("the host key digest's type %q is not sha-256, sha-1 or md5", typ)
	}
	sum, err := hex.DecodeString(strings.ReplaceAll(digest, ":", ""))
	if err != nil || len(sum) != size {
		return HostKeyMD{}, fmt.Errorf("the host key digest: %s needs %d bytes in hex", typ, size)
	}
	return HostKeyMD{Type: typ, Sum: sum}, nil
}

func (m HostKeyMD) matches(key ssh.PublicKey) bool {
	b := key.Marshal()
	var got []byte
	switch m.Type {
	case "sha-256":
		s := sha256.Sum256(b)
		got = s[:]
	case "sha-1":
		s := sha1.Sum(b)
		got = s[:]
	case "md5":
		s := md5.Sum(b)
		got = s[:]
	}
	return bytes.Equal(got, m.Sum)
}

// HostKeyError is a host key that slget does not trust: unknown, changed,
// or not the digest given.
type HostKeyError struct {
	Host        string // host:port
	Fingerprint string // SHA256:... as ssh prints it
	KeyType     string
	Changed     bool   // known_hosts has another key for the host
	KnownHosts  string // the file that was read, "" with a digest
	Digest      bool   // checked against --ssh-host-key-md
	Line        int    // the known_hosts line of the other key, when Changed
	Err         error  // the file could not be read
}

func (e *HostKeyError) Error() string {
	host, port, _ := net.SplitHostPort(e.Host)
	name := host
	if port != "22" {
		name = "[" + host + "]:" + port
	}
	scan := "ssh-keyscan -t " + e.KeyType
	if port != "22" {
		scan += " -p " + port
	}
	scan += " " + host
	switch {
	case e.Err != nil:
		return fmt.Sprintf("%s: the known hosts cannot be read (%v); the server's %s key is %s", e.Host, e.Err, e.KeyType, e.Fingerprint)
	case e.Digest:
		return fmt.Sprintf("%s: the server's %s key %s is not the one the host key digest given names; refused", e.Host, e.KeyType, e.Fingerprint)
	case e.Changed:
		return fmt.Sprintf("%s: the server's %s key %s is not the one %s holds for it (line %d): refused, as it may be someone in between; if the server's key was changed on purpose, remove the old one with ssh-keygen -R '%s' -f %s and add the new one after checking its fingerprint (%s)",
			e.Host, e.KeyType, e.Fingerprint, e.KnownHosts, e.Line, name, e.KnownHosts, scan)
	}
	return fmt.Sprintf("%s: the server's %s key %s is not in %s: refused; check the fingerprint with the server's owner, then add it with %s >> %s (or give the key's digest, sha-256=HEX, as the one host key to accept)",
		e.Host, e.KeyType, e.Fingerprint, e.KnownHosts, scan, e.KnownHosts)
}

// hostKeyCheck is the callback that checks the server's key: against md
// when given, else against the known_hosts file.
func hostKeyCheck(md *HostKeyMD, knownFile string) ssh.HostKeyCallback {
	return func(hostname string, remote net.Addr, key ssh.PublicKey) error {
		e := &HostKeyError{Host: hostname, Fingerprint: ssh.FingerprintSHA256(key), KeyType: key.Type(), KnownHosts: knownFile}
		if md != nil {
			if md.matches(key) {
				return nil
			}
			e.Digest = true
			return e
		}
		check, err := knownhosts.New(knownFile)
		if err != nil {
			if !errors.Is(err, os.ErrNotExist) {
				e.Err = err
			}
			return e
		}
		err = check(hostname, remote, key)
		var ke *knownhosts.KeyError
		switch {
		case err == nil:
			return nil
		case errors.As(err, &ke):
			if len(ke.Want) > 0 {
				e.Changed, e.Line = true, ke.Want[0].Line
			}
			return e
		case errors.As(err, new(*knownhosts.RevokedError)):
			e.Changed = true
			return e
		}
		e.Err = err
		return e
	}
}

// asHostKey finds a *HostKeyError in err, which the ssh package wraps with
// fmt.Errorf("ssh: handshake failed: %w").
func asHostKey(err error, he **HostKeyError) bool {
	return errors.As(err, he)
}
