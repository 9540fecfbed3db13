// A signed request overheard on a LAN of two network namespaces, sent
// again by a host without the fleet's token: to another member, and to
// the member it was made for after that one restarted. Each refuses it,
// and the origin is asked for nothing. Needs root and iproute2, as the
// other namespace tests.

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/netnstest"
)

// TestNetnsLoggingOriginHelper is an origin, as TestNetnsOriginHelper's,
// that prints a line for each request it gets ("origin got GET TARGET
// RANGE"), until its stdin ends.
func TestNetnsLoggingOriginHelper(t *testing.T) {
	host := os.Getenv("SLGET_TEST_LOGGING_ORIGIN_HOST")
	if host == "" {
		t.Skip("a helper process of TestReplayedRequestAcrossNamespaces")
	}
	logged := func(r *http.Request, _ int) fetchtest.Fault {
		fmt.Printf("origin got %s %s %s\n", r.Method, r.URL.RequestURI(), r.Header.Get("Range"))
		return fetchtest.Fault{}
	}
	srv, err := fetchtest.Start(fetchtest.WithHost(host), fetchtest.WithSize(6*mib), fetchtest.WithFault(logged))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	fmt.Printf("origin %s %s\n", srv.FileURL(), srv.Content().SHA256())
	io.Copy(io.Discard, os.Stdin)
}

// TestNetnsTapHelper is a host on the path between a client and a serve:
// it listens on SLGET_TEST_TAP_LISTEN, passes each connection on to
// SLGET_TEST_TAP_TO, and writes what the client sent to SLGET_TEST_TAP_LOG,
// until its stdin ends. It holds no token.
func TestNetnsTapHelper(t *testing.T) {
	listen := os.Getenv("SLGET_TEST_TAP_LISTEN")
	if listen == "" {
		t.Skip("a helper process of TestReplayedRequestAcrossNamespaces")
	}
	logf, err := os.Create(os.Getenv("SLGET_TEST_TAP_LOG"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				up, err := net.Dial("tcp", os.Getenv("SLGET_TEST_TAP_TO"))
				if err != nil {
					return
				}
				defer up.Close()
				go io.Copy(c, up)
				// One connection's bytes at a time: requests on one
				// connection follow each other; apart, they would mix.
				var buf bytes.Buffer
				io.Copy(io.MultiWriter(up, &buf), c)
				mu.Lock()
				logf.Write(buf.Bytes())
				logf.Sync()
				mu.Unlock()
			}()
		}
	}()
	fmt.Println("tap listening")
	io.Copy(io.Discard, os.Stdin)
	ln.Close()
}

