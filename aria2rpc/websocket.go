// JSON-RPC over a WebSocket on /jsonrpc: calls and their
// answers, and aria2's notifications sent to every socket.

package aria2rpc

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"

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
// its one writer, and queued its bytes, bounded by limit.
type socket struct {
	c      *websocket.Conn
	cancel context.CancelFunc
	limit  int64
	// proven is false for a foreign page's socket until one of its calls
	// carried the token: until then it hears no notifications.
	proven atomic.Bool

	mu     sync.Mutex
	out    [][]byte
	queued int64
	wake   chan struct{} // a token when out is not empty
}

func isWebSocket(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

func (s *Server) serveWebSocket(w http.ResponseWriter, r *http.Request, from origin) {
	// access has already answered for the Origin.
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	c.SetReadLimit(s.maxSize())
	ctx, cancel := context.WithCancel(r.Context())
	limit := s.MaxSocketBacklog
	if limit <= 0 {
		limit = DefaultMaxSocketBacklog
	}
	so := &socket{c: c, cancel: cancel, limit: limit, wake: make(chan struct{}, 1)}
	so.proven.Store(from != fromForeign)
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
		if !so.proven.Load() && s.carriesToken(body) {
			so.proven.Store(true)
		}
		answer, after := s.Handle(body)
		so.send(answer)
		if after != nil {
			after()
		}
	}
}

// carriesToken is true when a call of body (one or a batch), or of a
// system.multicall in it, carries the secret as its token.
func (s *Server) carriesToken(body []byte) bool {
	calls, _, err := parseBody(body)
	if err != nil {
		return false
	}
	for _, c := range calls {
		if s.firstIsToken(c.Params) {
			return true
		}
		var entries []struct {
			Params []json.RawMessage `json:"params"`
		}
		if c.Method == "system.multicall" && len(c.Params) > 0 && json.Unmarshal(c.Params[0], &entries) == nil {
			for _, e := range entries {
				if s.firstIsToken(e.Params) {
					return true
				}
			}
		}
	}
	return false
}

// firstIsToken is true when params open with "token:SECRET".
func (s *Server) firstIsToken(params []json.RawMessage) bool {
	a := args(params)
	if len(a) == 0 {
		return false
	}
	t, err := a.str(0)
	return err == nil && strings.HasPrefix(t, "token:") && s.tokenOK(strings.TrimPrefix(t, "token:"))
}

// write sends out's messages until ctx ends.
func (so *socket) write(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-so.wake:
		}
		for {
			so.mu.Lock()
			if len(so.out) == 0 {
				so.mu.Unlock()
				break
			}
			m := so.out[0]
			so.out[0] = nil
			so.out = so.out[1:]
			so.mu.Unlock()
			if so.c.Write(ctx, websocket.MessageText, m) != nil {
				so.cancel()
				return
			}
			so.mu.Lock()
			so.queued -= int64(len(m))
			so.mu.Unlock()
		}
	}
}

// send queues m; a socket whose unsent messages would pass its limit in
// bytes is closed (one message alone is always taken, however long).
func (so *socket) send(m []byte) {
	so.mu.Lock()
	over := so.queued > 0 && so.queued+int64(len(m)) > so.limit
	if !over {
		so.out = append(so.out, m)
		so.queued += int64(len(m))
	}
	so.mu.Unlock()
	if over {
		so.cancel()
		so.c.CloseNow()
		return
	}
	select {
	case so.wake <- struct{}{}:
	default:
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
		if so.proven.Load() {
			so.send(m)
		}
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
