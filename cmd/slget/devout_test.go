// -o naming a device or a FIFO: written as a stream, as -o -, never
// NAME.1 beside it.

//go:build unix

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// A FIFO as -o gets the file's bytes in order; nothing is created beside
// it.
func TestOutFIFOIsAStream(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sum := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo) // waits for the writer
		if err != nil {
			sum <- err.Error()
			return
		}
		defer f.Close()
		h := sha256.New()
		io.Copy(h, f)
		sum <- hex.EncodeToString(h.Sum(nil))
	}()
	r := runSlget(t, "-x", "4", "--slice", "256k", "-o", fifo, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	select {
	case got := <-sum:
		if got != srv.Content().SHA256() {
			t.Fatalf("the reader of the FIFO got %s, want %s", got, srv.Content().SHA256())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("nothing was written to the FIFO")
	}
	for _, name := range []string{"pipe.1", "pipe.part", "pipe.slget"} {
		mustNotExist(t, filepath.Join(dir, name))
	}
	if !strings.Contains(r.stdout+r.stderr, "streamed") {
		t.Errorf("no word of the stream: %q", r.stderr)
	}
}

// -o /dev/null, a curl habit: the download runs, and nothing is saved.
func TestOutDevNull(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no /dev/null")
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	r := runSlget(t, "-o", os.DevNull, srv.FileURL())
	settled(srv) // the origin counts its last bytes after the client has them
	if r.code != 0 || srv.BytesServed() < 1<<20 {
		t.Fatalf("exit %d, %d bytes served", r.code, srv.BytesServed())
	}
	mustNotExist(t, os.DevNull+".1")
	mustNotExist(t, os.DevNull+".part")
}
