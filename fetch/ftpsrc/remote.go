// Remote: one file of an FTP server, read in ranges (REST and RETR) over
// a pool of control connections, pinned by SIZE and MDTM.

package ftpsrc

import (
	"context"
	"crypto/tls"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/remoteurl"
)

// Config is how to log in. The zero value logs in as anonymous.
type Config struct {
	User     string // when the URL names none; "" means anonymous
	Password string // when the URL gives none (aria2's --ftp-passwd)
	// ConnectTimeout bounds the TCP connections, the login and each
	// reply of the server; zero means 15s.
	ConnectTimeout time.Duration
	// TLS, if set, is explicit FTPS (RFC 4217): AUTH TLS before the login
	// and every data connection in TLS, the server's certificate checked
	// with this configuration (its ServerName the URL's host when empty).
	// A server that does not offer TLS is refused.
	TLS *tls.Config
}

// anonPassword is the password of an anonymous login (an e-mail address
// by custom, as aria2c's ARIA2USER@).
const anonPassword = "slget@"

// Remote is the file an ftp:// URL names, at the version its first SIZE
// and MDTM found. It is a fetch.Source; Close ends its connections.
type Remote struct {
	Validator fetch.Validator
	// Ranges is false when the server refused REST: every range is then
	// read from the file's start, and one connection is all that pays.
	Ranges bool
	// NoTime is true when the server did not answer MDTM: the size alone
	// pins the version.
	NoTime bool
	url    string // redacted, for messages
	t      Target
	cfg    Config
	user   string
	pass   string
	mtime  time.Time
	tls    *tls.Config

	mu     sync.Mutex
	idle   []*conn
	ends   map[*conn]bool // connections whose last RETR's reply is awaited
	wake   chan struct{}  // closed when one of ends is done
	closed bool
	dialed atomic.Int64
}

// Dial logs in to the server rawURL names, asks the file's size and
// modification time, and whether REST is taken. A server that does not
// answer SIZE gives a Validator.Size of -1: the file is read whole
// (Whole). The errors: *Error (no such file, not a file, login refused;
// each wrapped by fetch.Final), a *ReplyError, or a network error worth
// another try.
func Dial(ctx context.Context, rawURL string, cfg Config) (*Remote, error) {
	t, err := ParseURL(rawURL)
	if err != nil {
		return nil, fetch.Final(err)
	}
	r := &Remote{url: Redact(rawURL), t: t, cfg: cfg}
	r.user, r.pass = credentials(t, cfg)
	if cfg.TLS != nil {
		r.tls = cfg.TLS.Clone()
		if r.tls.ServerName == "" {
			r.tls.ServerName = t.Host
		}
		if r.tls.ClientSessionCache == nil {
			// Data connections resume the control connection's session,
			// as servers ask (vsftpd's require_ssl_reuse).
			r.tls.ClientSessionCache = tls.NewLRUClientSessionCache(8)
		}
	}
	c, err := r.dial(ctx)
	if err != nil {
		return nil, r.final(err)
	}
	stop := context.AfterFunc(ctx, c.kill)
	defer stop()
	size, mtime, err := r.stat(c)
	var rest Reply
	if err == nil {
		rest, err = c.cmd("REST", "0")
	}
	if err != nil {
		c.kill()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, r.final(err)
	}
	r.Ranges = rest.Code == 350 && size >= 0
	r.mtime, r.NoTime = mtime, mtime.IsZero()
	r.Validator = fetch.Validator{Size: size}
	if !r.NoTime {
		r.Validator.LastModified = mtime.UTC().Format(http.TimeFormat)
	}
	r.put(c)
	return r, nil
}

// credentials are the URL's user and password, else the Config's, else
// anonymous's.
func credentials(t Target, cfg Config) (user, pass string) {
	user = t.User
	if user == "" {
		user = cfg.User
	}
	if user == "" {
		user = "anonymous"
	}
	switch {
	case t.HasPass:
		pass = t.Password
	case cfg.Password != "":
		pass = cfg.Password
	case user == "anonymous" || user == "ftp":
		pass = anonPassword
	}
	return user, pass
}

func (c Config) connectTimeout() time.Duration { return remoteurl.ConnectTimeout(c.ConnectTimeout) }

// final marks the server's answers about the file or the login as not
// worth another try; a lost connection, or a 4xx, stays worth one.
func (r *Remote) final(err error) error {
	var re *ReplyError
	switch e := err.(type) {
	case *Error:
		return fetch.Final(e)
	case *ReplyError:
		re = e
	}
	if re != nil && re.Reply.Code/100 == 5 {
		return fetch.Final(re)
	}
	return err
}

// Sessions is how many control connections were opened so far.
func (r *Remote) Sessions() int { return int(r.dialed.Load()) }

