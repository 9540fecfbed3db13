// Helpers of the daemon's tests: a running `slget --enable-rpc` (the
// built binary), and JSON-RPC calls to it over HTTP POST.

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// rpcDaemon is a running slget --enable-rpc.
type rpcDaemon struct {
	url    string // http://127.0.0.1:PORT/jsonrpc
	addr   string // 127.0.0.1:PORT
	secret string
	cmd    *exec.Cmd
	waited chan error

	mu     sync.Mutex
	stderr bytes.Buffer
}

var listenLine = regexp.MustCompile(`JSON-RPC on (https?)://([^/\s]+)/jsonrpc`)

// startDaemon runs the built slget with --enable-rpc on a free port and
// args; it is stopped at the end of the test.
func startDaemon(t *testing.T, secret string, args ...string) *rpcDaemon {
	t.Helper()
	all := append([]string{"--enable-rpc", "--rpc-listen-port=0"}, args...)
	if secret != "" {
		all = append(all, "--rpc-secret="+secret)
	}
	d := &rpcDaemon{secret: secret, waited: make(chan error, 1)}
	d.cmd = exec.Command(binary(t), all...)
	pipe, err := d.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			d.mu.Lock()
			d.stderr.WriteString(line + "\n")
			d.mu.Unlock()
			if m := listenLine.FindStringSubmatch(line); m != nil {
				select {
				case found <- m[1] + "://" + m[2]:
				default:
				}
			}
		}
		d.waited <- d.cmd.Wait()
	}()
	t.Cleanup(func() {
		d.stop(t)
		t.Logf("daemon's stderr:\n%s", d.errText())
	})
	select {
	case base := <-found:
		d.url = base + "/jsonrpc"
		d.addr = strings.SplitN(base, "://", 2)[1]
	case err := <-d.waited:
		d.waited <- err
		t.Fatalf("slget --enable-rpc exited (%v) before listening:\n%s", err, d.errText())
	case <-time.After(60 * time.Second):
		t.Fatalf("slget --enable-rpc said nowhere it listens:\n%s", d.errText())
	}
	return d
}

func (d *rpcDaemon) errText() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.stderr.String()
}

// stop ends the daemon with SIGINT if it still runs, and waits for it.
func (d *rpcDaemon) stop(t *testing.T) error {
	t.Helper()
	select {
	case err := <-d.waited:
		d.waited <- err
		return err
	default:
	}
	_ = d.cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-d.waited:
		d.waited <- err
		return err
	case <-time.After(30 * time.Second):
		_ = d.cmd.Process.Kill()
		t.Errorf("the daemon did not stop on a signal within 30s")
		return <-d.waited
	}
}

// exited waits for the daemon to exit on its own (after aria2.shutdown),
// sending no signal, and returns how it exited.
func (d *rpcDaemon) exited(t *testing.T) error {
	t.Helper()
	select {
	case err := <-d.waited:
		d.waited <- err
		return err
	case <-time.After(60 * time.Second):
		_ = d.cmd.Process.Kill()
		t.Errorf("the daemon did not exit within 60s of aria2.shutdown")
		return <-d.waited
	}
}

// post sends body and returns the HTTP status and the answer.
func (d *rpcDaemon) post(t *testing.T, body []byte, header ...string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, d.url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", d.url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// rpcAnswer is one JSON-RPC answer.
type rpcAnswer struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// call calls method with the daemon's token and params, and returns the
// answer.
func (d *rpcDaemon) call(t *testing.T, method string, params ...any) rpcAnswer {
	t.Helper()
	if d.secret != "" {
		params = append([]any{"token:" + d.secret}, params...)
	}
	return callURL(t, d.url, method, params...)
}

func callURL(t *testing.T, url, method string, params ...any) rpcAnswer {
	t.Helper()
	if params == nil {
		params = []any{}
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": "t", "method": method, "params": params})
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	defer resp.Body.Close()
	var a rpcAnswer
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatalf("%s: answer %q is not JSON-RPC: %v", method, b, err)
	}
	return a
}

// must calls method and fails the test on an error answer; it decodes
// the result into out (if not nil).
func (d *rpcDaemon) must(t *testing.T, out any, method string, params ...any) {
	t.Helper()
	a := d.call(t, method, params...)
	if a.Error != nil {
		t.Fatalf("%s %v: error %d %q", method, params, a.Error.Code, a.Error.Message)
	}
	if out != nil {
		if err := json.Unmarshal(a.Result, out); err != nil {
			t.Fatalf("%s: result %s: %v", method, a.Result, err)
		}
	}
}

// waitStatus polls tellStatus until the download is in state want, and
// returns its status; it fails on another final state.
func (d *rpcDaemon) waitStatus(t *testing.T, gid, want string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var st map[string]any
		d.must(t, &st, "aria2.tellStatus", gid)
		s := fmt.Sprint(st["status"])
		if s == want {
			return st
		}
		if s != "active" && s != "waiting" && s != "paused" && (want == "complete" || want == "active") {
			t.Fatalf("download %s is %s, want %s: %v", gid, s, want, st)
		}
		if time.Now().After(deadline) {
			t.Fatalf("download %s is still %s after 60s, want %s: %v", gid, s, want, st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func httpPost(url string, body []byte) ([]byte, error) {
	b, _, err := httpPostStatus(url, body)
	return b, err
}

// httpPostStatus is httpPost with the answer's HTTP status.
func httpPostStatus(url string, body []byte) ([]byte, int, error) {
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return b, resp.StatusCode, err
}
