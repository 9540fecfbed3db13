// The first connection to a host: requests that come while it is set up
// wait for it, so that they can be its HTTP/2 streams.

package fetch

import "sync"

// firstConn holds back, per host:port, the HTTPS requests that come while
// the first connection to it is being set up. Without it, N requests at
// once (-j N small files) each dial and handshake a connection of their
// own, and all but one are closed as soon as HTTP/2 turns out to carry
// them all; curl waits the same way before its --parallel transfers.
// Once the first connection is up, or its set-up failed, requests go on
// at once: to it when it speaks HTTP/2, each on its own otherwise.
type firstConn struct {
	mu    sync.Mutex
	hosts map[string]chan struct{} // closed once the host's first connection was set up or failed
}

// enter returns, for a request to addr, a channel to wait on before
// sending it (nil: send at once), and for the first request to addr a
// func to call once its connection is up or failed (else nil). done may
// be called more than once.
func (f *firstConn) enter(addr string) (wait <-chan struct{}, done func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ch, ok := f.hosts[addr]; ok {
		select {
		case <-ch:
			return nil, nil
		default:
			return ch, nil
		}
	}
	if f.hosts == nil {
		f.hosts = map[string]chan struct{}{}
	}
	ch := make(chan struct{})
	f.hosts[addr] = ch
	var once sync.Once
	return nil, func() { once.Do(func() { close(ch) }) }
}
