// Tests of the bounds the Client's docs give: a setting outside them is
// refused before any request.

package slget_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// A Client whose settings are outside the bounds their docs give fails
// with a *RequestError naming the field and the bounds, and the origin
// sees no request.
func TestClientBoundsChecked(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	for _, tc := range []struct {
		name   string
		c      *slget.Client
		req    slget.Request
		saying []string
	}{
		{"slice below MinSlice", &slget.Client{Slice: 1000}, slget.Request{}, []string{"Slice", "4096", "1073741824"}},
		{"slice above MaxSlice", &slget.Client{Slice: 5 << 30}, slget.Request{}, []string{"Slice", "4096", "1073741824"}},
		{"negative slice", &slget.Client{Slice: -1}, slget.Request{}, []string{"Slice"}},
		{"too many connections", &slget.Client{Connections: 1000}, slget.Request{}, []string{"Connections", "64"}},
		{"negative connections", &slget.Client{Connections: -3}, slget.Request{}, []string{"Connections", "0 to 64"}},
		{"MaxConnections too high", &slget.Client{MaxConnections: 65}, slget.Request{}, []string{"MaxConnections", "64"}},
		{"negative MaxConnections", &slget.Client{MaxConnections: -1}, slget.Request{}, []string{"MaxConnections"}},
		{"request's connections too many", &slget.Client{}, slget.Request{Connections: 100}, []string{"Request.Connections", "64"}},
		{"negative request connections", &slget.Client{}, slget.Request{Connections: -2}, []string{"Request.Connections"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv.ResetLog()
			c := newClient(t, tc.c)
			req := tc.req
			req.URL, req.Path = srv.FileURL(), filepath.Join(t.TempDir(), "file.bin")
			res, err := c.Do(t.Context(), &req)
			var re *slget.RequestError
			if !errors.As(err, &re) {
				t.Fatalf("Do: %v, want a *RequestError (result %+v)", err, res)
			}
			for _, s := range tc.saying {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("%q does not say %q", err, s)
				}
			}
			if n := len(srv.Requests()); n != 0 {
				t.Errorf("the origin saw %d requests", n)
			}
		})
	}
	// The bounds themselves are taken.
	c := newClient(t, &slget.Client{Slice: slget.MinSlice, Connections: slget.ConnectionLimit})
	if res, _ := get(t, c, srv, nil); res.Connections > slget.ConnectionLimit {
		t.Errorf("%d connections", res.Connections)
	}
}
