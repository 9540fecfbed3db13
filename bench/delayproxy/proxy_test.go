// Tests of the delaying proxy against small TCP servers on loopback.
package delayproxy

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"slices"
	"sync"
	"testing"
	"time"
)

// serve starts a TCP server on loopback that runs handle for each connection.
func serve(t *testing.T, handle func(net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				handle(c)
			}()
		}
	}()
	return ln.Addr().String()
}

// echoLines answers every line with the same line.
func echoLines(c net.Conn) {
	r := bufio.NewReader(c)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			if _, werr := c.Write(line); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func start(t *testing.T, upstream string, cfg Config) *Proxy {
	t.Helper()
	p, err := StartConfig("127.0.0.1:0", upstream, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func dial(t *testing.T, addr string) *net.TCPConn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c.(*net.TCPConn)
}

// roundTrip sends one line and waits for its echo.
func roundTrip(t *testing.T, c net.Conn, r *bufio.Reader, msg string) time.Duration {
	t.Helper()
	begin := time.Now()
	if _, err := io.WriteString(c, msg+"\n"); err != nil {
		t.Fatal(err)
	}
	got, err := r.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if got != msg+"\n" {
		t.Fatalf("echo = %q, want %q", got, msg+"\n")
	}
	return time.Since(begin)
}

// Upper bounds on times are checked on the best of a few tries: a loaded
// machine can only make things slower. Lower bounds are checked on every try.
const tries = 3

func TestRoundTripTime(t *testing.T) {
	const rtt = 50 * time.Millisecond
	const slack = 150 * time.Millisecond
	p := start(t, serve(t, echoLines), Config{RTT: rtt})

	bestSetup, best := time.Hour, time.Hour
	for range tries {
		begin := time.Now()
		c := dial(t, p.Addr())
		r := bufio.NewReader(c)
		roundTrip(t, c, r, "hello")
		// A new connection pays the handshake's round trip, then the request's.
		setup := time.Since(begin)
		if setup < 2*rtt {
			t.Errorf("first response after %v, less than two round trips (%v)", setup, 2*rtt)
		}
		bestSetup = min(bestSetup, setup)
		for i := range 5 {
			d := roundTrip(t, c, r, "ping")
			if d < rtt-time.Millisecond {
				t.Errorf("round trip %d took %v, less than the rtt %v", i, d, rtt)
			}
			best = min(best, d)
		}
		if bestSetup <= 2*rtt+slack && best <= rtt+slack {
			break
		}
	}
	if bestSetup > 2*rtt+slack {
		t.Errorf("first response after %v at best, want about %v", bestSetup, 2*rtt)
	}
	if best > rtt+slack {
		t.Errorf("best round trip %v, want about %v", best, rtt)
	}
}

func TestZeroRTTPassesThrough(t *testing.T) {
	p := start(t, serve(t, echoLines), Config{})
	c := dial(t, p.Addr())
	r := bufio.NewReader(c)
	best := time.Hour
	for range 5 {
		best = min(best, roundTrip(t, c, r, "x"))
	}
	if best > 50*time.Millisecond {
		t.Errorf("round trip without delay took %v at best", best)
	}
}

// sendAll writes n pseudo-random bytes (seeded) and closes.
func sendAll(n int64, seed uint64) func(net.Conn) {
	return func(c net.Conn) {
		io.Copy(c, io.LimitReader(rand.NewChaCha8(seedOf(seed)), n))
	}
}

func seedOf(s uint64) [32]byte {
	var b [32]byte
	b[0], b[1] = byte(s), byte(s>>8)
	return b
}

func TestThroughputIsNotCappedByDelay(t *testing.T) {
	const rtt = 25 * time.Millisecond
	const size = 64 << 20
	p := start(t, serve(t, sendAll(size, 7)), Config{RTT: rtt})
	want := sha256.New()
	io.Copy(want, io.LimitReader(rand.NewChaCha8(seedOf(7)), size))

	// Holding each 64 KiB chunk for a whole round trip would give 2.6 MB/s;
	// pipelined, loopback gives hundreds. Expect > 50 MB/s, and fail only
	// below ten times the capped rate, which a loaded machine still beats.
	best := 0.0
	const floor = 10 * readSize / (float64(rtt) / float64(time.Second)) / 1e6 // 26 MB/s
	for try := 0; try < tries && best < 50; try++ {
		c := dial(t, p.Addr())
		begin := time.Now()
		h := sha256.New()
		n, err := io.Copy(h, c)
		elapsed := time.Since(begin)
		if err != nil || n != size {
			t.Fatalf("read %d bytes, err %v; want %d", n, err, size)
		}
		if !bytes.Equal(h.Sum(nil), want.Sum(nil)) {
			t.Fatal("bytes arrived changed or out of order")
		}
		mbps := float64(size) / elapsed.Seconds() / 1e6
		t.Logf("%d MiB through a %v proxy in %v: %.0f MB/s", size>>20, rtt, elapsed, mbps)
		best = max(best, mbps)
	}
	if best < floor {
		t.Errorf("throughput %.1f MB/s, want > 50 MB/s (and at least %.0f)", best, floor)
	}
	if peak := p.peakQueued.Load(); peak > DefaultMaxQueued+readSize {
		t.Errorf("held %d bytes in one direction, cap %d", peak, DefaultMaxQueued)
	}
}

func TestRateLimitPerConnection(t *testing.T) {
	const size = 2 << 20
	const rate = 8 << 20 // bytes per second: 2 MiB takes 250 ms
	const ideal = time.Duration(size) * time.Second / rate
	p := start(t, serve(t, sendAll(size, 1)), Config{Rate: rate})

	slowest := time.Hour
	for range tries {
		// Four connections in parallel each get the full rate: sharing it
		// would take four times as long.
		var wg sync.WaitGroup
		times := make([]time.Duration, 4)
		for i := range times {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := net.Dial("tcp", p.Addr())
				if err != nil {
					t.Error(err)
					return
				}
				defer c.Close()
				begin := time.Now()
				if n, err := io.Copy(io.Discard, c); n != size || err != nil {
					t.Errorf("read %d, err %v", n, err)
				}
				times[i] = time.Since(begin)
			}()
		}
		wg.Wait()
		for i, d := range times {
			if d < ideal*9/10 {
				t.Errorf("connection %d took %v, faster than the rate allows (%v)", i, d, ideal)
			}
		}
		slowest = min(slowest, slices.Max(times))
		if slowest <= ideal*5/2 {
			break
		}
	}
	if slowest > ideal*5/2 {
		t.Errorf("slower connection took %v at best, want about %v", slowest, ideal)
	}
}

func TestHalfClosePropagates(t *testing.T) {
	const rtt = 20 * time.Millisecond
	got := make(chan string, 1)
	upstream := serve(t, func(c net.Conn) {
		b, err := io.ReadAll(c) // ends only when the client's FIN arrives
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		got <- string(b)
		io.WriteString(c, "bye")
	})
	p := start(t, upstream, Config{RTT: rtt})

	c := dial(t, p.Addr())
	io.WriteString(c, "hello")
	if err := c.CloseWrite(); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "hello" {
			t.Fatalf("upstream read %q, want hello", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("upstream never saw the half-close")
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	b, err := io.ReadAll(c)
	if err != nil || string(b) != "bye" {
		t.Fatalf("client read %q, %v; want bye and EOF", b, err)
	}
}

func TestUpstreamCloseReachesClient(t *testing.T) {
	p := start(t, serve(t, func(c net.Conn) { io.WriteString(c, "only this") }), Config{RTT: 10 * time.Millisecond})
	c := dial(t, p.Addr())
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	b, err := io.ReadAll(c)
	if err != nil || string(b) != "only this" {
		t.Fatalf("read %q, %v", b, err)
	}
}

func TestUnreachableUpstreamClosesClient(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := ln.Addr().String()
	ln.Close()
	p := start(t, dead, Config{RTT: 10 * time.Millisecond})
	c := dial(t, p.Addr())
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadAll(c); isTimeout(err) {
		t.Fatal("client was not closed when the upstream refused")
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func TestBackpressureBoundsMemory(t *testing.T) {
	const capBytes = 1 << 20
	var written int64
	var mu sync.Mutex
	upstream := serve(t, func(c net.Conn) {
		buf := make([]byte, 64<<10)
		for {
			n, err := c.Write(buf)
			mu.Lock()
			written += int64(n)
			mu.Unlock()
			if err != nil {
				return
			}
		}
	})
	p := start(t, upstream, Config{RTT: 10 * time.Millisecond, MaxQueued: capBytes})
	dial(t, p.Addr()) // never read: everything backs up
	time.Sleep(500 * time.Millisecond)
	if peak := p.peakQueued.Load(); peak > capBytes+readSize {
		t.Errorf("held %d bytes in one direction, cap %d", peak, capBytes)
	}
	mu.Lock()
	w := written
	mu.Unlock()
	// Socket buffers on both sides add tens of MiB at most.
	if w > 256<<20 {
		t.Errorf("upstream wrote %d MiB into a client that reads nothing", w>>20)
	}
}

func TestCloseDoesNotHang(t *testing.T) {
	upstream := serve(t, func(c net.Conn) {
		buf := make([]byte, 64<<10)
		for {
			if _, err := c.Write(buf); err != nil {
				return
			}
		}
	})
	p, err := StartConfig("127.0.0.1:0", upstream, Config{RTT: time.Second, MaxQueued: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	idle := dial(t, p.Addr())    // still in its handshake delay
	stuck := dial(t, p.Addr())   // backed up: never read
	reading := dial(t, p.Addr()) // busy
	go io.Copy(io.Discard, reading)
	time.Sleep(1200 * time.Millisecond) // past the set-up delay
	fresh := dial(t, p.Addr())          // accepted just before Close
	io.WriteString(fresh, "GET / HTTP/1.1\r\n\r\n")
	done := make(chan struct{})
	go func() { p.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("Close hung")
	}
	for _, c := range []*net.TCPConn{idle, stuck, fresh} {
		c.SetReadDeadline(time.Now().Add(3 * time.Second))
		if _, err := io.Copy(io.Discard, c); isTimeout(err) {
			t.Errorf("connection still open after Close")
		}
	}
	if _, err := net.DialTimeout("tcp", p.Addr(), time.Second); err == nil {
		t.Error("proxy still accepts after Close")
	}
}

// TotalRate is shared: four connections together move what one may.
func TestTotalRateIsShared(t *testing.T) {
	const size = 1 << 20
	const total = 8 << 20 // bytes per second: 4 × 1 MiB takes 500 ms
	const ideal = time.Duration(4*size) * time.Second / total
	p := start(t, serve(t, sendAll(size, 1)), Config{TotalRate: total})
	begin := time.Now()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", p.Addr())
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			if n, err := io.Copy(io.Discard, c); n != size || err != nil {
				t.Errorf("read %d, err %v", n, err)
			}
		}()
	}
	wg.Wait()
	if d := time.Since(begin); d < ideal*9/10 {
		t.Errorf("4 connections took %v together, faster than the total rate allows (%v)", d, ideal)
	}
}
