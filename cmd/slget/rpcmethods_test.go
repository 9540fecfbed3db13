// The daemon's other methods through the built binary: the line of
// waiting downloads (changePosition, changeOption), what a download is
// made of (getUris, getFiles, getServers), results (removeDownloadResult,
// purgeDownloadResult), addMetalink, what it refuses (BitTorrent), GET
// with base64 params and JSONP, and --rpc-secure.

package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestRPCQueueMethods(t *testing.T) {
	root := t.TempDir()
	slow := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(256<<10))
	fast := fetchtest.NewServer(t, fetchtest.WithSize(1<<20+3))
	d := startDaemon(t, "k", "-d", root, "-j", "1")
	var a, b, c string
	d.must(t, &a, "aria2.addUri", []string{slow.FileURL()}, map[string]string{"out": "a.bin"})
	d.waitStatus(t, a, "active")
	d.must(t, &b, "aria2.addUri", []string{fast.FileURL()}, map[string]string{"out": "b.bin"})
	d.must(t, &c, "aria2.addUri", []string{fast.FileURL()}, map[string]string{"out": "c.bin"})

	var servers []map[string]any
	d.must(t, &servers, "aria2.getServers", a)
	if len(servers) != 1 || servers[0]["index"] != "1" || servers[0]["servers"].([]any)[0].(map[string]any)["uri"] != slow.FileURL() {
		t.Fatalf("getServers of the running download: %v", servers)
	}
	if e := d.call(t, "aria2.getServers", b).Error; e == nil {
		t.Fatal("getServers of a waiting download answered")
	}
	var pos int
	d.must(t, &pos, "aria2.changePosition", c, 0, "POS_SET")
	var waiting []map[string]string
	d.must(t, &waiting, "aria2.tellWaiting", 0, 10, []string{"gid"})
	if pos != 0 || len(waiting) != 2 || waiting[0]["gid"] != c || waiting[1]["gid"] != b {
		t.Fatalf("after changePosition(c, 0, POS_SET) = %d: %v, want c then b", pos, waiting)
	}
	d.must(t, &pos, "aria2.changePosition", c, 1, "POS_CUR")
	d.must(t, &waiting, "aria2.tellWaiting", -1, 10, []string{"gid"}) // from the end, backwards
	if pos != 1 || waiting[0]["gid"] != c || waiting[1]["gid"] != b {
		t.Fatalf("after changePosition(c, 1, POS_CUR) = %d: tellWaiting(-1, 10) %v, want c then b", pos, waiting)
	}
	var ok string
	d.must(t, &ok, "aria2.changeOption", b, map[string]string{"out": "b2.bin"})
	if e := d.call(t, "aria2.changeOption", b, map[string]string{"dir": "../out"}).Error; e == nil {
		t.Fatal("changeOption to a dir outside -d answered OK")
	}
	var uris []map[string]string
	d.must(t, &uris, "aria2.getUris", b)
	if len(uris) != 1 || uris[0]["uri"] != fast.FileURL() || uris[0]["status"] != "waiting" {
		t.Fatalf("getUris: %v", uris)
	}
	var files []map[string]any
	d.must(t, &files, "aria2.getFiles", b)
	if files[0]["path"] != filepath.Join(root, "b2.bin") || files[0]["index"] != "1" {
		t.Fatalf("getFiles after changeOption(out=b2.bin): %v", files)
	}
	for _, m := range []string{"aria2.addTorrent", "aria2.getPeers"} {
		if e := d.call(t, m, "ZA=="); e.Error == nil || e.Error.Code != 1 {
			t.Fatalf("%s: %+v, want aria2's error", m, e)
		}
	}
	if e := d.call(t, "aria2.saveSession").Error; e == nil || e.Message != "Filename is not given." {
		t.Fatalf("saveSession without --save-session: %+v", e)
	}
	var s1, s2 map[string]string
	d.must(t, &s1, "aria2.getSessionInfo")
	d.must(t, &s2, "aria2.getSessionInfo")
	if len(s1["sessionId"]) != 40 || s1["sessionId"] != s2["sessionId"] {
		t.Fatalf("getSessionInfo: %v then %v", s1, s2)
	}

	// The running one removed, the others run in their new order.
	d.must(t, nil, "aria2.forceRemove", a)
	if st := d.waitStatus(t, a, "removed"); st["errorCode"] != "31" {
		t.Errorf("a removed download's errorCode %v, want aria2's 31", st["errorCode"])
	}
	for _, g := range []string{b, c} {
		d.waitStatus(t, g, "complete")
	}
	for _, name := range []string{"b2.bin", "c.bin"} {
		if got := fileSHA(t, filepath.Join(root, name)); got != fast.Content().SHA256() {
			t.Fatalf("%s: SHA-256 %s", name, got)
		}
	}
	var stopped []map[string]string
	d.must(t, &stopped, "aria2.tellStopped", 0, 10, []string{"gid"})
	if len(stopped) != 3 || stopped[0]["gid"] != a || stopped[1]["gid"] != b || stopped[2]["gid"] != c {
		t.Fatalf("tellStopped: %v, want a, b, c (the line after the moves)", stopped)
	}

	// addMetalink: one download per file, checked against its hash.
	meta4 := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="m.bin"><size>%d</size>
