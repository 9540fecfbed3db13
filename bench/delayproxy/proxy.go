// Package delayproxy is a TCP proxy on loopback that adds a round-trip delay
// (and optionally a per-connection rate limit) between a client and an
// upstream server, for benchmarks on kernels without the netem qdisc.
//
// Every chunk read from either side is held for RTT/2 before it is written to
// the other side. Chunks pipeline: each is delivered at its own arrival time
// plus RTT/2, in order, so a long transfer is not capped at chunk/RTT; only
// request/response exchanges pay the round trip. Connection set-up costs what
// a TCP handshake would: the upstream connection is dialled RTT/2 after the
// client connected (the SYN's trip), and bytes the client sends before one
// full RTT has passed are treated as sent at that moment (the client could not
// have sent them before the SYN-ACK), so the first request on a new
// connection waits two round trips for its first response byte, as over a
// real network.
//
// # Caveats
//
// The delay is applied by the proxy, not by the kernel, so TCP itself sees a
// loopback round trip: congestion control and receive windows behave as on
// loopback, bounded only by MaxQueued bytes held per direction. Bytes the
// proxy holds are bounded (backpressure), so a client that stops reading
// eventually stops the upstream too.
//
// About 470 lines for one concern, the proxy, with its flags and its main.
package delayproxy

import (
	"context"
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// DefaultMaxQueued is the number of bytes held per direction of one
// connection when Config.MaxQueued is zero.
const DefaultMaxQueued = 4 << 20

// readSize is the largest chunk read from a socket at once.
const readSize = 64 << 10

// rateSlack is how far a rate-limited connection may fall behind its
// schedule (timers firing late on a busy machine) and still catch up.
const rateSlack = 50 * time.Millisecond

// Config says how a Proxy delays and limits traffic. The zero value proxies
// without delay or limit.
type Config struct {
	// RTT is the added round-trip time: each direction holds every chunk
	// for RTT/2. Zero means no delay.
	RTT time.Duration

	// Rate caps the bytes per second sent from upstream to the client on
	// each connection. Writes are paced in pieces of ~10 ms worth of bytes;
	// a connection that fell behind (a late timer) may catch up by at most
	// 50 ms worth, and one that was idle starts afresh, without saved-up
	// credit. Zero means unlimited.
	Rate int64

	// TotalRate caps the bytes per second sent from upstream to the
	// clients on all connections together: a link limited in total,
	// shared by the connections first come, first served. Zero means
	// unlimited.
	TotalRate int64

	// MaxQueued caps the bytes held per direction of each connection;
	// reading stops while the cap is reached. Zero means DefaultMaxQueued.
	MaxQueued int
}

// Proxy accepts TCP connections and relays them to one upstream address with
// the delay and limits of its Config. It is safe for concurrent use.
type Proxy struct {
	ln       net.Listener
	upstream string
	cfg      Config

	ctx    context.Context // cancelled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu    sync.Mutex
	conns map[net.Conn]struct{}

	peakQueued atomic.Int64 // largest queue seen in any direction, for tests

	total *rate.Limiter // TotalRate; nil without one
}

// Start listens on listenAddr (for example "127.0.0.1:0") and relays every
// accepted connection to upstreamAddr, adding rtt to each round trip.
func Start(listenAddr, upstreamAddr string, rtt time.Duration) (*Proxy, error) {
	return StartConfig(listenAddr, upstreamAddr, Config{RTT: rtt})
}

// StartConfig is like Start with every setting of Config.
func StartConfig(listenAddr, upstreamAddr string, cfg Config) (*Proxy, error) {
	if cfg.RTT < 0 || cfg.Rate < 0 || cfg.TotalRate < 0 || cfg.MaxQueued < 0 {
		return nil, errors.New("delayproxy: negative RTT, Rate, TotalRate or MaxQueued")
	}
	if cfg.MaxQueued == 0 {
		cfg.MaxQueued = DefaultMaxQueued
	}
	ln, err := net.Listen("tcp", listenAddr)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &Proxy{
		ln:       ln,
		upstream: upstreamAddr,
		cfg:      cfg,
		ctx:      ctx,
		cancel:   cancel,
		conns:    make(map[net.Conn]struct{}),
	}
	if cfg.TotalRate > 0 {
		p.total = rate.NewLimiter(rate.Limit(cfg.TotalRate), pieceSize(cfg.TotalRate))
	}
	p.wg.Add(1)
	go p.acceptLoop()
	return p, nil
}

// Addr returns the address the proxy listens on, as host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Close stops accepting, drops every connection (bytes still held are
// discarded) and waits for the proxy's goroutines to end.
func (p *Proxy) Close() error {
	p.cancel()
	err := p.ln.Close()
	p.mu.Lock()
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
	return err
}

func (p *Proxy) acceptLoop() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			if p.ctx.Err() != nil {
				return
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			// A closed or broken listener: nothing more will come.
			return
		}
		if !p.track(c) {
			c.Close()
			return
		}
		p.wg.Add(1)
		go p.serve(c, time.Now())
	}
}

