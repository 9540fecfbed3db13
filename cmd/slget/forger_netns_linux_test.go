// A forged announcement across a LAN of two network namespaces: a host
// that announces _slget._tcp without the fleet's token is found by every
// --peer auto client and serve, and gets no token in any form, owns no
// run, and puts no byte into a file. Needs root and iproute2, as the other
// namespace tests.

package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/slget/slget/fleet/mdns"
	"github.com/slget/slget/internal/netnstest"
)

// forgedRequest is one request the forger got, as its log has it.
type forgedRequest struct {
	Method string      `json:"method"`
	Target string      `json:"target"`
	Header http.Header `json:"header"`
	Sent   int64       `json:"sent"` // body bytes it answered with
}

// TestNetnsForgerHelper is the forger: this test binary, run again in a
// namespace with SLGET_TEST_FORGER_HOST set, listens there on port 7879,
// announces itself by mDNS as a slget serve, logs every request (all its
// headers) to SLGET_TEST_FORGER_LOG, answers /healthz as a serve does, and
// answers every proxy range with zeros and the checksums of zeros: what a
// host that wants to plant bytes would send. It runs until stdin ends.
func TestNetnsForgerHelper(t *testing.T) {
	host := os.Getenv("SLGET_TEST_FORGER_HOST")
	if host == "" {
		t.Skip("a helper process of TestForgedAnnouncementAcrossNamespaces")
	}
	logf, err := os.Create(os.Getenv("SLGET_TEST_FORGER_LOG"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	var mu sync.Mutex
	record := func(r *http.Request, sent int64) {
		b, _ := json.Marshal(forgedRequest{Method: r.Method, Target: r.RequestURI, Header: r.Header, Sent: sent})
		mu.Lock()
		logf.Write(append(b, '\n'))
		logf.Sync()
		mu.Unlock()
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/healthz" && !r.URL.IsAbs() {
			w.Header().Set("X-Slget-Id", "forged-0")
			io.WriteString(w, "ok slget/0.1.0\n")
			record(r, 0)
			return
		}
		record(r, forgeRange(w, r))
	})
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "7879"))
	if err != nil {
		t.Fatal(err)
	}
	go http.Serve(ln, h)
	ctx, cancel := context.WithCancel(context.Background())
	go mdns.Announce(ctx, mdns.Announcement{Instance: "forged-7879", Port: 7879, IPs: []net.IP{net.ParseIP(host)},
		Text: []string{"v=1", "version=0.1.0", "id=forged-0", "auth=token"}})
	fmt.Println("forger listening")
	io.Copy(io.Discard, os.Stdin)
	cancel()
	ln.Close()
}

