// Remote: one file of an SSH server, read in ranges over a pool of SSH
// sessions, pinned by size and modification time.

package sftpsrc

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/user"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/pkg/sftp"
	"golang.org/x/crypto/ssh"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/remoteurl"
	"github.com/slget/slget/segment"
)

// Config is how to log in and what to trust. The zero value uses the
// agent, the default keys and ~/.ssh/known_hosts.
type Config struct {
	User        string   // when the URL names none; "" means the local user's name
	Password    string   // when the URL gives none (aria2's --ftp-passwd)
	PrivateKeys []string // key files to offer; nil means ~/.ssh's default ones
	KnownHosts  string   // "" means ~/.ssh/known_hosts
	HostKeyMD   *HostKeyMD
	AgentSock   string // "" means $SSH_AUTH_SOCK
	NoAgent     bool
	Home        string // "" means the user's home folder
	// ConnectTimeout bounds the TCP connection and the SSH handshake with
	// its login; zero means 15s.
	ConnectTimeout time.Duration
	// Control, if set, is called with every address dialled, after the
	// name was resolved (net.Dialer's Control): an error refuses it.
	Control func(network, address string, c syscall.RawConn) error
}

// Remote is the file an sftp:// URL names, at the version its first stat
// found. It is a fetch.Source; Close ends its sessions.
type Remote struct {
	Validator fetch.Validator
	url       string // redacted, for messages
	t         Target
	cfg       Config
	sshCfg    *ssh.ClientConfig
	closeAuth func()
	mtime     time.Time

	mu     sync.Mutex
	idle   []*session
	closed bool
	dialed atomic.Int64
}

type session struct {
	conn *ssh.Client
	sc   *sftp.Client
}

func (s *session) close() {
	s.sc.Close()
	s.conn.Close()
}

// Dial logs in to the server rawURL names, stats the file and pins its
// version. The errors: *HostKeyError, *Error (no such file, not a file,
// login refused; each wrapped by fetch.Final), or a network error worth
// another try.
func Dial(ctx context.Context, rawURL string, cfg Config) (*Remote, error) {
	t, err := ParseURL(rawURL)
	if err != nil {
		return nil, fetch.Final(err)
	}
	r := &Remote{url: redact(rawURL), t: t, cfg: cfg}
	name := t.User
	if name == "" {
		name = cfg.User
	}
	if name == "" {
		if u, err := user.Current(); err == nil {
			name = u.Username
		}
	}
	methods, closeAuth, err := cfg.authMethods(t)
	if err != nil {
		return nil, fetch.Final(err)
	}
	r.closeAuth = closeAuth
	r.sshCfg = &ssh.ClientConfig{
		User:            name,
		Auth:            methods,
		HostKeyCallback: hostKeyCheck(cfg.HostKeyMD, cfg.knownHosts()),
		Timeout:         cfg.connectTimeout(),
	}
	s, err := r.dial(ctx)
	if err != nil {
		r.Close()
		return nil, err
	}
	fi, err := r.stat(s)
	if err == nil && !fi.Mode().IsRegular() {
		err = &Error{URL: r.url, Kind: NotAFile, Err: fmt.Errorf("its mode is %v", fi.Mode())}
	}
	if err != nil {
		s.close()
		r.Close()
		if _, ok := err.(*Error); ok {
			return nil, fetch.Final(err)
		}
		return nil, r.final(r.fileErr(err))
	}
	r.mtime = fi.ModTime()
	r.Validator = fetch.Validator{Size: fi.Size(), LastModified: fi.ModTime().UTC().Format(http.TimeFormat)}
	r.put(s)
	return r, nil
}

func (c Config) connectTimeout() time.Duration { return remoteurl.ConnectTimeout(c.ConnectTimeout) }

// final marks the server's answers about the file as not worth another
// try; a lost session stays worth one.
func (r *Remote) final(err error) error {
	if _, ok := err.(*Error); ok {
		return fetch.Final(err)
	}
	return err
}

// Sessions is how many SSH sessions were opened so far.
func (r *Remote) Sessions() int { return int(r.dialed.Load()) }

