// A memberlist transport for tests that counts, and may keep, every byte a
// member sends: packets and both ends of streams.

package gossip

import (
	"io"
	"log"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/memberlist"
)

// tapTransport wraps a memberlist transport, counting what it sends.
type tapTransport struct {
	memberlist.Transport
	sent    atomic.Int64 // bytes sent: packets and stream writes
	packets atomic.Int64
	dials   atomic.Int64 // streams opened
	streams chan net.Conn
	done    chan struct{}
	once    sync.Once

	mu   sync.Mutex
	keep bool
	seen [][]byte // with keep, a copy of every write
}

// newTap returns a tapped UDP and TCP transport on 127.0.0.1, port free.
func newTap(t testing.TB, keep bool) *tapTransport {
	t.Helper()
	nt, err := memberlist.NewNetTransport(&memberlist.NetTransportConfig{BindAddrs: []string{"127.0.0.1"}, BindPort: 0, Logger: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	tt := &tapTransport{Transport: nt, keep: keep, streams: make(chan net.Conn), done: make(chan struct{})}
	go func() { // streams others opened: their answers are sent by this member
		for {
			select {
			case c := <-nt.StreamCh():
				select {
				case tt.streams <- &tapConn{Conn: c, t: tt}:
				case <-tt.done:
					c.Close()
					return
				}
			case <-tt.done:
				return
			}
		}
	}()
	return tt
}

func (tt *tapTransport) record(b []byte) {
	tt.sent.Add(int64(len(b)))
	if tt.keep {
		tt.mu.Lock()
		tt.seen = append(tt.seen, append([]byte(nil), b...))
		tt.mu.Unlock()
	}
}

func (tt *tapTransport) WriteTo(b []byte, addr string) (time.Time, error) {
	tt.record(b)
	tt.packets.Add(1)
	return tt.Transport.WriteTo(b, addr)
}

func (tt *tapTransport) DialTimeout(addr string, timeout time.Duration) (net.Conn, error) {
	c, err := tt.Transport.DialTimeout(addr, timeout)
	if err != nil {
		return nil, err
	}
	tt.dials.Add(1)
	return &tapConn{Conn: c, t: tt}, nil
}

func (tt *tapTransport) StreamCh() <-chan net.Conn { return tt.streams }

func (tt *tapTransport) Shutdown() error {
	tt.once.Do(func() { close(tt.done) })
	return tt.Transport.Shutdown()
}

// writes returns a copy of what was kept.
func (tt *tapTransport) writes() [][]byte {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	return append([][]byte(nil), tt.seen...)
}

type tapConn struct {
	net.Conn
	t *tapTransport
}

func (c *tapConn) Write(b []byte) (int, error) {
	c.t.record(b)
	return c.Conn.Write(b)
}
