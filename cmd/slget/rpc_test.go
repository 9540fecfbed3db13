// The daemon through the built binary: downloads added over JSON-RPC
// complete with the origin's bytes, and the security cases (token, paths,
// sizes, malformed bodies, origins).

package main

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestRPCAddUriCompletes(t *testing.T) {
	root := t.TempDir()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20+777))
	d := startDaemon(t, "s3cr3t", "-d", root, "--slice=256k")
	if !strings.HasPrefix(d.addr, "127.0.0.1:") {
		t.Fatalf("the daemon listens on %s, want the loopback by default", d.addr)
	}
	var gid string
	d.must(t, &gid, "aria2.addUri", []string{srv.FileURL()}, map[string]any{
		"dir": "sub", "out": "file.bin", "header": []string{"X-Probe: rpc"}, "split": "3",
		"max-connection-per-server": "3", "checksum": "sha-256=" + srv.Content().SHA256(),
	})
	if len(gid) != 16 || strings.Trim(gid, "0123456789abcdef") != "" {
		t.Fatalf("GID %q: want 16 hex digits", gid)
	}
	st := d.waitStatus(t, gid, "complete")
	path := filepath.Join(root, "sub", "file.bin")
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatalf("%s: SHA-256 %s, want %s", path, got, srv.Content().SHA256())
	}
	size := "3146505"
	if st["totalLength"] != size || st["completedLength"] != size || st["dir"] != filepath.Join(root, "sub") {
		t.Fatalf("tellStatus %v: want totalLength and completedLength %s, dir %s", st, size, filepath.Join(root, "sub"))
	}
	files := st["files"].([]any)
	if p := files[0].(map[string]any)["path"]; p != path {
		t.Fatalf("files[0].path %v, want %s", p, path)
	}
	conns := map[int]bool{}
	for _, q := range srv.Requests() {
		if q.Header.Get("X-Probe") != "rpc" {
			t.Fatalf("request %d to the origin without the header option: %v", q.N, q.Header)
		}
		conns[q.Conn] = true
	}
	if len(conns) > 3 {
		t.Fatalf("the origin saw %d connections, want at most 3 (split=3)", len(conns))
	}
	// tellStatus with keys answers those keys only.
	var few map[string]any
	d.must(t, &few, "aria2.tellStatus", gid, []string{"gid", "status", "completedLength"})
	if len(few) != 3 || few["gid"] != gid || few["status"] != "complete" || few["completedLength"] != size {
		t.Fatalf("tellStatus with keys: %v", few)
	}
	var stopped []map[string]any
	d.must(t, &stopped, "aria2.tellStopped", 0, 10, []string{"gid", "status"})
	if len(stopped) != 1 || stopped[0]["gid"] != gid {
		t.Fatalf("tellStopped: %v", stopped)
	}
	var stat map[string]string
	d.must(t, &stat, "aria2.getGlobalStat")
	if stat["numStopped"] != "1" || stat["numActive"] != "0" {
		t.Fatalf("getGlobalStat %v", stat)
	}
	var opt map[string]string
	d.must(t, &opt, "aria2.getOption", gid)
	if opt["out"] != "file.bin" || opt["split"] != "3" {
		t.Fatalf("getOption %v: want the download's out and split", opt)
	}
	// shutdown answers, then the daemon exits 0.
	d.must(t, nil, "aria2.shutdown")
	if err := d.exited(t); err != nil {
		t.Fatalf("after shutdown the daemon exited with %v, want 0", err)
	}
}