// TestNetnsReplayHelper sends the first proxy request of the capture
// SLGET_TEST_REPLAY_FROM, as it was, to SLGET_TEST_REPLAY_TO, and prints
// "replay answered STATUS".
func TestNetnsReplayHelper(t *testing.T) {
	from := os.Getenv("SLGET_TEST_REPLAY_FROM")
	if from == "" {
		t.Skip("a helper process of TestReplayedRequestAcrossNamespaces")
	}
	req, err := capturedProxyRequest(from)
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.Dial("tcp", os.Getenv("SLGET_TEST_REPLAY_TO"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := req.WriteProxy(c); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	fmt.Printf("replay answered %d\n", resp.StatusCode)
}

// capturedProxyRequest is the first request in the capture at path whose
// target is an absolute URL, with its MAC.
func capturedProxyRequest(path string) (*http.Request, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReader(bytes.NewReader(b))
	for {
		req, err := http.ReadRequest(br)
		if err != nil {
			return nil, fmt.Errorf("no signed proxy request in the capture: %v", err)
		}
		if strings.HasPrefix(req.RequestURI, "http://") && req.Header.Get("X-Slget-Auth") != "" {
			return req, nil
		}
	}
}

// TestReplayedRequestAcrossNamespaces: an origin and serve A in a, serve B
// (same token) and a tap in b. A client in b reaches serve A through the
// tap, which keeps what it sent. The tap's first signed range, sent again
// within the 30s window to serve B and to serve A after a restart (same
// cache, same ID), is refused (407), and the origin gets no request for
// it.
func TestReplayedRequestAcrossNamespaces(t *testing.T) {
	l := netnstest.New(t)
	bin := binary(t)
	const token = "fleet-secret-replay"
	origin := l.Start(t, l.A, []string{"SLGET_TEST_LOGGING_ORIGIN_HOST=" + l.AddrA}, nil, os.Args[0], "-test.run=^TestNetnsLoggingOriginHelper$")
	line, ok := origin.WaitLine("origin http://")
	if !ok {
		t.Fatal("the origin did not start")
	}
	url, sum := strings.Fields(line)[1], strings.Fields(line)[2]
	originHost := strings.Split(strings.TrimPrefix(url, "http://"), "/")[0]

	env := []string{envServeToken + "=" + token}
	cacheA := t.TempDir()
	startServe := func(ns, cache string) *netnstest.Process {
		p := l.Start(t, ns, env, t.Logf, bin, "serve", "--cache", cache, "--listen", "0.0.0.0:7878", "--allow", originHost)
		if _, ok := p.WaitLine("serving"); !ok {
			t.Fatalf("a serve in %s did not start", ns)
		}
		return p
	}
	serveA := startServe(l.A, cacheA)
	serveB := startServe(l.B, t.TempDir())
	capture := filepath.Join(t.TempDir(), "tap")
	tap := l.Start(t, l.B, []string{"SLGET_TEST_TAP_LISTEN=" + l.AddrB + ":7880", "SLGET_TEST_TAP_TO=" + l.AddrA + ":7878", "SLGET_TEST_TAP_LOG=" + capture},
		t.Logf, os.Args[0], "-test.run=^TestNetnsTapHelper$")
	if _, ok := tap.WaitLine("tap listening"); !ok {
		t.Fatal("the tap did not start")
	}

	dir := t.TempDir()
	r := runIn(t, l, l.B, []string{envPeerToken + "=" + token}, "--peer", "http://"+l.AddrB+":7880", "-x", "1",
		"-d", dir, "-o", "f", "--json", url+"?captured")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "f")) != sum {
		t.Fatalf("the download through the tap: exit %d: %s", r.code, r.stderr)
	}
	if got := jsonResult(t, r).BySource; got["peer"] == 0 {
		t.Fatalf("bytes by source %v: nothing came from serve A, so the tap saw no signed range", got)
	}
	captured := time.Now()
	tap.Stop() // its connections end: the capture is whole
	if _, err := capturedProxyRequest(capture); err != nil {
		t.Fatal(err)
	}
	originSince(t, l, origin, dir, url, "marker-0")

	replay := func(to string) string {
		p := l.Start(t, l.B, []string{"SLGET_TEST_REPLAY_FROM=" + capture, "SLGET_TEST_REPLAY_TO=" + to}, t.Logf, os.Args[0], "-test.run=^TestNetnsReplayHelper$")
		line, ok := p.WaitLineWithin("replay answered", 30*time.Second)
		if !ok {
			t.Fatalf("the replay to %s got no answer", to)
		}
		return strings.TrimSpace(strings.TrimPrefix(line[strings.Index(line, "replay answered"):], "replay answered"))
	}
	// Each refusal is for the run, not for the clock: the replays come
	// within the 30s window.
	refusedForRun := func(s *netnstest.Process, who string) {
		t.Helper()
		if _, ok := s.WaitLineWithin("signed for another run", 10*time.Second); !ok {
			t.Errorf("%s did not log the replay as a request signed for another run", who)
		}
	}
	// To the other member.
	if got := replay(l.AddrB + ":7878"); got != "407" && got != "403" {
		t.Errorf("the captured request sent to serve B: %s, want 407 or 403", got)
	}
	refusedForRun(serveB, "serve B")
	// To serve A after a restart: its nonces are forgotten, its run is new.
	serveA.Stop()
	serveA = startServe(l.A, cacheA)
	if got := replay(l.AddrA + ":7878"); got != "407" && got != "403" {
		t.Errorf("the captured request sent to serve A after its restart: %s, want 407 or 403", got)
	}
	refusedForRun(serveA, "serve A, restarted")
	if el := time.Since(captured); el > 25*time.Second {
		t.Errorf("the replays came %s after the capture: near or past the 30s window, they prove less", el.Round(time.Second))
	}

	if lines := originSince(t, l, origin, dir, url, "marker-1"); len(lines) > 0 {
		t.Errorf("the origin was asked for something by the replays:\n%s", strings.Join(lines, "\n"))
	}
}

// originSince downloads url?marker straight from the origin, and returns
// the origin's lines before the marker's first request but its own and
// those of earlier markers: the requests it got since the last marker.
func originSince(t *testing.T, l *netnstest.LAN, origin *netnstest.Process, dir, url, marker string) []string {
	t.Helper()
	r := runIn(t, l, l.B, nil, "-x", "1", "-d", dir, "-o", marker, url+"?"+marker)
	if r.code != 0 {
		t.Fatalf("the marker download: exit %d: %s", r.code, r.stderr)
	}
	var lines []string
	for {
		line, ok := origin.WaitLineWithin("origin got", 30*time.Second)
		switch {
		case !ok:
			t.Fatalf("the origin never printed the marker %s", marker)
		case strings.Contains(line, "?"+marker):
			return lines
		case !strings.Contains(line, "?marker-"):
			lines = append(lines, line)
		}
	}
}