// dial opens one more SSH session with its SFTP channel.
func (r *Remote) dial(ctx context.Context) (*session, error) {
	d := net.Dialer{Timeout: r.cfg.connectTimeout(), Control: r.cfg.Control}
	tcp, err := d.DialContext(ctx, "tcp", r.t.Addr())
	if err != nil {
		return nil, fmt.Errorf("%s: connecting: %w", r.url, err)
	}
	stop := context.AfterFunc(ctx, func() { tcp.Close() })
	defer stop()
	tcp.SetDeadline(time.Now().Add(r.cfg.connectTimeout()))
	cc, chans, reqs, err := ssh.NewClientConn(tcp, r.t.Addr(), r.sshCfg)
	if err != nil {
		tcp.Close()
		var he *HostKeyError
		if asHostKey(err, &he) {
			return nil, fetch.Final(he)
		}
		if strings.Contains(err.Error(), "unable to authenticate") {
			return nil, fetch.Final(&Error{URL: r.url, Kind: Refused, Err: fmt.Errorf("the server refused the login of %q (tried the agent, keys and password given): %v", r.sshCfg.User, err)})
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, lost(r.url, err)
	}
	tcp.SetDeadline(time.Time{})
	conn := ssh.NewClient(cc, chans, reqs)
	sc, err := sftp.NewClient(conn)
	if err != nil {
		conn.Close()
		return nil, lost(r.url, fmt.Errorf("starting SFTP: %w", err))
	}
	r.dialed.Add(1)
	return &session{conn: conn, sc: sc}, nil
}

// get takes an idle session, or opens one.
func (r *Remote) get(ctx context.Context) (*session, error) {
	r.mu.Lock()
	s, ok, err := remoteurl.Take(r.closed, &r.idle, r.url)
	r.mu.Unlock()
	if ok || err != nil {
		return s, err
	}
	return r.dial(ctx)
}

// put gives a healthy session back to the pool.
func (r *Remote) put(s *session) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !remoteurl.Back(r.closed, &r.idle, s) {
		s.close()
	}
}

// Close ends every idle session; a body still open ends its own.
func (r *Remote) Close() {
	r.mu.Lock()
	idle := remoteurl.Shut(&r.closed, &r.idle)
	r.mu.Unlock()
	for _, s := range idle {
		s.close()
	}
	if r.closeAuth != nil {
		r.closeAuth()
	}
}

// stat asks s for the file's size and mtime, within the connect timeout:
// a server that stops answering ends the session, not the download.
func (r *Remote) stat(s *session) (os.FileInfo, error) {
	t := time.AfterFunc(r.cfg.connectTimeout(), func() { s.conn.Close() })
	defer t.Stop()
	return s.sc.Stat(r.t.Path)
}

// differs says how fi is not the pinned version, "" when it is.
func (r *Remote) differs(fi os.FileInfo) string {
	return remoteurl.Differs(r.Validator.Size, r.mtime, fi.Size(), fi.ModTime(), time.RFC3339)
}

// Check stats the file afresh: a *fetch.ChangedError when it is no longer
// the pinned version.
func (r *Remote) Check(ctx context.Context) error {
	s, err := r.get(ctx)
	if err != nil {
		return err
	}
	fi, err := r.stat(s)
	if err != nil {
		s.close()
		return r.final(r.fileErr(err))
	}
	r.put(s)
	if why := r.differs(fi); why != "" {
		return &fetch.ChangedError{URL: r.url, Reason: why, Confirmed: true}
	}
	return nil
}

// Unaligned implements fetch.Unaligned: a range may start inside a slice
// (the rest of one a stopped download had begun), read at any offset.
func (r *Remote) Unaligned() bool { return true }

// Open implements fetch.Source: the file opened on one session, its handle
// checked against the pinned version (fstat), and rg read from it. A
// cancelled ctx (a stall, the end of the claim) ends the session, so that
// no read can hold the download.
func (r *Remote) Open(ctx context.Context, rg segment.Range) (fetch.Body, error) {
	s, err := r.get(ctx)
	if err != nil {
		return fetch.Body{}, err
	}
	stop := context.AfterFunc(ctx, func() { s.conn.Close() })
	fail := func(err error) (fetch.Body, error) {
		stop()
		s.close()
		if ctx.Err() != nil {
			return fetch.Body{}, ctx.Err()
		}
		return fetch.Body{}, err
	}
	f, err := s.sc.Open(r.t.Path)
	if err != nil {
		return fail(r.final(r.fileErr(err)))
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return fail(r.final(r.fileErr(err)))
	}
	if why := r.differs(fi); why != "" {
		f.Close()
		stop()
		r.put(s)
		return fetch.Body{}, &fetch.ChangedError{URL: r.url, Reason: why, Confirmed: true}
	}
	b := &body{r: r, s: s, f: f, stop: stop, left: rg.Len(), rd: newPipeline(f, rg.Start, rg.End)}
	return fetch.Body{ReadCloser: b, From: segment.FromOrigin}, nil
}

// body is one range being read; Close gives its session back when the
// range ended cleanly, and ends it otherwise.
type body struct {
	r    *Remote
	s    *session
	f    *sftp.File
	rd   *pipeline
	stop func() bool
	left int64
	bad  bool
	once sync.Once
}

func (b *body) Read(p []byte) (int, error) {
	n, err := b.rd.Read(p)
	b.left -= int64(n)
	switch {
	case err == io.EOF && b.left > 0:
		b.bad = true
		return n, fmt.Errorf("%s: %w", b.r.url, fetch.ErrShortBody)
	case err != nil && err != io.EOF:
		b.bad = true
		return n, lost(b.r.url, err)
	}
	return n, err
}

func (b *body) Close() error {
	b.once.Do(func() {
		if b.bad || b.left != 0 || b.rd.busy() {
			// Reads still in flight end with the session, not after
			// their answers: the file's Close would wait for them.
			b.stop()
			b.s.close()
			return
		}
		cerr := b.f.Close()
		if b.stop() && cerr == nil {
			b.r.put(b.s)
			return
		}
		b.s.close()
	})
	return nil
}
