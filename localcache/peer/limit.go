// Limits of the peer server: connections at once, and requests per second
// per client address.

package peer

import (
	"io"
	"net"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limitListener accepts at most n connections at once: Accept waits for
// one to close first, and the others wait in the kernel's backlog.
type limitListener struct {
	net.Listener
	sem   chan struct{}
	done  chan struct{}
	once  sync.Once
	gauge *value
}

func newLimitListener(ln net.Listener, n int, gauge *value) *limitListener {
	return &limitListener{Listener: ln, sem: make(chan struct{}, n), done: make(chan struct{}), gauge: gauge}
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	l.gauge.Inc()
	return &limitConn{Conn: c, release: func() {
		l.gauge.Dec()
		<-l.sem
	}}, nil
}

func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// ReadFrom lets net/http send files with the connection's sendfile, and
// ranges of held-open slice files with sendfile at their offset.
func (c *limitConn) ReadFrom(r io.Reader) (int64, error) {
	if fr, ok := r.(*fileRange); ok {
		if n, handled, err := sendRange(c.Conn, fr); handled {
			return n, err
		}
	}
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, r)
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// clientLimits is a token bucket per client address. Addresses idle for a
// while are forgotten, so that the map stays small.
type clientLimits struct {
	limit rate.Limit
	burst int
	now   func() time.Time

	mu      sync.Mutex
	clients map[string]*clientLimit
	swept   time.Time
}

type clientLimit struct {
	lim  *rate.Limiter
	seen time.Time
}

// forgetAfter is how long an address may stay silent before its bucket is
// dropped (it is full again by then at any sane rate).
const forgetAfter = time.Minute

func newClientLimits(perSecond float64, burst int, now func() time.Time) *clientLimits {
	l := &clientLimits{limit: rate.Limit(perSecond), burst: burst, now: now, clients: make(map[string]*clientLimit)}
	if perSecond < 0 {
		l.limit = rate.Inf
	}
	return l
}

// allow reports whether the client at addr may make a request now.
func (l *clientLimits) allow(addr string) bool {
	if l.limit == rate.Inf {
		return true
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > forgetAfter {
		for a, c := range l.clients {
			if now.Sub(c.seen) > forgetAfter {
				delete(l.clients, a)
			}
		}
		l.swept = now
	}
	c := l.clients[addr]
	if c == nil {
		c = &clientLimit{lim: rate.NewLimiter(l.limit, l.burst)}
		l.clients[addr] = c
	}
	c.seen = now
	return c.lim.AllowN(now, 1)
}
