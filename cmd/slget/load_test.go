// Load: many downloads at once from one origin, in-process, with every
// file's bytes checked and every connection and file descriptor given back.

package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/slget/slget/fetch/fetchtest"
)

// multiOrigin is an HTTP origin of many files of deterministic content,
// served by net/http's ServeContent with a strong ETag (Range, If-Match and
// 416 as a real server does them). It counts bytes and connections.
type multiOrigin struct {
	*httptest.Server
	files map[string]fetchtest.Content

	served   atomic.Int64 // body bytes written
	requests atomic.Int64
	mu       sync.Mutex
	open     int // connections open now
	maxOpen  int // most connections open at once
}

func newMultiOrigin(t *testing.T, files map[string]fetchtest.Content) *multiOrigin {
	o := &multiOrigin{files: files}
	o.Server = httptest.NewUnstartedServer(http.HandlerFunc(o.serve))
	o.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		o.mu.Lock()
		defer o.mu.Unlock()
		switch s {
		case http.StateNew:
			o.open++
			o.maxOpen = max(o.maxOpen, o.open)
		case http.StateClosed, http.StateHijacked:
			o.open--
		}
	}
	o.Start()
	t.Cleanup(o.Close)
	return o
}

func (o *multiOrigin) serve(w http.ResponseWriter, r *http.Request) {
	o.requests.Add(1)
	c, ok := o.files[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("ETag", fmt.Sprintf(`"%x-%x"`, c.Seed, c.Size))
	w.Header().Set("Content-Type", "application/octet-stream")
	http.ServeContent(countingWriter{w, &o.served}, r, "", time.Time{}, io.NewSectionReader(c, 0, c.Size))
}

func (o *multiOrigin) openConns() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.open
}

type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (w countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n.Add(int64(n))
	return n, err
}

// openFDs is the number of file descriptors this process has open.
func openFDs(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot count open files here: %v", err)
	}
	return len(ents)
}

// TestLoadManyDownloads runs 68 downloads, 16 at a time with 4 connections
// each, from one origin in one slget: 64 small files (empty, one byte,
// under a slice, a few slices) and 4 of 24 MiB. Every file must have its
// bytes; afterwards no connection to the origin and no file descriptor may
// be left open.
func TestLoadManyDownloads(t *testing.T) {
	if testing.Short() {
		t.Skip("68 downloads at once (about 130 MiB of traffic); skipped with -short")
	}
	files := map[string]fetchtest.Content{}
	rng := newRand()
	for i := range 64 {
		size := rng.Int64N(1 << 20)
		switch i {
		case 0, 1:
			size = int64(i) // empty and one byte
		case 2:
			size = 256 << 10 // exactly one slice
		}
		files[fmt.Sprintf("/small/s%02d.bin", i)] = fetchtest.Content{Size: size, Seed: uint64(i + 1)}
	}
	var total int64
	for i := range 4 {
		files[fmt.Sprintf("/large/l%d.bin", i)] = fetchtest.Content{Size: 24<<20 + int64(i)*12345, Seed: uint64(100 + i)}
	}
	for _, c := range files {
		total += c.Size
	}
	o := newMultiOrigin(t, files)
	dir := t.TempDir()
	var list strings.Builder
	for p := range files {
		fmt.Fprintf(&list, "%s%s\n", o.URL, p)
	}
	listFile := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(listFile, []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}

	before, beforeG := openFDs(t), goleak.IgnoreCurrent()
	start := time.Now()
	r := runSlget(t, "-q", "-j", "16", "-x", "4", "--slice", "256k", "-d", dir, "-i", listFile)
	took := time.Since(start)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for p, c := range files {
		got := filepath.Join(dir, path.Base(p))
		if fileSHA(t, got) != c.SHA256() {
			t.Errorf("%s (%d bytes): wrong bytes", got, c.Size)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != len(files) {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("%d entries in the directory, want the %d files: %v", len(ents), len(files), names)
	}
	// The origin closes its end when slget closes its own: wait for that.
	deadline := time.Now().Add(5 * time.Second)
	for (o.openConns() > 0 || openFDs(t) > before) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("%d files, %d MiB in %v (%.0f MiB/s); %d requests, %d MiB served (%.3fx); at most %d connections at once; %d file descriptors before, %d after",
		len(files), total>>20, took.Round(time.Millisecond), float64(total)/(1<<20)/took.Seconds(), o.requests.Load(),
		o.served.Load()>>20, float64(o.served.Load())/float64(total), o.maxOpen, before, openFDs(t))
	if n := o.openConns(); n > 0 {
		t.Errorf("%d connections to the origin still open after slget returned", n)
	}
	if after := openFDs(t); after > before {
		t.Errorf("%d file descriptors open after the downloads, %d before", after, before)
	}
	goleak.VerifyNone(t, beforeG, goleak.IgnoreAnyFunction("net/http.(*conn).serve")) // the origin's idle handlers: see TestNoGoroutineOutlivesRun
	if o.maxOpen > 16*4 {
		t.Errorf("%d connections at once, more than -j 16 × -x 4", o.maxOpen)
	}
}
