// Connections: ids assigned at accept, and per-connection rate limiting.

package fetchtest

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// listener numbers accepted connections and, with a rate, throttles them.
type listener struct {
	net.Listener
	rate int64           // bytes per second per connection; 0 means unlimited
	done <-chan struct{} // closed by Server.Close: ends throttling sleeps
	ids  *atomic.Int64   // the last id given, shared by the listeners of one Server
}

func (l *listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc := &conn{Conn: c, id: int(l.ids.Add(1))}
	if l.rate > 0 {
		tc.bucket = newBucket(l.rate, time.Now())
		tc.done = l.done
	}
	return tc, nil
}

// conn is an accepted connection with its id.
type conn struct {
	net.Conn
	id int

	// Rate limiting, nil bucket when unlimited. net/http writes to a
	// connection from one goroutine at a time; wmu makes that explicit.
	wmu    sync.Mutex
	bucket *bucket
	timer  *time.Timer
	done   <-chan struct{}
}

func (c *conn) Write(p []byte) (int, error) {
	if c.bucket == nil {
		return c.Conn.Write(p)
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	total := 0
	for len(p) > 0 {
		chunk := min(len(p), c.bucket.burst)
		if d := c.bucket.take(chunk, time.Now()); d > 0 {
			if c.timer == nil {
				c.timer = time.NewTimer(d)
			} else {
				c.timer.Reset(d)
			}
			select {
			case <-c.timer.C:
			case <-c.done:
				c.timer.Stop()
				return total, net.ErrClosed
			}
		}
		n, err := c.Conn.Write(p[:chunk])
		total += n
		if err != nil {
			return total, err
		}
		p = p[chunk:]
	}
	return total, nil
}

// bucket is a token bucket that may go into debt: take always succeeds and
// says how long to wait before sending. Sleeping too long credits the next
// take (up to burst), so the long-run rate stays exact.
type bucket struct {
	rate   float64 // bytes per second
	burst  int     // bucket capacity and largest single write
	tokens float64
	last   time.Time
}

func newBucket(rate int64, now time.Time) *bucket {
	burst := int(max(min(rate/100, 1<<30), 1024)) // 10ms worth, at least 1 KiB
	return &bucket{rate: float64(rate), burst: burst, tokens: float64(burst), last: now}
}

// take removes n tokens at now and returns how long to wait before the n
// bytes may be sent.
func (b *bucket) take(n int, now time.Time) time.Duration {
	b.tokens = min(b.tokens+now.Sub(b.last).Seconds()*b.rate, float64(b.burst))
	b.last = now
	b.tokens -= float64(n)
	if b.tokens >= 0 {
		return 0
	}
	return time.Duration(-b.tokens / b.rate * float64(time.Second))
}

type connIDKey struct{}

// connContext is the http.Server ConnContext hook: it puts the connection
// id in every request's context.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if tc, ok := c.(*conn); ok {
		return context.WithValue(ctx, connIDKey{}, tc.id)
	}
	return ctx
}

// connID returns the connection id in ctx, 0 if none.
func connID(ctx context.Context) int {
	id, _ := ctx.Value(connIDKey{}).(int)
	return id
}
