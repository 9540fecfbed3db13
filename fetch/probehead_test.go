// Tests of ProbeHead: what a HEAD answer must show before a download from
// a cache or peers trusts it, redirects, and credentials kept with their
// host.

package fetch_test

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestProbeHead(t *testing.T) {
	const size = 3*mib + 5
	refuseHEAD := fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
		if r.Method == http.MethodHead {
			return fetchtest.Fault{Status: http.StatusMethodNotAllowed}
		}
		return fetchtest.Fault{}
	})
	for _, tc := range []struct {
		name string
		opts []fetchtest.Option
		ok   bool
	}{
		{"strong ETag and ranges", nil, true},
		{"HEAD refused", []fetchtest.Option{refuseHEAD}, false},
		{"weak ETag", []fetchtest.Option{fetchtest.WithWeakETag()}, false},
		{"no ETag", []fetchtest.Option{fetchtest.WithoutETag()}, false},
		{"no ranges", []fetchtest.Option{fetchtest.WithNoRanges()}, false},
		{"no length", []fetchtest.Option{fetchtest.WithNoLength()}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, append([]fetchtest.Option{fetchtest.WithSize(size)}, tc.opts...)...)
			p, err := newClient(t, 1).ProbeHead(t.Context(), srv.FileURL())
			if !tc.ok {
				if !errors.Is(err, fetch.ErrHeadNotEnough) {
					t.Fatalf("ProbeHead = %+v, %v; want ErrHeadNotEnough", p, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !p.Ranged || p.Body != nil || p.Validator.Size != size || p.Validator.ETag != srv.ETag() {
				t.Errorf("ProbeHead = %+v, want ranged, no body, size %d, ETag %s", p, size, srv.ETag())
			}
			for _, q := range srv.Requests() {
				if q.Method != http.MethodHead {
					t.Errorf("the origin got %s %s; want a HEAD alone", q.Method, q.Range)
				}
			}
			if srv.BytesServed() != 0 {
				t.Errorf("the origin sent %d body bytes for a HEAD", srv.BytesServed())
			}
		})
	}
}

// A HEAD that is redirected to another host ends there, and the user's
// Authorization goes to the host it was given for alone.
func TestProbeHeadRedirectKeepsCredentials(t *testing.T) {
	mirror := fetchtest.NewServer(t, fetchtest.WithSize(2*mib), fetchtest.WithHost("127.0.0.2"))
	front := fetchtest.NewServer(t, fetchtest.WithSize(2*mib), fetchtest.WithRedirectTo(mirror.FileURL()))
	c, err := fetch.NewClient(fetch.ClientOptions{Connections: 1, ConnectTimeout: 5 * time.Second, Timeout: 10 * time.Second,
		Header: http.Header{"Authorization": {"Bearer front-only"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.CloseIdle)
	p, err := c.ProbeHead(t.Context(), front.FileURL())
	if err != nil {
		t.Fatal(err)
	}
	if p.FinalURL != mirror.FileURL() || p.Validator.ETag != mirror.ETag() {
		t.Errorf("FinalURL %s ETag %s, want the mirror's %s %s", p.FinalURL, p.Validator.ETag, mirror.FileURL(), mirror.ETag())
	}
	if len(front.Requests()) == 0 || front.Requests()[0].Header.Get("Authorization") != "Bearer front-only" {
		t.Errorf("the host given did not get the Authorization header")
	}
	for _, q := range mirror.Requests() {
		if q.Header.Get("Authorization") != "" {
			t.Errorf("the mirror on another host got Authorization %q", q.Header.Get("Authorization"))
		}
	}
}