func TestRPCSecurity(t *testing.T) {
	root := filepath.Join(t.TempDir(), "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4096))
	d := startDaemon(t, "right", "-d", root, "--rpc-max-request-size=64k")

	for _, token := range []any{"token:wrong", "token:", "righ", nil} {
		params := []any{}
		if token != nil {
			params = append(params, token)
		}
		a := callURL(t, d.url, "aria2.addUri", append(params, []string{srv.FileURL()})...)
		if a.Error == nil || a.Error.Code != 1 || a.Error.Message != "Unauthorized" {
			t.Fatalf("token %v: answer %+v, want aria2's Unauthorized", token, a)
		}
	}
	for _, opts := range []map[string]string{
		{"dir": "../"}, {"dir": "/etc"}, {"dir": "a/../../x"}, {"dir": filepath.Dir(root)},
		{"out": "../x"}, {"out": "/tmp/x"}, {"out": "a/../../x"}, {"dir": "a", "out": "../../x"},
	} {
		a := d.call(t, "aria2.addUri", []string{srv.FileURL()}, opts)
		if a.Error == nil || a.Error.Code != 1 {
			t.Fatalf("options %v: answer %s, want an error", opts, a.Result)
		}
	}
	// A bad header is refused without being quoted: it may hold a secret.
	if a := d.call(t, "aria2.addUri", []string{srv.FileURL()}, map[string]any{"header": []string{"Authorization Bearer hunter2-secret"}}); a.Error == nil || strings.Contains(a.Error.Message, "hunter2") {
		t.Fatalf("a header without a colon: %+v, want an error that does not quote it", a.Error)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("the origin saw %d requests from refused downloads", n)
	}
	// Oversized: refused, and the daemon still answers.
	big := []byte(`{"jsonrpc":"2.0","id":1,"method":"aria2.getVersion","params":["token:right","` + strings.Repeat("a", 70<<10) + `"]}`)
	if code, _ := d.post(t, big); code != http.StatusRequestEntityTooLarge {
		t.Fatalf("a 70 KiB request under --rpc-max-request-size=64k: HTTP %d, want 413", code)
	}
	for _, body := range []string{`{"jsonrpc":"2.0","id":1,"method":`, "\x00\xff", `{"a":1}}`} {
		_, b := d.post(t, []byte(body))
		if want := `{"id":null,"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error."}}`; string(b) != want {
			t.Fatalf("body %q: answer %s, want %s", body, b, want)
		}
	}
	_, b := d.post(t, []byte(`{"id":7}`))
	if want := `{"id":7,"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request."}}`; string(b) != want {
		t.Fatalf("no method: answer %s, want %s", b, want)
	}
	// With a secret, a web page of another origin is answered when its
	// call carries the token, and told Unauthorized when it does not; one
	// on the loopback is answered as a program.
	ok := []byte(`{"jsonrpc":"2.0","id":1,"method":"aria2.getVersion","params":["token:right"]}`)
	if code, b := d.post(t, ok, "Origin", "http://evil.example"); code != http.StatusOK || !bytes.Contains(b, []byte(`"version"`)) {
		t.Fatalf("a request with the token from http://evil.example: HTTP %d %s", code, b)
	}
	wrong := []byte(`{"jsonrpc":"2.0","id":1,"method":"aria2.getVersion","params":["token:wrong"]}`)
	if code, b := d.post(t, wrong, "Origin", "http://evil.example"); code != http.StatusBadRequest || !bytes.Contains(b, []byte(`Unauthorized`)) {
		t.Fatalf("a request with a wrong token from http://evil.example: HTTP %d %s", code, b)
	}
	if code, b := d.post(t, ok, "Origin", "http://localhost:8080"); code != http.StatusOK || !bytes.Contains(b, []byte(`"version"`)) {
		t.Fatalf("a request from a page on the loopback: HTTP %d %s", code, b)
	}
	var v map[string]any
	d.must(t, &v, "aria2.getVersion")
	if v["version"] == nil {
		t.Fatalf("getVersion after the refusals: %v", v)
	}
	entries, _ := os.ReadDir(filepath.Dir(root))
	if len(entries) != 1 {
		t.Fatalf("beside the root: %v, want nothing", entries)
	}
}

func TestRPCListenAllWarnsWithoutSecret(t *testing.T) {
	d := startDaemon(t, "", "-d", t.TempDir(), "--rpc-listen-all")
	if !strings.Contains(d.errText(), "WARNING: --rpc-listen-all without --rpc-secret") {
		t.Fatalf("no warning on stderr:\n%s", d.errText())
	}
	var v map[string]any
	d.must(t, &v, "aria2.getVersion")
}