<hash type="sha-256">%s</hash><url>%s</url></file></metalink>`, 1<<20+3, fast.Content().SHA256(), fast.FileURL())
	var gids []string
	d.must(t, &gids, "aria2.addMetalink", base64.StdEncoding.EncodeToString([]byte(meta4)), map[string]string{"dir": "meta"})
	if len(gids) != 1 {
		t.Fatalf("addMetalink: %v", gids)
	}
	d.waitStatus(t, gids[0], "complete")
	if got := fileSHA(t, filepath.Join(root, "meta", "m.bin")); got != fast.Content().SHA256() {
		t.Fatalf("m.bin: SHA-256 %s", got)
	}

	d.must(t, &ok, "aria2.removeDownloadResult", a)
	if e := d.call(t, "aria2.tellStatus", a).Error; e == nil || e.Message != "GID "+a+" is not found" {
		t.Fatalf("tellStatus after removeDownloadResult: %+v", e)
	}
	d.must(t, &ok, "aria2.purgeDownloadResult")
	d.must(t, &stopped, "aria2.tellStopped", 0, 10)
	if len(stopped) != 0 {
		t.Fatalf("tellStopped after purgeDownloadResult: %v", stopped)
	}
}

func TestRPCOverGET(t *testing.T) {
	d := startDaemon(t, "g", "-d", t.TempDir())
	get := func(q url.Values) (int, string) {
		resp, err := http.Get(d.url + "?" + q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	params := base64.StdEncoding.EncodeToString([]byte(`["token:g"]`))
	_, body := get(url.Values{"method": {"aria2.getGlobalStat"}, "id": {"x1"}, "params": {params}})
	var a rpcAnswer
	if err := json.Unmarshal([]byte(body), &a); err != nil || string(a.ID) != `"x1"` || !strings.Contains(string(a.Result), `"numActive":"0"`) {
		t.Fatalf("GET getGlobalStat: %s", body)
	}
	_, body = get(url.Values{"method": {"aria2.getVersion"}, "id": {"2"}, "params": {params}, "jsoncallback": {"cb"}})
	if !strings.HasPrefix(body, "cb(") || !strings.HasSuffix(body, ")") || !strings.Contains(body, `"version"`) {
		t.Fatalf("GET with jsoncallback=cb: %s", body)
	}
	_, body = get(url.Values{"method": {"aria2.getVersion"}, "id": {"3"}, "params": {base64.StdEncoding.EncodeToString([]byte(`["token:bad"]`))}})
	if !strings.Contains(body, `"Unauthorized"`) {
		t.Fatalf("GET with a wrong token: %s", body)
	}
	_, body = get(url.Values{"method": {"aria2.getVersion"}, "params": {"%%%"}})
	if !strings.Contains(body, `"code":-32700`) {
		t.Fatalf("GET with params not base64: %s", body)
	}
	if code, _ := get(url.Values{"method": {"aria2.getVersion"}, "jsoncallback": {"alert(1);x"}}); code != http.StatusBadRequest {
		t.Fatalf("a jsoncallback that is script: HTTP %d, want 400", code)
	}
	// Another site's page that loads the JSONP with a <script> tag (no
	// Origin) is refused.
	req, _ := http.NewRequest(http.MethodGet, d.url+"?"+url.Values{"method": {"aria2.tellActive"}, "params": {params}, "jsoncallback": {"steal"}}.Encode(), nil)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Referer", "https://evil.example/page")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("JSONP from another site's <script>: HTTP %d, want 403", resp.StatusCode)
	}
}

func TestRPCSecure(t *testing.T) {
	dir := t.TempDir()
	ca := testCA(t)
	l := leaf(t, ca, time.Now().Add(-time.Hour), time.Now().Add(time.Hour), nil, net.ParseIP("127.0.0.1"))
	keyDER, err := x509.MarshalECPrivateKey(l.key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile := filepath.Join(dir, "c.pem"), filepath.Join(dir, "k.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: l.cert.Raw}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600)
	d := startDaemon(t, "s", "-d", dir, "--rpc-secure", "--rpc-certificate", certFile, "--rpc-private-key", keyFile)
	if !strings.HasPrefix(d.url, "https://") {
		t.Fatalf("--rpc-secure listens on %s, want https", d.url)
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca.cert)
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := hc.Post(d.url, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"aria2.getVersion","params":["token:s"]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"version"`) {
		t.Fatalf("getVersion over HTTPS: %s", b)
	}
	// Plain HTTP gets no JSON-RPC (net/http answers 400 to a request
	// that is not a TLS handshake).
	if resp, err := http.Post("http://"+d.addr+"/jsonrpc", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"aria2.getVersion","params":["token:s"]}`)); err == nil {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || strings.Contains(string(b), "jsonrpc") {
			t.Fatalf("plain HTTP to --rpc-secure: HTTP %d %s", resp.StatusCode, b)
		}
	}
}

func TestRPCPauseFlagAndGID(t *testing.T) {
	root := t.TempDir()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(200<<10))
	d := startDaemon(t, "p", "-d", root, "--pause")
	var gid string
	d.must(t, &gid, "aria2.addUri", []string{srv.FileURL()}, map[string]string{"out": "a.bin", "gid": "00000000000000aa"})
	if gid != "00000000000000aa" {
		t.Fatalf("addUri with gid=00000000000000aa answered %s", gid)
	}
	if e := d.call(t, "aria2.addUri", []string{srv.FileURL()}, map[string]string{"gid": gid}).Error; e == nil || e.Message != "GID 00000000000000aa is not unique." {
		t.Fatalf("a second download with the same gid: %+v", e)
	}
	var st map[string]string
	d.must(t, &st, "aria2.tellStatus", gid, []string{"status"})
	if st["status"] != "paused" || len(srv.Requests()) != 0 {
		t.Fatalf("under --pause: %v, %d requests to the origin; want paused, none", st, len(srv.Requests()))
	}
	d.must(t, nil, "aria2.unpause", gid)
	d.waitStatus(t, gid, "complete")
	var now string
	d.must(t, &now, "aria2.addUri", []string{srv.FileURL()}, map[string]string{"out": "b.bin", "pause": "false"})
	d.waitStatus(t, now, "complete")
	for _, n := range []string{"a.bin", "b.bin"} {
		if got := fileSHA(t, filepath.Join(root, n)); got != srv.Content().SHA256() {
			t.Fatalf("%s: SHA-256 %s", n, got)
		}
	}
	if r := runSlget(t, "--pause", srv.FileURL()); r.code != exitBadOption {
		t.Fatalf("--pause without --enable-rpc: exit %d, want %d", r.code, exitBadOption)
	}
}
