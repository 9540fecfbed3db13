// A file of one slice: the probe's answer is the whole file, so it runs the
// probe's connection and one kept for the end-game, whatever the count
// asked for.

package slget_test

import (
	"context"
	"path/filepath"
	"testing"

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
