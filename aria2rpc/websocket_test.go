// Tests of the WebSocket on /jsonrpc: calls and notifications on one
// socket, the Origin check and the size bound before and after the
// upgrade.

package aria2rpc

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/slget/slget"
	"github.com/slget/slget/queue"
)

// wsServer is a Server on an httptest server whose downloads fail at once,
// its notifications wired.
func wsServer(t *testing.T) (*Server, string) {
	s := &Server{Root: t.TempDir(), Secret: "w", MaxRequestSize: 4096}
	s.Queue = queue.New(queue.Config{
		Prepare: func(queue.Spec) (*slget.Client, *slget.Request, func(), error) {
			return nil, nil, nil, errors.New("refused by the test")
		},
		Notify: s.Notify,
	})
	hs := httptest.NewServer(s)
	t.Cleanup(func() { s.CloseSockets(); hs.Close(); s.Queue.Close() })
	return s, "ws" + strings.TrimPrefix(hs.URL, "http") + "/jsonrpc"
}

func TestWebSocketCallsAndNotifications(t *testing.T) {
	_, url := wsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	send := func(id int, method string, params ...any) {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": append([]any{"token:w"}, params...)})
		if err := c.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
	}
	// read returns the next message: an answer or a notification.
	read := func() map[string]any {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%q: %v", b, err)
		}
		return m
	}
	send(1, "aria2.addUri", []string{"http://127.0.0.1:1/a"}, map[string]string{"pause": "true"})
	var gid string
	var events []string
	for gid == "" {
		m := read()
		if m["id"] == float64(1) {
			gid = m["result"].(string)
			continue
		}
		events = append(events, m["method"].(string)+" "+m["params"].([]any)[0].(map[string]any)["gid"].(string))
	}
	send(2, "aria2.remove", gid)
	send(3, "aria2.addUri", []string{"http://127.0.0.1:1/b"})
	var second string
	for len(events) < 2 || second == "" {
		m := read()
		switch m["id"] {
		case float64(2):
		case float64(3):
			second = m["result"].(string)
		default:
			events = append(events, m["method"].(string)+" "+m["params"].([]any)[0].(map[string]any)["gid"].(string))
		}
	}
	// Added paused, then removed: no notification at all, as aria2c.
	want := []string{"aria2.onDownloadStart " + second, "aria2.onDownloadError " + second}
	if strings.Join(events, ",") != strings.Join(want, ",") {
		t.Fatalf("notifications %v, want %v", events, want)
	}
	// A message over MaxRequestSize closes the socket.
	if err := c.Write(ctx, websocket.MessageText, []byte(strings.Repeat(" ", 5000)+"{}")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Fatalf("after a message over the bound: %v, want close status %d", err, websocket.StatusMessageTooBig)
	}
}

func TestWebSocketRefusesOtherOrigins(t *testing.T) {
	s, url := wsServer(t)
	s.Secret = "" // with one, the token is the proof: see TestWebSocketForeignPage
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a socket from https://evil.example: %v, %v; want 403", err, resp)
	}
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://localhost:8080"}}})
	if err != nil {
		t.Fatalf("a socket from a page on the loopback: %v", err)
	}
	c.CloseNow()
}
