// A ranged answer cut short by a cache that names itself is a *CutError
// (still a short body); one from a server that names no cache stays a
// bare ErrShortBody.

package fetch_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

func TestCutByCache(t *testing.T) {
	const size = 1 << 20
	for _, via := range []string{"1.1 varnish (Varnish/7.1)", ""} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var start, end int64
			fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-%d", &start, &end)
			h := w.Header()
			h.Set("ETag", `"v1"`)
			h.Set("Accept-Ranges", "bytes")
			if via != "" {
				h.Set("Via", via)
				h.Set("X-Varnish", "32770")
			}
			h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", start, end, size))
			h.Set("Content-Length", fmt.Sprint(end-start+1))
			w.WriteHeader(http.StatusPartialContent)
			n := end - start + 1
			if start > 0 {
				n = 1000 // every answer but the probe's ends early
			}
			w.Write(make([]byte, n))
		}))
		t.Cleanup(srv.Close)
		c := newClient(t, 1)
		p, err := c.Probe(t.Context(), srv.URL+"/f", 64*kib)
		if err != nil {
			t.Fatal(err)
		}
		p.Body.Close()
		body, err := fetch.NewOrigin(c, p).Open(t.Context(), segment.Range{Start: 64 * kib, End: 128 * kib})
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(io.Discard, body)
		body.Close()
		var ce *fetch.CutError
		if !errors.Is(err, fetch.ErrShortBody) || !fetch.Retryable(err) {
			t.Errorf("Via %q: %v, want a retryable short body", via, err)
		}
		if got := errors.As(err, &ce); got != (via != "") {
			t.Errorf("Via %q: a *CutError %v, want %v: %v", via, got, via != "", err)
			continue
		}
		if ce != nil && (!ce.Varnish || ce.Got != 1000 || ce.Cache != "Via: "+via+"; X-Varnish: 32770") {
			t.Errorf("%+v", ce)
		}
	}
}
