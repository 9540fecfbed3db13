// The errors a program meets are the root's own types: %T names slget,
// errors.As finds them by the slget names, their fields are filled, and
// their messages are the HTTP side's, word for word.

package slget_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestErrorTypesAreTheRootsOwn(t *testing.T) {
	closed := func() string { // a port nothing listens on
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		return "http://" + addr + "/file.bin"
	}
	for _, tc := range []struct {
		name  string
		url   func(t *testing.T) string
		req   slget.Request
		check func(t *testing.T, err error) // finds the public type, fails unless it is there and filled
	}{
		{"404", func(t *testing.T) string {
			return fetchtest.NewServer(t, fetchtest.WithStatusFor(http.StatusNotFound, 100, "")).FileURL()
		}, slget.Request{}, func(t *testing.T, err error) {
			var he *slget.HTTPError
			if !errors.As(err, &he) || he.Status != http.StatusNotFound || he.URL == "" {
				t.Fatalf("want an *slget.HTTPError of status 404 with its URL, got %#v", he)
			}
		}},
		{"503 after every try", func(t *testing.T) string {
			return fetchtest.NewServer(t, fetchtest.WithStatusFor(http.StatusServiceUnavailable, 100, "")).FileURL()
		}, slget.Request{}, func(t *testing.T, err error) {
			var he *slget.HTTPError
			if !errors.As(err, &he) || he.Status != http.StatusServiceUnavailable {
				t.Fatalf("want an *slget.HTTPError of status 503, got %#v", he)
			}
			if !slget.Retryable(he) {
				t.Error("Retryable(a 503) = false: the public type hides the HTTP side's judgement")
			}
		}},
		{"redirect loop", func(t *testing.T) string {
			return fetchtest.NewServer(t, fetchtest.WithRedirectLoop(3)).FileURL()
		}, slget.Request{}, func(t *testing.T, err error) {
			var re *slget.RedirectError
			if !errors.As(err, &re) || !re.Loop || len(re.Chain) < 2 {
				t.Fatalf("want an *slget.RedirectError of a loop with its chain, got %#v", re)
			}
		}},
		{"refused connection", func(t *testing.T) string { return closed() }, slget.Request{}, func(t *testing.T, err error) {
			var pe *slget.PhaseError
			if !errors.As(err, &pe) || pe.Phase != slget.PhaseTCP || pe.Addr == "" || pe.Err == nil {
				t.Fatalf("want an *slget.PhaseError of the TCP phase with its address and cause, got %#v", pe)
			}
			if pe.Timeout() {
				t.Error("a refused connection says it timed out")
			}
		}},
		{"changed, NoRestart", func(t *testing.T) string {
			return fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithChangeAfter(3)).FileURL()
		}, slget.Request{NoRestart: true}, func(t *testing.T, err error) {
			var ke *slget.KeptError
			var ce *slget.ChangedError
			if !errors.As(err, &ke) || !errors.As(ke.Err, &ce) || ce.Reason == "" {
				t.Fatalf("want a *slget.KeptError holding an *slget.ChangedError with its reason, got %v (%T)", err, err)
			}
		}},
		{"a cache cutting its answers", func(t *testing.T) string {
			return fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithHeader("Via", "1.1 varnish (Varnish/7.1)"),
				fetchtest.WithCutBody(1, 1000), fetchtest.WithCutBody(2, 1000), fetchtest.WithCutBody(3, 1000),
				fetchtest.WithCutBody(4, 1000), fetchtest.WithCutBody(5, 1000), fetchtest.WithCutBody(6, 1000)).FileURL()
		}, slget.Request{}, func(t *testing.T, err error) {
			var ce *slget.CutError
			var ge *slget.GaveUpError
			if !errors.As(err, &ce) || !ce.Varnish || ce.Got != 1000 {
				t.Fatalf("want an *slget.CutError naming varnish, got %#v", ce)
			}
			if !errors.As(err, &ge) || ge.Tries < 2 {
				t.Fatalf("want an *slget.GaveUpError after the tries, got %#v", ge)
			}
			if _, ok := ge.Err.(*slget.CutError); !ok {
				t.Fatalf("GaveUpError.Err is a %T, want the *slget.CutError itself", ge.Err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t, &slget.Client{Retry: slget.RetryPolicy{MaxTries: 2}})
			req := tc.req
			req.URL = tc.url(t)
			req.Path = filepath.Join(t.TempDir(), "f.bin")
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			_, err := c.Do(ctx, &req)
			if err == nil {
				t.Fatal("Do succeeded")
			}
			tc.check(t, err)
			if typ := fmt.Sprintf("%T", err); !strings.HasPrefix(typ, "*slget.") || typ == "*slget.publicWrap" {
				t.Errorf("Do's error is a %s (%v), want one of slget's named types", typ, err)
			}
			t.Logf("%T: %v", err, err)
		})
	}
}

// A retry's event carries the failure as the root's type too.
func TestRetryingEventErrorIsTheRootsOwn(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithWrongContentRange(2))
	c := newClient(t, &slget.Client{})
	var mu sync.Mutex
	var got []error
	req := &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "f.bin"), Events: func(e slget.Event) {
		if r, ok := e.(*slget.Retrying); ok {
			mu.Lock()
			got = append(got, r.Err)
			mu.Unlock()
		}
	}}
	if _, err := c.Do(t.Context(), req); err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no Retrying event for a wrong Content-Range")
	}
	for _, err := range got {
		var re *slget.RangeError
		if !errors.As(err, &re) || re.Asked == "" {
			t.Errorf("Retrying.Err = %v (%T), want an *slget.RangeError naming the range asked", err, err)
		}
	}
}

// A public error made by a program from its fields says what the library's
// own says.
func TestPublicErrorsMadeFromTheirFields(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&slget.HTTPError{URL: "http://u:pw@h/f", Status: 404}, "http://u:***@h/f: server answered 404 Not Found"},
		{&slget.GaveUpError{Slice: 3, Range: slget.Range{Start: 0, End: 10}, Tries: 5, Err: &slget.HTTPError{URL: "http://h/f", Status: 503}}, "slice 3"},
		{&slget.PhaseError{Phase: slget.PhaseTLS, Addr: "h:443", Err: errors.New("bad certificate")}, "h:443"},
		{&slget.JournalError{Path: "f.slget", Op: "open", Err: slget.ErrJournalCorrupt}, "journal f.slget is damaged"},
	} {
		if got := tc.err.Error(); !strings.Contains(got, tc.want) {
			t.Errorf("%T: %q, want it to say %q", tc.err, got, tc.want)
		}
	}
	ge := &slget.GaveUpError{Err: &slget.HTTPError{Status: 503}}
	var he *slget.HTTPError
	if !errors.As(ge, &he) || !slget.Retryable(ge) {
		t.Error("a GaveUpError made by a program does not unwrap to its Err")
	}
}
