// Tests of front ends from anywhere: with a secret, a page of any origin
// (a file:// page says "null") is answered with CORS, its WebSocket
// included, the token being the proof; JSONP stays with the loopback's
// pages; a WebSocket that never reads is closed past its bound in bytes.

package aria2rpc

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/slget/slget/queue"
)

// serve sends one request to s and returns the status, body and header.
func serve(s *Server, method, target, body string, header ...string) (int, string, http.Header) {
	var r *http.Request
	if body != "" {
		r = httptest.NewRequest(method, target, strings.NewReader(body))
	} else {
		r = httptest.NewRequest(method, target, nil)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	b, _ := io.ReadAll(w.Result().Body)
	return w.Code, string(b), w.Result().Header
}

func TestForeignPageWithSecret(t *testing.T) {
	s := newServer(t)
	const u = "http://127.0.0.1:6800/jsonrpc"
	withToken := `{"jsonrpc":"2.0","id":"a","method":"aria2.getVersion","params":["token:` + fuzzSecret + `"]}`
	noToken := `{"jsonrpc":"2.0","id":"a","method":"aria2.getVersion","params":[]}`
	for _, origin := range []string{"null", "https://ariang.example", "http://192.168.1.9:8080"} {
		code, body, h := serve(s, "OPTIONS", u, "", "Origin", origin, "Access-Control-Request-Method", "POST",
			"Access-Control-Request-Headers", "content-type", "Access-Control-Request-Private-Network", "true")
		if code != http.StatusOK || h.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(h.Get("Access-Control-Allow-Headers"), "Content-Type") ||
			h.Get("Access-Control-Allow-Private-Network") != "true" {
			t.Fatalf("preflight from %s: HTTP %d %v %s", origin, code, h, body)
		}
		code, body, h = serve(s, "POST", u, withToken, "Origin", origin, "Content-Type", "application/json")
		if code != http.StatusOK || !strings.Contains(body, `"version":"test"`) || h.Get("Access-Control-Allow-Origin") != "*" {
			t.Fatalf("a call with the token from %s: HTTP %d %v %s", origin, code, h, body)
		}
		code, body, _ = serve(s, "POST", u, noToken, "Origin", origin)
		if code != http.StatusBadRequest || !strings.Contains(body, "Unauthorized") {
			t.Fatalf("a call without the token from %s: HTTP %d %s", origin, code, body)
		}
		// JSONP is script the page runs: not for another site, token or not.
		q := "?method=aria2.getVersion&id=1&jsoncallback=cb&params=" + base64.StdEncoding.EncodeToString([]byte(`["token:`+fuzzSecret+`"]`))
		if code, body, _ := serve(s, "GET", u+q, "", "Sec-Fetch-Site", "cross-site", "Referer", strings.Replace(origin, "null", "file:///x.html", 1)+"/"); code != http.StatusForbidden {
			t.Fatalf("JSONP from %s: HTTP %d %s", origin, code, body)
		}
	}
	// Without a secret, another site's page is refused, preflight included.
	s.Secret = ""
	if code, _, _ := serve(s, "OPTIONS", u, "", "Origin", "null", "Access-Control-Request-Method", "POST"); code != http.StatusForbidden {
		t.Fatalf("preflight from a file:// page without a secret: HTTP %d", code)
	}
	if code, _, _ := serve(s, "POST", u, noToken, "Origin", "null"); code != http.StatusForbidden {
		t.Fatalf("a call from a file:// page without a secret: HTTP %d", code)
	}
}

func TestJSONPOnlySameSite(t *testing.T) {
	s := newServer(t)
	s.Secret = ""
	const u = "http://127.0.0.1:6800/jsonrpc?method=aria2.getVersion&id=1&jsoncallback=cb"
	for _, tc := range []struct {
		name string
		h    []string
		want int
	}{
		{"a foreign Referer, no Sec-Fetch-Site (an older browser's <script>)", []string{"Referer", "https://evil.example/page"}, http.StatusForbidden},
		{"a foreign Referer, cross-site", []string{"Referer", "https://evil.example/page", "Sec-Fetch-Site", "cross-site"}, http.StatusForbidden},
		{"a loopback page's Referer, no Sec-Fetch-Site", []string{"Referer", "http://localhost:8080/"}, http.StatusOK},
		{"typed in the address bar", []string{"Sec-Fetch-Site", "none"}, http.StatusOK},
		{"a program", nil, http.StatusOK},
	} {
		code, body, _ := serve(s, "GET", u, "", tc.h...)
		if code != tc.want {
			t.Errorf("%s: HTTP %d %q, want %d", tc.name, code, body, tc.want)
		}
		if code == http.StatusOK && !strings.HasPrefix(body, "cb(") {
			t.Errorf("%s: %q is not JSONP", tc.name, body)
		}
	}
}

func TestWebSocketForeignPage(t *testing.T) {
	s, url := wsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"null"}}})
	if err != nil {
		t.Fatalf("a socket from a file:// page with a secret set: %v", err)
	}
	defer c.CloseNow()
	call := func(id int, method string, params ...any) map[string]any {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
		if err := c.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
		_, a, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		_ = json.Unmarshal(a, &m)
		return m
	}
	// A download that starts and fails, added by a program: the page,
	// which has not shown the token, hears nothing of it.
	added, _ := s.Handle([]byte(`{"jsonrpc":"2.0","id":1,"method":"aria2.addUri","params":["token:w",["http://127.0.0.1:1/a"]]}`))
	var gid string
	if _, err := fmt.Sscanf(strings.Split(string(added), `"result":"`)[1], "%16s", &gid); err != nil {
		t.Fatalf("%s: %v", added, err)
	}
	for {
		g, _ := queue.ParseGID(gid)
		if in, err := s.Queue.Get(g); err == nil && in.State == queue.Error {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the download never failed")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if m := call(2, "aria2.tellStatus", gid); m["id"] != float64(2) || m["error"].(map[string]any)["message"] != "Unauthorized" {
		t.Fatalf("first message after the events, to a call without the token: %v", m)
	}
	// A multicall whose calls carry the token (as webui-aria2 sends).
	if m := call(3, "system.multicall", []any{map[string]any{"methodName": "aria2.tellStatus", "params": []any{"token:w", gid, []string{"status"}}}}); m["id"] != float64(3) || m["result"] == nil {
		t.Fatalf("a call with the token: %v", m)
	}
	// Now the page has shown the token: it hears the next download's events.
	s.Handle([]byte(`{"jsonrpc":"2.0","id":4,"method":"aria2.addUri","params":["token:w",["http://127.0.0.1:1/b"]]}`))
	_, b, err := c.Read(ctx)
	if err != nil || !strings.Contains(string(b), "aria2.onDownloadStart") {
		t.Fatalf("after the token: %s, %v; want onDownloadStart", b, err)
	}
}

