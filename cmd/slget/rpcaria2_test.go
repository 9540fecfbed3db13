// The daemon beside a real aria2c --enable-rpc: the same calls (a web
// front end's opening multicall, tellStatus of a finished download) get
// answers of the same shape, key by key and type by type.

package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// startAria2cRPC runs aria2c --enable-rpc into dir and returns its /jsonrpc URL.
func startAria2cRPC(t *testing.T, dir, secret string) string {
	t.Helper()
	bin := requireTool(t, "aria2c")
	port := freePort(t)
	cmd := exec.Command(bin, "--enable-rpc", "--rpc-listen-port="+strconv.Itoa(port), "--rpc-secret="+secret,
		"-d", dir, "--quiet", "--no-conf", "--disable-ipv6", "--enable-dht=false")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := fmt.Sprintf("http://127.0.0.1:%d/jsonrpc", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		if a, ok := tryCall(url, "aria2.getVersion", "token:"+secret); ok && a.Error == nil {
			return url
		}
		if time.Now().After(deadline) {
			t.Fatalf("aria2c --enable-rpc does not answer on %s", url)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func tryCall(url, method string, params ...any) (a rpcAnswer, ok bool) {
	defer func() { ok = recover() == nil && ok }()
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	resp, err := httpPost(url, body)
	if err != nil {
		return a, false
	}
	return a, json.Unmarshal(resp, &a) == nil
}

// shape is v's keys and types: "string", "number", "bool", "null", a map
// of shapes, or for a list the shape of its first element in a list
// ("[]" when empty).
func shape(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, e := range x {
			m[k] = shape(e)
		}
		return m
	case []any:
		if len(x) == 0 {
			return "[]"
		}
		return []any{shape(x[0])}
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "bool"
	}
	return "null"
}

// diffShapes lists where got's shape differs from want's, under path;
// keys of want missing in got are listed unless allowed in missingOK, and
// keys of got that want lacks always are.
func diffShapes(path string, got, want any, missingOK map[string]bool) []string {
	gm, gok := got.(map[string]any)
	wm, wok := want.(map[string]any)
	if gok && wok {
		var out []string
		for k, w := range wm {
			g, ok := gm[k]
			if !ok {
				if !missingOK[k] {
					out = append(out, path+"."+k+": missing")
				}
				continue
			}
			out = append(out, diffShapes(path+"."+k, g, w, missingOK)...)
		}
		for k := range gm {
			if _, ok := wm[k]; !ok {
				out = append(out, path+"."+k+": not in aria2c's answer")
			}
		}
		sort.Strings(out)
		return out
	}
	gl, gok := got.([]any)
	wl, wok := want.([]any)
	if gok && wok {
		return diffShapes(path+"[0]", gl[0], wl[0], missingOK)
	}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if string(gj) != string(wj) {
		return []string{fmt.Sprintf("%s: %s, aria2c %s", path, gj, wj)}
	}
	return nil
}

// openingCalls is what AriaNg sends when it opens, in one multicall.
func openingCalls(token string) []map[string]any {
	tk := "token:" + token
	return []map[string]any{
		{"methodName": "aria2.getVersion", "params": []any{tk}},
		{"methodName": "aria2.getGlobalOption", "params": []any{tk}},
		{"methodName": "aria2.tellActive", "params": []any{tk}},
		{"methodName": "aria2.tellWaiting", "params": []any{tk, 0, 1000}},
		{"methodName": "aria2.tellStopped", "params": []any{tk, 0, 1000}},
		{"methodName": "aria2.getGlobalStat", "params": []any{tk}},
	}
}

func TestRPCBesideAria2c(t *testing.T) {
	const secret = "side-by-side"
	ariaURL := startAria2cRPC(t, t.TempDir(), secret)
	d := startDaemon(t, secret, "-d", t.TempDir())

	var mine, theirs []any
	for _, x := range []struct {
		url string
		out *[]any
	}{{d.url, &mine}, {ariaURL, &theirs}} {
		a := callURL(t, x.url, "system.multicall", openingCalls(secret))
		if a.Error != nil {
			t.Fatalf("multicall to %s: %+v", x.url, a.Error)
		}
		if err := json.Unmarshal(a.Result, x.out); err != nil {
			t.Fatal(err)
		}
	}
	if len(mine) != 6 || len(theirs) != 6 {
		t.Fatalf("multicall answers: %d and aria2c's %d, want 6", len(mine), len(theirs))
	}
	names := []string{"getVersion", "getGlobalOption", "tellActive", "tellWaiting", "tellStopped", "getGlobalStat"}
	for i, name := range names {
		got, want := shape(mine[i]), shape(theirs[i])
		if name == "getGlobalOption" {
			// aria2c has ~150 options (BitTorrent, FTP, ...): each of
			// slget's is one of aria2c's, a string as there, and the
			// ones a front end shows are all there.
			g := got.([]any)[0].(map[string]any)
			w := want.([]any)[0].(map[string]any)
			for k, v := range g {
				if w[k] == nil || v != "string" {
					t.Errorf("getGlobalOption: %s is %v, aria2c's %v", k, v, w[k])
				}
			}
			for _, k := range []string{"dir", "max-concurrent-downloads", "max-overall-download-limit", "max-download-limit", "split", "max-connection-per-server", "min-split-size", "rpc-listen-port", "user-agent"} {
				if g[k] == nil {
					t.Errorf("getGlobalOption lacks %s", k)
				}
			}
			continue
		}
		for _, d := range diffShapes(name, got, want, nil) {
			t.Errorf("%s", d)
		}
	}

	// The errors, word for word, with the same HTTP status.
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":"e1","method":"aria2.getVersion","params":["token:wrong"]}`,
		`{"jsonrpc":"2.0","id":"e2","method":"aria2.nope","params":["token:` + secret + `"]}`,
		`{"jsonrpc":"2.0","id":"e3","method":"aria2.tellStatus","params":["token:` + secret + `","0123456789abcdef"]}`,
		`{"jsonrpc":"2.0","id":"e4","method":"aria2.addUri","params":["token:` + secret + `","not a list"]}`,
		`{"jsonrpc":"2.0","id":"e5","method":"aria2.remove","params":["token:` + secret + `","0123456789abcdef"]}`,
		`{"jsonrpc":"2.0","id":"e6","method":`, `{"id":7}`, `[]`,
		`{"jsonrpc":"2.0","method":"system.listMethods"}`, `[1,2]`,
		`{"jsonrpc":"2.0","id":"e8","method":"aria2.pause","params":["token:` + secret + `","zz"]}`,
		`{"jsonrpc":"2.0","id":"e9","method":"aria2.pause","params":["token:` + secret + `","0123"]}`,
		`{"jsonrpc":"2.0","id":"e10","method":"aria2.pause","params":["token:` + secret + `","0123456789abcdef0"]}`,
		`{"jsonrpc":"2.0","id":"e7","method":"aria2.getGlobalStat","params":{"a":1}}`,
		`{"jsonrpc":"2.0","id":"e11","method":"nope"}`,
		`{"jsonrpc":"2.0","id":"m1","method":"system.multicall","params":[[1,"x",{"params":[]},{"methodName":1},{"methodName":"system.multicall"},{"methodName":"system.listMethods","params":{"a":1}}]]}`,
		`{"jsonrpc":"2.0","id":"m2","method":"system.multicall","params":[{"methodName":"system.listMethods"}]}`,
		`[{"jsonrpc":"2.0","id":8,"method":"system.listMethods"},{"jsonrpc":"2.0","id":9,"method":"aria2.getGlobalStat","params":["token:` + secret + `"]}]`,
	} {
		mineB, mine, err1 := httpPostStatus(d.url, []byte(body))
		theirsB, theirs, err2 := httpPostStatus(ariaURL, []byte(body))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, aria2c %v", body, err1, err2)
		}
		if string(mineB) != string(theirsB) || mine != theirs {
			t.Errorf("%s:\n  slget  HTTP %d %s\n  aria2c HTTP %d %s", body, mine, mineB, theirs, theirsB)
		}
	}

	// A paused download: tellStatus, getUris, getFiles and getOption's
	// out, before any byte.
	var pausedAnswers [2][]any
	for i, url := range []string{d.url, ariaURL} {
		var gid string
		a := callURL(t, url, "aria2.addUri", "token:"+secret, []string{"http://127.0.0.1:1/p.bin"}, map[string]string{"out": "p.bin", "pause": "true"})
		if a.Error != nil || json.Unmarshal(a.Result, &gid) != nil {
			t.Fatalf("addUri paused to %s: %+v", url, a)
		}
		for _, m := range []string{"aria2.tellStatus", "aria2.getUris", "aria2.getFiles"} {
			var v any
			a := callURL(t, url, m, "token:"+secret, gid)
			if a.Error != nil || json.Unmarshal(a.Result, &v) != nil {
				t.Fatalf("%s on %s: %+v", m, url, a)
			}
			pausedAnswers[i] = append(pausedAnswers[i], v)
		}
	}
	for i, m := range []string{"tellStatus", "getUris", "getFiles"} {
		for _, d := range diffShapes(m+" (paused)", shape(pausedAnswers[0][i]), shape(pausedAnswers[1][i]), map[string]bool{"bitfield": true}) {
			t.Errorf("%s", d)
		}
	}
	if mine, theirs := pausedAnswers[0][1], pausedAnswers[1][1]; fmt.Sprint(mine) != fmt.Sprint(theirs) {
		t.Errorf("getUris (paused): %v, aria2c %v", mine, theirs)
	}
	if st := pausedAnswers[0][0].(map[string]any); st["status"] != pausedAnswers[1][0].(map[string]any)["status"] {
		t.Errorf("tellStatus (paused) status %v, aria2c %v", st["status"], pausedAnswers[1][0].(map[string]any)["status"])
	}

	// tellStatus of the same finished download.
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20+5))
	var status []map[string]any
	for _, url := range []string{d.url, ariaURL} {
		var gid string
		a := callURL(t, url, "aria2.addUri", "token:"+secret, []string{srv.FileURL()}, map[string]string{"out": "f.bin"})
		if a.Error != nil || json.Unmarshal(a.Result, &gid) != nil {
			t.Fatalf("addUri to %s: %+v", url, a)
		}
		deadline := time.Now().Add(60 * time.Second)
		for {
			var st map[string]any
			a := callURL(t, url, "aria2.tellStatus", "token:"+secret, gid)
			if a.Error != nil || json.Unmarshal(a.Result, &st) != nil {
				t.Fatalf("tellStatus on %s: %+v", url, a)
			}
			if st["status"] == "complete" {
				status = append(status, st)
				break
			}
			if st["status"] == "error" || time.Now().After(deadline) {
				t.Fatalf("download on %s: %v", url, st)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	for _, d := range diffShapes("tellStatus", shape(status[0]), shape(status[1]), nil) {
		t.Errorf("%s", d)
	}
	// bitfield: slget's pieces are its slices, aria2c's its own; each is
	// aria2's form over its numPieces (MSB first, overflow bits zero).
	for i, who := range []string{"slget", "aria2c"} {
		n, _ := strconv.Atoi(fmt.Sprint(status[i]["numPieces"]))
		want := make([]byte, (n+7)/8)
		for k := range n {
			want[k/8] |= 0x80 >> (k % 8)
		}
		t.Logf("%s: bitfield %v over %d pieces of %v bytes", who, status[i]["bitfield"], n, status[i]["pieceLength"])
		if got := fmt.Sprint(status[i]["bitfield"]); n == 0 || got != hex.EncodeToString(want) {
			t.Errorf("%s: bitfield %q of a complete download with %d pieces, want %x", who, got, n, want)
		}
	}
	for _, k := range []string{"status", "totalLength", "completedLength", "errorCode", "uploadLength", "connections"} {
		if status[0][k] != status[1][k] {
			t.Errorf("tellStatus %s: %v, aria2c %v", k, status[0][k], status[1][k])
		}
	}
	if !strings.HasSuffix(fmt.Sprint(status[0]["files"].([]any)[0].(map[string]any)["path"]), "/f.bin") {
		t.Errorf("tellStatus files: %v", status[0]["files"])
	}
}
