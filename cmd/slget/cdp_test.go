// A small client of Chromium's DevTools protocol for the browser tests:
// headless Chromium started on a page, its page target driven over a
// WebSocket (evaluate script, take a screenshot).

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// browser is a headless Chromium and a DevTools connection to its page.
type browser struct {
	c      *websocket.Conn
	mu     sync.Mutex
	nextID int
	wait   map[int]chan cdpAnswer
}

type cdpAnswer struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

var devtoolsLine = regexp.MustCompile(`DevTools listening on ws://([^/\s]+)/`)

// startChromium runs headless Chromium on page and connects to it; both
// end with the test. No name is resolved but the loopback's, so that the
// page can reach no host outside it.
func startChromium(t *testing.T, ctx context.Context, page string) *browser {
	t.Helper()
	bin := requireTool(t, "chromium")
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
		"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
		"--window-size=1280,900", page)
	// Its temporary files too (the org.chromium.Chromium.* folder a killed
	// browser leaves behind) go where the test cleans up.
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	found := make(chan string, 1)
	var log strings.Builder
	var logMu sync.Mutex
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			logMu.Lock()
			log.WriteString(sc.Text() + "\n")
			logMu.Unlock()
			if m := devtoolsLine.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	var addr string
	select {
	case addr = <-found:
	case <-ctx.Done():
		logMu.Lock()
		defer logMu.Unlock()
		t.Fatalf("chromium never said where its DevTools listen:\n%s", log.String())
	}
	// The page's target, once it is listed.
	var wsURL string
	for wsURL == "" {
		resp, err := http.Get("http://" + addr + "/json/list")
		if err == nil {
			var targets []struct{ Type, URL, WebSocketDebuggerURL string }
			_ = json.NewDecoder(resp.Body).Decode(&targets)
			resp.Body.Close()
			for _, tg := range targets {
				if tg.Type == "page" && strings.HasPrefix(tg.URL, "file:") {
					wsURL = tg.WebSocketDebuggerURL
				}
			}
		}
		if wsURL == "" {
			select {
			case <-ctx.Done():
				t.Fatalf("chromium lists no page for %s", page)
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	c, _, err := websocket.Dial(ctx, wsURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(64 << 20) // screenshots
	b := &browser{c: c, wait: map[int]chan cdpAnswer{}}
	go b.read(ctx)
	t.Cleanup(func() { c.CloseNow() })
	return b
}

// read hands each answer to its caller; events are dropped.
func (b *browser) read(ctx context.Context) {
	for {
		_, m, err := b.c.Read(ctx)
		if err != nil {
			return
		}
		var a struct {
			ID int `json:"id"`
			cdpAnswer
		}
		if json.Unmarshal(m, &a) != nil || a.ID == 0 {
			continue
		}
		b.mu.Lock()
		ch := b.wait[a.ID]
		delete(b.wait, a.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- a.cdpAnswer
		}
	}
}

// call sends one DevTools command and returns its result.
func (b *browser) call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpAnswer, 1)
	b.wait[id] = ch
	b.mu.Unlock()
	m, _ := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err := b.c.Write(ctx, websocket.MessageText, m); err != nil {
		return nil, err
	}
	select {
	case a := <-ch:
		if a.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, a.Error.Message)
		}
		return a.Result, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// eval runs script in the page and decodes its value into out.
func (b *browser) eval(ctx context.Context, script string, out any) error {
	res, err := b.call(ctx, "Runtime.evaluate", map[string]any{"expression": script, "returnByValue": true, "awaitPromise": true})
	if err != nil {
		return err
	}
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("script failed: %s", r.ExceptionDetails.Text)
	}
	if out == nil || len(r.Result.Value) == 0 {
		return nil
	}
	return json.Unmarshal(r.Result.Value, out)
}

// screenshot is the page as a PNG.
func (b *browser) screenshot(ctx context.Context) ([]byte, error) {
	res, err := b.call(ctx, "Page.captureScreenshot", map[string]any{"format": "png"})
	if err != nil {
		return nil, err
	}
	var r struct {
		Data []byte `json:"data"` // base64 in JSON
	}
	err = json.Unmarshal(res, &r)
	return r.Data, err
}
