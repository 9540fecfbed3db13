// The connections a download opens, tried through Client.Do: with
// AutoConnections more where each is limited and never more than the
// server allows, a fixed count exactly, and a stream's count grown inside
// its window.

package slget_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestConnectionsAsTheOriginAllows(t *testing.T) {
	for _, tc := range []struct {
		name        string
		size, rate  int64 // the file, and each connection's limit in bytes per second
		limit       int   // the origin's connections; beyond, 503 at once
		conns       int   // Client.Connections
		stream      bool  // to a Writer through a 2 MiB window
		least, most int   // the bounds of what the origin saw at once, and of Result.Connections
	}{
		{"auto grows where each is limited", 12 << 20, 512 << 10, 0, slget.AutoConnections, false, 5, 16},
		{"auto keeps to the server's limit", 8 << 20, 1 << 20, 3, slget.AutoConnections, false, 1, 16},
		{"fixed is exact", 6 << 20, 1 << 20, 0, 6, false, 6, 6},
		{"auto grows in a stream", 8 << 20, 512 << 10, 0, slget.AutoConnections, true, 5, 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(tc.size), fetchtest.WithRateLimit(tc.rate), fetchtest.WithConnLimit(tc.limit))
			slice := int64(256 << 10)
			if tc.stream {
				slice = 128 << 10
			}
			c := newClient(t, &slget.Client{Connections: tc.conns, Slice: slice})
			var retries atomic.Int32
			req := &slget.Request{URL: srv.FileURL(), Events: func(e slget.Event) {
				if _, ok := e.(*slget.Retrying); ok {
					retries.Add(1)
				}
			}}
			out := &sink{}
			if tc.stream {
				req.Writer, req.StreamWindow = out, 2<<20
			} else {
				req.Path = filepath.Join(t.TempDir(), "f.bin")
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			res, err := c.Do(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			got := out.sha()
			if !tc.stream {
				got = fileSHA256(req.Path)
			}
			if got != srv.Content().SHA256() {
				t.Fatalf("SHA-256 %s, want %s", got, srv.Content().SHA256())
			}
			if m := srv.MostInFlight(); m < tc.least || m > tc.most {
				t.Errorf("the origin saw at most %d requests at once, want %d to %d", m, tc.least, tc.most)
			}
			if !tc.stream && (res.Connections < tc.least || res.Connections > tc.most) {
				t.Errorf("Result.Connections %d, want %d to %d", res.Connections, tc.least, tc.most)
			}
			if tc.limit > 0 {
				if n := srv.Refused(); n > 1 {
					t.Errorf("the origin refused %d requests above its %d connections, want at most 1", n, tc.limit)
				}
				if n := retries.Load(); n > 0 {
					t.Errorf("%d Retrying events: a 503 of the connection limit was taken as a failed try", n)
				}
			}
		})
	}
}
