// Package sftpsrc reads a file of an SSH server (sftp://) in ranges over
// several SSH connections, as a fetch.Source.
//
// Each connection is an SSH session of its own with one SFTP channel, so
// that N connections get N windows and N cipher streams (one SSH
// connection multiplexing N channels would share one TCP connection and one
// core). A range opens the file, checks the handle's size and modification
// time (fstat) against the version pinned when the download began, and
// reads the range as chunks of 256 KiB, 8 of them asked for at once and
// delivered in order (2 MiB in flight, as OpenSSH's sftp keeps 64 requests
// of 32 KiB), so that a session does not idle a round trip per chunk on a
// long link; a file whose size or mtime moved is a *fetch.ChangedError,
// never bytes of another version.
//
// The package lives beside fetch, not in it: fetch is the HTTP client and
// links no SSH stack, and this package knows nothing of journals, the
// store or terminals. The root package wires it in for sftp:// URLs.
//
// # Authentication and host keys
//
// Methods are offered in the order ssh offers them: the agent
// (SSH_AUTH_SOCK), the private keys given (else ~/.ssh/id_ed25519,
// id_ecdsa, id_rsa), then the password (the URL's, else Config.Password).
// The host key is checked against known_hosts, or against the digest of
// Config.HostKeyMD (aria2's --ssh-host-key-md); an unknown or changed key
// is a *HostKeyError whose message shows its SHA256 fingerprint.
//
// # Caveats
//
// Size plus modification time (in whole seconds, as SFTP v3 carries it)
// cannot see a file rewritten in place within one second at the same size;
// only a checksum proves the bytes.
package sftpsrc