// track records c so that Close can reach it; it reports false once the proxy
// is closing.
func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ctx.Err() != nil {
		return false
	}
	p.conns[c] = struct{}{}
	return true
}

func (p *Proxy) untrack(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
}

// serve relays one client connection accepted at the given time.
// It is one connection's two directions and their shared close; split, each
// half would pass the other's state along.
func (p *Proxy) serve(client net.Conn, accepted time.Time) {
	defer p.wg.Done()
	ctx, cancel := context.WithCancel(p.ctx)
	var upstream net.Conn
	var upMu sync.Mutex
	teardown := func() {
		cancel()
		client.Close()
		upMu.Lock()
		if upstream != nil {
			upstream.Close()
		}
		upMu.Unlock()
	}
	defer func() {
		teardown()
		p.untrack(client)
		upMu.Lock()
		if upstream != nil {
			p.untrack(upstream)
		}
		upMu.Unlock()
	}()

	rtt, half := p.cfg.RTT, p.cfg.RTT/2
	handshakeDone := accepted.Add(rtt)
	toUp := newPipe(p.cfg.MaxQueued, &p.peakQueued)
	toClient := newPipe(p.cfg.MaxQueued, &p.peakQueued)
	context.AfterFunc(ctx, func() { toUp.kill(); toClient.kill() })

	var relays sync.WaitGroup
	relays.Add(1)
	go func() {
		defer relays.Done()
		toUp.fill(client, func(arrived time.Time) time.Time {
			if arrived.Before(handshakeDone) {
				arrived = handshakeDone
			}
			return arrived.Add(half)
		})
	}()

	// The SYN reaches the server half a round trip after the client sent it.
	if !sleepUntil(ctx, accepted.Add(half)) {
		teardown()
		relays.Wait()
		return
	}
	var d net.Dialer
	up, err := d.DialContext(ctx, "tcp", p.upstream)
	if err != nil {
		teardown()
		relays.Wait()
		return
	}
	upMu.Lock()
	upstream = up
	upMu.Unlock()
	if !p.track(up) {
		teardown()
		relays.Wait()
		return
	}

	// Each drain ends cleanly after passing on a half-close; both ending
	// cleanly, or either failing, ends the connection.
	results := make(chan error, 2)
	relays.Add(3)
	go func() {
		defer relays.Done()
		toClient.fill(up, func(arrived time.Time) time.Time { return arrived.Add(half) })
	}()
	drain := func(pp *pipe, dst net.Conn, rate int64, total *rate.Limiter) {
		defer relays.Done()
		results <- pp.drain(ctx, dst, rate, total)
	}
	go drain(toUp, up, 0, nil)
	go drain(toClient, client, p.cfg.Rate, p.total)
	for range 2 {
		if err := <-results; err != nil {
			break
		}
	}
	teardown()
	relays.Wait()
}

// chunk is a run of bytes (or the end of the stream) due at a deadline.
type chunk struct {
	due   time.Time
	b     []byte
	end   bool // the source ended: no more chunks follow
	abort bool // the source ended with an error rather than EOF
}

// pipe is one direction of one connection: a FIFO of chunks, bounded in bytes.
type pipe struct {
	mu     sync.Mutex
	cond   *sync.Cond
	q      []chunk
	queued int
	max    int
	dead   bool
	peak   *atomic.Int64
}

func newPipe(max int, peak *atomic.Int64) *pipe {
	p := &pipe{max: max, peak: peak}
	p.cond = sync.NewCond(&p.mu)
	return p
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, readSize); return &b }}