func TestWebSocketBacklogBound(t *testing.T) {
	s, url := wsServer(t)
	s.MaxSocketBacklog = 1 << 20
	// Each answer is about 200 KB; fewer calls than any bound in messages.
	big := map[string]string{}
	for i := range 2000 {
		big[fmt.Sprintf("option-%04d", i)] = strings.Repeat("v", 90)
	}
	s.Options = func() map[string]string { return big }
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	const calls = 200 // 40 MB of answers, never read
	msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"aria2.getGlobalOption","params":["token:w"]}`)
	for i := 0; i < calls; i++ {
		if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
			break // the daemon has closed the socket already
		}
	}
	// The daemon closes the socket once its unsent answers pass the bound.
	for {
		s.sockets.mu.Lock()
		n := len(s.sockets.conns)
		s.sockets.mu.Unlock()
		if n == 0 {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("a socket that never reads is still open with 40 MB of answers for it")
		}
		time.Sleep(20 * time.Millisecond)
	}
	got := 0
	for {
		if _, _, err := c.Read(ctx); err != nil {
			break
		}
		got++
	}
	if got >= calls {
		t.Fatalf("all %d answers were kept for a reader that did not read", got)
	}
	t.Logf("%d of %d answers sent before the socket was closed", got, calls)
}

func TestInBytes(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"max-download-limit", "100K", "102400"},
		{"min-split-size", "1M", "1048576"},
		{"lowest-speed-limit", "10k", "10240"},
		{"max-overall-download-limit", "0", "0"},
		{"disk-cache", "2G", "2147483648"},
		{"max-download-limit", "1.5M", "1.5M"}, // not aria2's: the checks refuse it
		{"max-download-limit", "K", "K"},
		{"max-download-limit", "99999999999999999999K", "99999999999999999999K"},
		{"split", "5", "5"},
		{"out", "10M", "10M"},
	} {
		if got := inBytes(tc.name, tc.in); got != tc.want {
			t.Errorf("inBytes(%s, %q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"100K", "1m", "0", "", "G", "9223372036854775807", "8589934592G", "-1K"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		n, ok := parseSize(v)
		if !ok {
			return
		}
		if n < 0 {
			t.Fatalf("parseSize(%q) = %d", v, n)
		}
		// The bytes read back as themselves.
		if m, ok := parseSize(strconv.FormatInt(n, 10)); !ok || m != n {
			t.Fatalf("parseSize(%q) = %d, which reads back as %d, %v", v, n, m, ok)
		}
	})
}
