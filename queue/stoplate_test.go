// A pause or a remove that comes after the download's Do has returned
// its file complete, before the queue has recorded how the run ended:
// the download is complete, not paused or removed with its file done.

package queue

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestStopAfterTheEndIsComplete(t *testing.T) {
	for _, tc := range []struct {
		name string
		stop func(*Queue, GID) error
	}{{"pause", (*Queue).Pause}, {"remove", (*Queue).Remove}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			srv := fetchtest.NewServer(t, fetchtest.WithSize(300<<10+9))
			c := &slget.Client{Connections: 2, Slice: 64 << 10}
			returned, release := make(chan struct{}), make(chan struct{})
			q := New(Config{Prepare: func(s Spec) (*slget.Client, *slget.Request, func(), error) {
				req := &slget.Request{URL: s.URIs[0], Path: filepath.Join(dir, s.Options["out"])}
				// done runs once Do has returned: hold the run there
				// while the client stops it.
				return c, req, func() { close(returned); <-release }, nil
			}})
			t.Cleanup(q.Close)
			g, err := q.Add(Spec{URIs: []string{srv.FileURL()}, Options: map[string]string{"out": "f"}}, -1, false)
			if err != nil {
				t.Fatal(err)
			}
			select {
			case <-returned:
			case <-time.After(30 * time.Second):
				t.Fatal("the download did not end in 30s")
			}
			if err := tc.stop(q, g); err != nil {
				t.Fatal(err)
			}
			close(release)
			in := waitState(t, q, g, Complete)
			if got := sha(t, in.Path); got != srv.Content().SHA256() {
				t.Fatalf("SHA-256 %s, want %s", got, srv.Content().SHA256())
			}
			if in.Done != srv.Content().Size || in.Total != in.Done {
				t.Fatalf("complete with %d of %d bytes, want %d", in.Done, in.Total, srv.Content().Size)
			}
		})
	}
}