// forgeRange answers a proxy GET of bytes=A-B with zeros, the If-Match as
// its ETag and the CRC-32C of each whole slice of zeros; it returns the
// bytes sent.
func forgeRange(w http.ResponseWriter, r *http.Request) int64 {
	var a, b int64
	if _, err := fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-%d", &a, &b); err != nil || b < a {
		http.Error(w, "no range", http.StatusBadGateway)
		return 0
	}
	slice, _ := strconv.ParseInt(r.Header.Get("X-Slget-Slice"), 10, 64)
	if slice <= 0 {
		slice = 1 << 20
	}
	n := b - a + 1
	var sums []string
	zero := crc32.Checksum(make([]byte, slice), crc32.MakeTable(crc32.Castagnoli))
	for k := a / slice; k*slice+slice <= b+1; k++ {
		sums = append(sums, fmt.Sprintf("%08x", zero))
	}
	hd := w.Header()
	hd.Set("ETag", r.Header.Get("If-Match"))
	hd.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", a, b, 6*mib))
	hd.Set("Content-Length", strconv.FormatInt(n, 10))
	hd.Set("X-Slget-Crc32c", strconv.FormatInt(a/slice, 10)+":"+strings.Join(sums, ","))
	w.WriteHeader(http.StatusPartialContent)
	m, _ := io.CopyN(w, zeroReader{}, n)
	return m
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestForgedAnnouncementAcrossNamespaces: a real fleet member (a serve
// with the token) in a, a forger in b announcing itself too, a serve in b
// with --peer auto, and clients in b with --peer auto. The forger is found
// (it gets health checks), but it sees the token in no form, is sent no
// range, and no byte of it reaches a file; the client names it.
func TestForgedAnnouncementAcrossNamespaces(t *testing.T) {
	l := netnstest.New(t)
	bin := binary(t)
	const token = "fleet-secret-forged"
	url, sum, originHost := startNetnsOrigin(t, l)

	forgerLog := filepath.Join(t.TempDir(), "forger.log")
	forger := l.Start(t, l.B, []string{"SLGET_TEST_FORGER_HOST=" + l.AddrB, "SLGET_TEST_FORGER_LOG=" + forgerLog}, t.Logf, os.Args[0], "-test.run=^TestNetnsForgerHelper$")
	if _, ok := forger.WaitLine("forger listening"); !ok {
		t.Fatal("the forger did not start")
	}
	env := []string{envServeToken + "=" + token}
	serveA := l.Start(t, l.A, env, t.Logf, bin, "serve", "--cache", t.TempDir(), "--listen", "0.0.0.0:7878", "--allow", originHost, "--peer", "auto")
	serveB := l.Start(t, l.B, env, t.Logf, bin, "serve", "--cache", t.TempDir(), "--listen", "0.0.0.0:7878", "--allow", originHost, "--peer", "auto")
	forgedAddr := "http://" + l.AddrB + ":7879"
	for _, s := range []*netnstest.Process{serveA, serveB} {
		// Each serve finds the forger among the LAN's announcements.
		if _, ok := s.WaitLine(forgedAddr); !ok {
			t.Fatalf("a serve never found the forger at %s by mDNS", forgedAddr)
		}
	}

	dir := t.TempDir()
	for i, ns := range []string{l.B, l.A, l.B} {
		name := fmt.Sprintf("f-%d", i)
		r := runIn(t, l, ns, []string{envPeerToken + "=" + token}, "--peer", "auto", "-d", dir, "-o", name, "--json", url+"?"+name)
		if r.code != 0 {
			t.Fatalf("download %d: exit %d: %s", i, r.code, r.stderr)
		}
		if fileSHA(t, filepath.Join(dir, name)) != sum {
			t.Errorf("download %d: exit 0 with a SHA-256 not the origin's: the forger's bytes are in the file", i)
		}
		if got := jsonResult(t, r).BySource; got["peer"] == 0 {
			t.Errorf("download %d: bytes by source %v: the fleet's own serves were not used", i, got)
		}
		if !strings.Contains(r.stderr, forgedAddr) || !strings.Contains(r.stderr, "not a member of this fleet") {
			t.Errorf("download %d: stderr %q does not name the forger %s", i, r.stderr, forgedAddr)
		}
	}

	forger.Stop()
	b, err := os.ReadFile(forgerLog)
	if err != nil {
		t.Fatal(err)
	}
	var checks, ranges int
	for _, ln := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var q forgedRequest
		if json.Unmarshal([]byte(ln), &q) != nil {
			continue
		}
		if q.Target == "/healthz" {
			checks++
		} else {
			ranges++
			t.Errorf("the forger was sent %s %s (Range %s) and answered %d bytes", q.Method, q.Target, q.Header.Get("Range"), q.Sent)
		}
		for name, vs := range q.Header {
			for _, v := range vs {
				if strings.Contains(v, token) || strings.Contains(v, base64.StdEncoding.EncodeToString([]byte("slget:"+token))) ||
					strings.HasPrefix(v, "Basic ") || strings.HasPrefix(v, "Bearer ") {
					t.Errorf("the forger got the token: %s %s: %s: %q", q.Method, q.Target, name, v)
				}
			}
		}
	}
	if checks == 0 {
		t.Fatal("the forger got no request at all: nobody found it, and the test proves nothing")
	}
	t.Logf("the forger got %d health checks and %d ranges; no token in any of them", checks, ranges)
}