func (r *Remote) dial(ctx context.Context) (*conn, error) {
	c, err := dialConn(ctx, r.t, r.user, r.pass, r.cfg.connectTimeout(), r.url, r.tls)
	if err != nil {
		return nil, err
	}
	r.dialed.Add(1)
	return c, nil
}

// endWait is how long get waits for a connection whose RETR is ending
// before it opens another: many servers cap the connections of one
// client, and a server slow to say 226 should not hold a range long.
const endWait = time.Second

// get takes an idle connection, else one whose RETR is ending, else opens
// one.
func (r *Remote) get(ctx context.Context) (*conn, error) {
	var timeout <-chan time.Time
	for {
		r.mu.Lock()
		if c, ok, err := remoteurl.Take(r.closed, &r.idle, r.url); ok || err != nil {
			r.mu.Unlock()
			return c, err
		}
		if len(r.ends) == 0 {
			r.mu.Unlock()
			return r.dial(ctx)
		}
		if r.wake == nil {
			r.wake = make(chan struct{})
		}
		wake := r.wake
		r.mu.Unlock()
		if timeout == nil {
			t := time.NewTimer(endWait)
			defer t.Stop()
			timeout = t.C
		}
		select {
		case <-wake:
		case <-timeout:
			return r.dial(ctx)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// put gives a healthy connection back to the pool.
func (r *Remote) put(c *conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !remoteurl.Back(r.closed, &r.idle, c) {
		go c.quit()
	}
}

// ending reads the reply that ends c's RETR, within the timeout, then
// gives c back to the pool; c is ended when the reply is not one of
// those.
func (r *Remote) ending(c *conn) {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		c.kill()
		return
	}
	if r.ends == nil {
		r.ends = map[*conn]bool{}
	}
	r.ends[c] = true
	r.mu.Unlock()
	go func() {
		_, err := c.endRetr()
		r.mu.Lock()
		defer r.mu.Unlock()
		delete(r.ends, c)
		if r.wake != nil {
			close(r.wake)
			r.wake = nil
		}
		if err != nil || !remoteurl.Back(r.closed, &r.idle, c) {
			c.kill()
		}
	}()
}

// Close ends every idle connection and those whose RETR is ending; a
// body still open ends its own.
func (r *Remote) Close() {
	r.mu.Lock()
	for c := range r.ends {
		c.kill()
	}
	idle := remoteurl.Shut(&r.closed, &r.idle)
	r.mu.Unlock()
	for _, c := range idle {
		c.quit()
	}
}

// stat asks the file's SIZE and MDTM on c: a size of -1 when the server
// does not answer SIZE, a zero time when it does not answer MDTM.
func (r *Remote) stat(c *conn) (int64, time.Time, error) {
	n, rep, err := c.size(r.t.Path)
	if err != nil {
		return 0, time.Time{}, err
	}
	switch {
	case rep.Code == 550 || rep.Code == 553:
		return 0, time.Time{}, r.notThere(c, rep)
	case rep.Code/100 == 4:
		return 0, time.Time{}, c.unexpected("SIZE", rep)
	case rep.Code != 213:
		n = -1
	}
	t, rep, err := c.mdtm(r.t.Path)
	if err != nil {
		return 0, time.Time{}, err
	}
	if rep.Code == 550 {
		return 0, time.Time{}, r.notThere(c, rep)
	}
	return n, t, nil
}

// notThere tells a missing file from a folder after a 550: CWD into a
// folder succeeds. The connection's folder may have changed: it is not
// used again.
func (r *Remote) notThere(c *conn, rep Reply) error {
	cwd, err := c.cmd("CWD", r.t.Path)
	if err == nil && cwd.Code == 250 {
		return &Error{URL: r.url, Kind: NotAFile, Reply: rep, Err: errors.New("it is a folder; name a file in it")}
	}
	return &Error{URL: r.url, Kind: NotFound, Reply: rep}
}

// differs says how size and mtime are not the pinned version, "" when
// they are.
func (r *Remote) differs(size int64, mtime time.Time) string {
	return remoteurl.Differs(r.Validator.Size, r.mtime, size, mtime, time.RFC3339Nano)
}

// Check asks SIZE and MDTM afresh: a *fetch.ChangedError when the file is
// no longer the pinned version.
func (r *Remote) Check(ctx context.Context) error {
	c, err := r.get(ctx)
	if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, c.kill)
	size, mtime, err := r.stat(c)
	if !stop() || err != nil {
		c.kill()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return r.final(err)
	}
	r.put(c)
	if why := r.differs(size, mtime); why != "" {
		return &fetch.ChangedError{URL: r.url, Reason: why, Confirmed: true}
	}
	return nil
}
