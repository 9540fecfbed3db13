// Authentication: the agent, the private keys, then a password, in the
// order ssh offers them.

package sftpsrc

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/agent"
)

// defaultKeys are the private keys ssh tries from ~/.ssh, in its order.
var defaultKeys = []string{"id_ed25519", "id_ecdsa", "id_rsa"}

// authMethods are the methods to offer, with a closer for the agent's
// connection.
func (c *Config) authMethods(t Target) ([]ssh.AuthMethod, func(), error) {
	var methods []ssh.AuthMethod
	closer := func() {}
	if sock := c.agentSock(); sock != "" {
		if conn, err := net.Dial("unix", sock); err == nil {
			closer = func() { conn.Close() }
			methods = append(methods, ssh.PublicKeysCallback(agent.NewClient(conn).Signers))
		}
	}
	signers, err := c.signers()
	if err != nil {
		closer()
		return nil, nil, err
	}
	if len(signers) > 0 {
		methods = append(methods, ssh.PublicKeys(signers...))
	}
	pass, has := c.Password, c.Password != ""
	if t.HasPass {
		pass, has = t.Password, true
	}
	if has {
		methods = append(methods, ssh.Password(pass),
			ssh.KeyboardInteractive(func(_, _ string, qs []string, _ []bool) ([]string, error) {
				a := make([]string, len(qs))
				for i := range a {
					a[i] = pass
				}
				return a, nil
			}))
	}
	return methods, closer, nil
}

func (c *Config) agentSock() string {
	if c.NoAgent {
		return ""
	}
	if c.AgentSock != "" {
		return c.AgentSock
	}
	return os.Getenv("SSH_AUTH_SOCK")
}

// signers reads the keys given, else the default ones that exist. A key
// given that cannot be read or is protected by a passphrase is an error;
// a default one is skipped (ssh would ask for its passphrase, slget asks
// nothing: the agent holds such keys).
func (c *Config) signers() ([]ssh.Signer, error) {
	files, given := c.PrivateKeys, true
	if len(files) == 0 {
		given = false
		if dir := c.sshDir(); dir != "" {
			for _, n := range defaultKeys {
				files = append(files, filepath.Join(dir, n))
			}
		}
	}
	var out []ssh.Signer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			if given {
				return nil, fmt.Errorf("the private key: %w", err)
			}
			continue
		}
		s, err := ssh.ParsePrivateKey(b)
		if err != nil {
			if given {
				var pe *ssh.PassphraseMissingError
				if errors.As(err, &pe) {
					return nil, fmt.Errorf("the private key %s has a passphrase: add it to ssh-agent instead", f)
				}
				return nil, fmt.Errorf("the private key %s: %w", f, err)
			}
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

// sshDir is ~/.ssh, "" when there is no home.
func (c *Config) sshDir() string {
	home := c.Home
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		home = h
	}
	return filepath.Join(home, ".ssh")
}

// knownHosts is the file of known host keys to check against.
func (c *Config) knownHosts() string {
	if c.KnownHosts != "" {
		return c.KnownHosts
	}
	if dir := c.sshDir(); dir != "" {
		return filepath.Join(dir, "known_hosts")
	}
	return ""
}
