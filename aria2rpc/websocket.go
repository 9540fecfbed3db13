// websocket.go: JSON-RPC over a WebSocket on /jsonrpc: calls and their
// answers, and aria2's notifications sent to every socket.

package aria2rpc

import (
	"context"
	"net/http"
	"strings"
	"sync"

	"github.com/coder/websocket"

	"github.com/slget/slget/queue"
)

// sockets are the open WebSockets.
type sockets struct {
	mu     sync.Mutex
	conns  map[*socket]struct{}
	closed bool
}

// socket is one WebSocket; out holds what is to be written, in order, by
// its one writer.
type socket struct {
	c      *websocket.Conn
	out    chan []byte
	cancel context.CancelFunc
}

// socketBacklog is how many messages wait for a slow reader before its
// socket is closed: a client that does not read never holds the daemon.
const socketBacklog = 256

func isWebSocket(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

func (s *Server) serveWebSocket(w http.ResponseWriter, r *http.Request) {
	// originOK has already answered for the Origin.
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	c.SetReadLimit(s.maxSize())
	ctx, cancel := context.WithCancel(r.Context())
	so := &socket{c: c, out: make(chan []byte, socketBacklog), cancel: cancel}
	if !s.sockets.add(so) {
		cancel()
		c.Close(websocket.StatusGoingAway, "shutting down")
		return
	}
	defer s.sockets.remove(so)
	go so.write(ctx)
	for {
		_, body, err := c.Read(ctx)
		if err != nil {
			cancel()
			c.Close(websocket.StatusNormalClosure, "")
			return
		}
		answer, after := s.Handle(body)
		so.send(answer)
		if after != nil {
			after()
		}
	}
}

// write sends out's messages until ctx ends.
func (so *socket) write(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-so.out:
			if so.c.Write(ctx, websocket.MessageText, m) != nil {
				so.cancel()
				return
			}
		}
	}
}

// send queues m; a socket too far behind is closed.
func (so *socket) send(m []byte) {
	select {
	case so.out <- m:
	default:
		so.cancel()
	}
}

func (ss *sockets) add(so *socket) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		return false
	}
	if ss.conns == nil {
		ss.conns = map[*socket]struct{}{}
	}
	ss.conns[so] = struct{}{}
	return true
}

func (ss *sockets) remove(so *socket) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	delete(ss.conns, so)
}

// eventNames are the notifications' methods, by queue event.
var eventNames = map[queue.EventKind]string{
	queue.EventStart:    "aria2.onDownloadStart",
	queue.EventPause:    "aria2.onDownloadPause",
	queue.EventStop:     "aria2.onDownloadStop",
	queue.EventComplete: "aria2.onDownloadComplete",
	queue.EventError:    "aria2.onDownloadError",
}

// Notify sends ev to every WebSocket as aria2's notification; give it to
// queue.Config.Notify.
func (s *Server) Notify(ev queue.Event) {
	m := mustJSON(map[string]any{
		"jsonrpc": "2.0",
		"method":  eventNames[ev.Kind],
		"params":  []map[string]string{{"gid": ev.GID.String()}},
	})
	s.sockets.mu.Lock()
	defer s.sockets.mu.Unlock()
	for so := range s.sockets.conns {
		so.send(m)
	}
}

// CloseSockets closes every WebSocket and refuses new ones: http.Server's
// Shutdown does not close hijacked connections.
func (s *Server) CloseSockets() {
	s.sockets.mu.Lock()
	defer s.sockets.mu.Unlock()
	s.sockets.closed = true
	for so := range s.sockets.conns {
		so.cancel()
		so.c.CloseNow()
	}
}