// fill reads src until it ends, queueing each chunk with the deadline that
// due computes from its arrival time. It returns when src ends or the pipe is
// killed.
func (p *pipe) fill(src net.Conn, due func(arrived time.Time) time.Time) {
	for {
		bp := bufPool.Get().(*[]byte)
		buf := *bp
		n, err := src.Read(buf)
		now := time.Now()
		if n > 0 {
			b := buf[:n]
			if n < readSize/4 {
				// Keep small chunks small so the byte cap bounds memory.
				b = append([]byte(nil), buf[:n]...)
				bufPool.Put(bp)
			}
			if !p.push(chunk{due: due(now), b: b}) {
				return
			}
		} else {
			bufPool.Put(bp)
		}
		if err != nil {
			p.push(chunk{due: due(now), end: true, abort: !errors.Is(err, io.EOF)})
			return
		}
	}
}

// push appends c, waiting while the pipe holds its cap of bytes. It reports
// false if the pipe was killed.
func (p *pipe) push(c chunk) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.dead && p.queued > 0 && p.queued+len(c.b) > p.max {
		p.cond.Wait()
	}
	if p.dead {
		return false
	}
	p.q = append(p.q, c)
	p.queued += len(c.b)
	if q := int64(p.queued); q > p.peak.Load() {
		p.peak.Store(q) // racy max is fine: it is a test statistic
	}
	p.cond.Broadcast()
	return true
}

// pop removes the oldest chunk, waiting for one; it reports false if the pipe
// was killed.
func (p *pipe) pop() (chunk, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.dead && len(p.q) == 0 {
		p.cond.Wait()
	}
	if p.dead {
		return chunk{}, false
	}
	c := p.q[0]
	p.q[0] = chunk{}
	p.q = p.q[1:]
	return c, true
}

// release gives n bytes of the cap back after they were written.
func (p *pipe) release(n int) {
	p.mu.Lock()
	p.queued -= n
	p.cond.Broadcast()
	p.mu.Unlock()
}

// kill wakes and stops both ends of the pipe.
func (p *pipe) kill() {
	p.mu.Lock()
	p.dead = true
	p.cond.Broadcast()
	p.mu.Unlock()
}

var errAborted = errors.New("delayproxy: source aborted")

// drain writes chunks to dst, each no earlier than its deadline, and at most
// rate bytes per second if rate > 0, and as total allows if not nil. At the end of the source it half-closes
// dst and returns nil; it returns an error if writing fails, the source broke
// or ctx ends.
func (p *pipe) drain(ctx context.Context, dst net.Conn, rate int64, total *rate.Limiter) error {
	var next time.Time // earliest time the rate allows the next write
	piece := readSize
	if rate > 0 {
		piece = pieceSize(rate)
	}
	if total != nil {
		piece = min(piece, total.Burst())
	}
	for {
		c, ok := p.pop()
		if !ok {
			return context.Canceled
		}
		if !sleepUntil(ctx, c.due) {
			return ctx.Err()
		}
		if c.end {
			if c.abort {
				return errAborted
			}
			if cw, ok := dst.(interface{ CloseWrite() error }); ok {
				if err := cw.CloseWrite(); err != nil {
					return err
				}
				return nil
			}
			return dst.Close()
		}
		b := c.b
		for len(b) > 0 {
			n := len(b)
			if total != nil {
				n = min(n, piece)
				if err := total.WaitN(ctx, n); err != nil {
					return ctx.Err()
				}
			}
			if rate > 0 {
				n = min(n, piece)
				// Catch up on timer lateness while sending, but save no
				// credit across idle time: after a pause longer than
				// rateSlack, the schedule starts again from now.
				if now := time.Now(); now.Sub(next) > rateSlack {
					next = now
				}
				if !sleepUntil(ctx, next) {
					return ctx.Err()
				}
				next = next.Add(time.Duration(int64(n) * int64(time.Second) / rate))
			}
			if _, err := dst.Write(b[:n]); err != nil {
				return err
			}
			b = b[n:]
		}
		p.release(len(c.b))
		if cap(c.b) == readSize {
			full := c.b[:readSize]
			bufPool.Put(&full)
		}
	}
}

// pieceSize is the largest write under a rate limit: about 10 ms worth of
// bytes, between 1 KiB and readSize.
func pieceSize(rate int64) int {
	return int(max(1<<10, min(rate/100, readSize)))
}

// sleepUntil waits until t; it reports false if ctx ended first.
func sleepUntil(ctx context.Context, t time.Time) bool {
	d := time.Until(t)
	if d <= 0 {
		return ctx.Err() == nil
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
		return true
	case <-ctx.Done():
		return false
	}
}
