// An origin on another host of a LAN of two network namespaces (a private
// 10.x address) names the client's loopback: in Link headers by address
// and by name (localhost), as the Metalink of rel=describedby, through a
// mirror that redirects there, and as a mirror of a Metalink the command
// follows. A listener on the client's loopback sees none of it, the file
// comes exact from the origin, and each source is named with why; a
// mirror the user names on loopback (-i, a TAB line) is still asked.
// Needs root and iproute2, as the other namespace tests.

package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/netnstest"
)

// The fixed ports of the helpers: each namespace is new and empty.
const (
	trapPort = "7880" // on the client's loopback
	docPort  = "7881" // beside the origin: its Metalink and a redirect
)

// TestNetnsScopeHelper is the origin or the trap of
// TestServerNamesClientLoopbackAcrossNamespaces: this test binary, run
// again in a namespace. With SLGET_TEST_SCOPE_ORIGIN=ADDR it serves a file
// on ADDR whose Link headers name the trap, and on ADDR:7881 a Metalink
// (/doc.meta4) listing the trap first and the file, and a redirect to the
// trap (/r). With SLGET_TEST_SCOPE_TRAP=FILE it listens on loopback port
// 7880 (IPv4 and IPv6), logs "METHOD PATH" of every request to FILE and
// answers 404. Either runs until stdin ends.
func TestNetnsScopeHelper(t *testing.T) {
	host, trapLog := os.Getenv("SLGET_TEST_SCOPE_ORIGIN"), os.Getenv("SLGET_TEST_SCOPE_TRAP")
	switch {
	case trapLog != "":
		runTrap(t, trapLog)
	case host != "":
		runScopeOrigin(t, host)
	default:
		t.Skip("a helper process of TestServerNamesClientLoopbackAcrossNamespaces")
	}
}

func runTrap(t *testing.T, logName string) {
	logf, err := os.Create(logName)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	var mu sync.Mutex
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		fmt.Fprintf(logf, "%s %s\n", r.Method, r.URL.Path)
		logf.Sync()
		mu.Unlock()
		http.NotFound(w, r)
	})
	for _, addr := range []string{"127.0.0.1", "::1"} {
		ln, err := net.Listen("tcp", net.JoinHostPort(addr, trapPort))
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go http.Serve(ln, h)
	}
	fmt.Println("trap listening")
	io.Copy(io.Discard, os.Stdin)
}

func runScopeOrigin(t *testing.T, host string) {
	trap := "http://127.0.0.1:" + trapPort
	side := "http://" + net.JoinHostPort(host, docPort)
	srv, err := fetchtest.Start(fetchtest.WithHost(host), fetchtest.WithSize(4*mib), fetchtest.WithSeed(3), fetchtest.WithPath("/f.iso"),
		fetchtest.WithHeader("Link", "<"+trap+"/dup>; rel=duplicate; pri=1, <http://localhost:"+trapPort+"/byname>; rel=duplicate; pri=2"),
		fetchtest.WithHeader("Link", "<"+side+"/r>; rel=duplicate; pri=3"),
		fetchtest.WithHeader("Link", "<"+trap+"/linked.meta4>; rel=describedby; type=\"application/metalink4+xml\""))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	doc := metalink4("f.iso", srv, trap+"/listed", srv.FileURL())
	mux := http.NewServeMux()
	mux.HandleFunc("/doc.meta4", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/metalink4+xml")
		io.WriteString(w, doc)
	})
	mux.HandleFunc("/r", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, trap+"/redirected", http.StatusFound)
	})
	ln, err := net.Listen("tcp", net.JoinHostPort(host, docPort))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go http.Serve(ln, mux)
	fmt.Printf("origin %s %s\n", srv.FileURL(), srv.Content().SHA256())
	io.Copy(io.Discard, os.Stdin)
}

func TestServerNamesClientLoopbackAcrossNamespaces(t *testing.T) {
	l := netnstest.New(t)
	binary(t)
	origin := l.Start(t, l.A, []string{"SLGET_TEST_SCOPE_ORIGIN=" + l.AddrA}, t.Logf, os.Args[0], "-test.run=^TestNetnsScopeHelper$")
	line, ok := origin.WaitLine("origin http://")
	if !ok {
		t.Fatal("the origin did not start")
	}
	f := strings.Fields(line)
	fileURL, sum := f[1], f[2]
	trapLog := filepath.Join(t.TempDir(), "trap.log")
	trap := l.Start(t, l.B, []string{"SLGET_TEST_SCOPE_TRAP=" + trapLog}, t.Logf, os.Args[0], "-test.run=^TestNetnsScopeHelper$")
	if _, ok := trap.WaitLine("trap listening"); !ok {
		t.Fatal("the trap did not start")
	}
	named := func(r runResult, urls ...string) {
		t.Helper()
		for _, u := range urls {
			if !strings.Contains(r.stderr, u) {
				t.Errorf("no line names %s", u)
			}
		}
		if !strings.Contains(r.stderr, "loopback address, more private than the private server that named this source") {
			t.Errorf("no line says why the loopback sources are left out")
		}
	}
	trapURL := "http://127.0.0.1:" + trapPort

	// The origin's Link headers.
	dir := t.TempDir()
	r := runIn(t, l, l.B, nil, "-d", dir, "--json", fileURL)
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "f.iso")) != sum {
		t.Fatalf("exit %d, or not the origin's file", r.code)
	}
	named(r, trapURL+"/dup", "http://localhost:"+trapPort+"/byname", trapURL+"/linked.meta4", "http://"+net.JoinHostPort(l.AddrA, docPort)+"/r")

	// A URL that is a Metalink listing the trap first.
	dir = t.TempDir()
	r = runIn(t, l, l.B, nil, "-d", dir, "http://"+net.JoinHostPort(l.AddrA, docPort)+"/doc.meta4")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "f.iso")) != sum {
		t.Fatalf("exit %d, or not the origin's file", r.code)
	}
	named(r, trapURL+"/listed")

	// A mirror the user names on loopback is the user's choice.
	dir = t.TempDir()
	list := filepath.Join(dir, "list")
	if err := os.WriteFile(list, []byte(fileURL+"\t"+trapURL+"/user\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runIn(t, l, l.B, nil, "-d", dir, "-i", list, "--follow-metalink=false")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "f.iso")) != sum {
		t.Fatalf("-i with a mirror on loopback: exit %d, or not the origin's file", r.code)
	}

	trap.Stop()
	lf, err := os.Open(trapLog)
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	user := 0
	sc := bufio.NewScanner(lf)
	for sc.Scan() {
		if strings.HasSuffix(sc.Text(), " /user") {
			user++
			continue
		}
		t.Errorf("the client's loopback was sent %s", sc.Text())
	}
	if user == 0 {
		t.Error("the mirror the user named on loopback was not asked: the trap may not be reachable, and the test proves nothing")
	}
}
