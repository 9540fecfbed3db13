// A server without ranges whose every answer ends early at the same byte
// (a proxy or cache in the way that cannot hold the file): each try would
// cost the server the file up to there again, so the second identical cut
// ends the download.

package slget_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestSameCutWithoutRangesGivesUp(t *testing.T) {
	t.Parallel()
	const size, cut = 4 << 20, 1<<20 + 12345
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoRanges(),
		fetchtest.WithFault(func(*http.Request, int) fetchtest.Fault { return fetchtest.Fault{CutAfter: cut} }))
	// A short budget, fast tries: without the rule this asks for the file
	// again and again until the budget ends.
	c := newClient(t, &slget.Client{Retry: slget.RetryPolicy{Wait: 10 * time.Millisecond, MaxWait: 20 * time.Millisecond, Budget: 3 * time.Second}})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "file.bin")})
	var se *slget.SameCutError
	if !errors.As(err, &se) || se.At != cut || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("Do: %v (%T), want a *SameCutError at byte %d", err, err, cut)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want 2 (the second cut at the same byte ends it)", n)
	}
	if sent := srv.BytesServed(); sent > 2*cut+64<<10 {
		t.Errorf("the server sent %d bytes, want about two cuts' worth (%d)", sent, 2*cut)
	}
}

// A cut at another byte each time (a flaky link) is tried again as
// before, and the download ends exact.
func TestMovingCutWithoutRangesIsRetried(t *testing.T) {
	t.Parallel()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithNoRanges(),
		fetchtest.WithFault(func(_ *http.Request, n int) fetchtest.Fault {
			if n <= 3 {
				return fetchtest.Fault{CutAfter: int64(n) << 20}
			}
			return fetchtest.Fault{}
		}))
	c := newClient(t, &slget.Client{Retry: slget.RetryPolicy{Wait: 10 * time.Millisecond, MaxWait: 20 * time.Millisecond}})
	get(t, c, srv, nil)
	if n := len(srv.Requests()); n < 4 {
		t.Errorf("%d requests, want the three cut and one whole", n)
	}
}

// A cache in front that names itself (Via: varnish) and cuts the whole
// answer at another byte each time (it evicts as it fills): the second
// cut ends the download, which would only make it fetch the file again.
func TestCacheCutWithoutRangesGivesUp(t *testing.T) {
	t.Parallel()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithNoRanges(),
		fetchtest.WithHeader("Via", "1.1 varnish (Varnish/7.1)"),
		fetchtest.WithFault(func(_ *http.Request, n int) fetchtest.Fault { return fetchtest.Fault{CutAfter: 1<<20 + int64(n)*12345} }))
	c := newClient(t, &slget.Client{Retry: slget.RetryPolicy{Wait: 10 * time.Millisecond, MaxWait: 20 * time.Millisecond, Budget: 3 * time.Second}})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "file.bin")})
	var se *slget.SameCutError
	if !errors.As(err, &se) || se.Cache == "" {
		t.Fatalf("Do: %v (%T), want a *SameCutError that names the cache", err, err)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
}
