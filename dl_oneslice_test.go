// A file of one slice: the probe's answer is the whole file, so it runs the
// probe's connection and one kept for the end-game, whatever the count
// asked for.

package slget_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestOneSliceFileRunsTwoConnections(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	c := &slget.Client{Connections: 8}
	var started *slget.Started
	res, err := c.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "f.bin"),
		Events: func(e slget.Event) {
			if s, ok := e.(*slget.Started); ok {
				started = s
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if fileSHA256(res.Path) != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	if started == nil || started.Connections != 2 || res.Connections > 2 {
		t.Errorf("a one-slice file with 8 connections asked: Started says %v, %d ran; want 2 at most", started, res.Connections)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("the origin saw %d requests, want the probe's alone", n)
	}
}

// TestOneSliceFileSizedByItsBytes: a one-slice file this run created is
// sized by its bytes alone, never set to its full size before they come
// (no journal says which bytes are there): while the origin holds back
// the rest, the partial file is as long as what arrived.
func TestOneSliceFileSizedByItsBytes(t *testing.T) {
	const size, sent = 64 << 10, 1000
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithStall(1, sent))
	path := filepath.Join(t.TempDir(), "f.bin")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := (&slget.Client{Connections: 8, StallTimeout: time.Minute}).Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path})
		done <- err
	}()
	// Wait for the partial file to hold something.
	var got int64
	for got == 0 {
		if fi, err := os.Stat(path + ".part"); err == nil {
			got = fi.Size()
		}
		select {
		case err := <-done:
			t.Fatalf("the download ended before its bytes came: %v", err)
		case <-time.After(time.Millisecond):
		}
	}
	if got != sent {
		t.Errorf("the partial file holds %d bytes, want the %d that came", got, sent)
	}
	cancel()
	if err := <-done; err == nil {
		t.Fatal("a stopped download succeeded")
	}
}
