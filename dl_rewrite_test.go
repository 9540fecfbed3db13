// Tests of the look after the last byte: a file rewritten in place while
// its bytes are in flight (every range asked for before the change, so
// every precondition held) must never pass as one version.

package slget_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// rewriteWhenAllAsked rewrites s's file in place once every byte of it has
// been asked for by a GET and the origin has sent at least margin more
// bytes since: the answers in flight then carry the new bytes under the
// old headers. It returns when it has, or when done closes first.
// whole says the server ignores Range: any GET asks for every byte.
func rewriteWhenAllAsked(t *testing.T, s *fetchtest.Server, whole bool, margin int64, done <-chan struct{}) bool {
	t.Helper()
	size := s.Content().Size
	var asked int64 = -1
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return false
		case <-tick.C:
		}
		if asked < 0 && coveredByGETs(s.Requests(), size, whole) {
			asked = s.BytesServed()
		}
		if asked >= 0 && s.BytesServed() >= asked+margin {
			s.Change()
			return true
		}
	}
}

// coveredByGETs reports whether the GETs in log ask, together, for every
// byte of a file of size bytes; whole: each asks for all of them.
func coveredByGETs(log []fetchtest.Request, size int64, whole bool) bool {
	have := make([]bool, size>>16+1) // 64 KiB units: every range is slice-aligned
	for _, r := range log {
		if r.Method != http.MethodGet || r.Start < 0 {
			continue
		}
		end := r.End
		if r.Range == "" || whole {
			r.Start, end = 0, size
		}
		for u := r.Start >> 16; u<<16 < end; u++ {
			have[u] = true
		}
	}
	for u := int64(0); u<<16 < size; u++ {
		if !have[u] {
			return false
		}
	}
	return true
}

func TestRewriteInPlaceDuringTheTransferIsCaught(t *testing.T) {
	for _, tc := range []struct {
		name     string
		conns    int
		toWriter bool
		noRanges bool
	}{
		// One connection asks for the rest in one run: every byte is
		// asked for long before the last arrives.
		{"one connection", 1, false, false},
		{"four connections", 4, false, false},
		{"to a writer (-o -)", 2, true, false},
		{"no ranges, one stream", 1, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := []fetchtest.Option{fetchtest.WithSize(6 << 20), fetchtest.WithRateLimit(3 << 20), fetchtest.WithInPlaceChanges()}
			if tc.noRanges {
				opts = append(opts, fetchtest.WithNoRanges())
			}
			s := fetchtest.NewServer(t, opts...)
			old := s.Content()
			c := &slget.Client{Connections: tc.conns, Slice: 1 << 20}
			path := filepath.Join(t.TempDir(), "f.bin")
			var out bytes.Buffer
			req := &slget.Request{URL: s.FileURL(), Path: path}
			if tc.toWriter {
				req.Path, req.Writer = "", &out
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			done := make(chan struct{})
			var err error
			go func() { defer close(done); _, err = c.Do(ctx, req) }()
			if !rewriteWhenAllAsked(t, s, tc.noRanges, 256<<10, done) {
				<-done
				t.Fatalf("the download ended (%v) before the file could be rewritten under it", err)
			}
			<-done
			var ce *slget.ChangedError
			if !errors.As(err, &ce) {
				t.Fatalf("Do = %v, want a *ChangedError: the file was rewritten while its bytes were in flight", err)
			}
			if _, serr := os.Lstat(path); serr == nil {
				t.Fatalf("%s exists after a change during the transfer: its bytes are of two versions", path)
			}
			if tc.toWriter && out.Len() == int(old.Size) && bytes.Equal(out.Bytes(), old.Bytes(0, old.Size)) {
				t.Fatal("the writer got the old version whole, yet the change was reported") // the test's premise failed
			}
			t.Logf("caught: %v", err)
		})
	}
}

// lastRequest is the last request of the log.
func lastRequest(t *testing.T, s *fetchtest.Server) fetchtest.Request {
	t.Helper()
	log := s.Requests()
	if len(log) == 0 {
		t.Fatal("the origin saw no request")
	}
	return log[len(log)-1]
}

func TestVersionConfirmedAfterTheLastByte(t *testing.T) {
	t.Run("a HEAD after the last GET", func(t *testing.T) {
		s := fetchtest.NewServer(t, fetchtest.WithSize(5<<20))
		path := filepath.Join(t.TempDir(), "f.bin")
		c := &slget.Client{Connections: 3, Slice: 1 << 20}
		if _, err := c.Do(context.Background(), &slget.Request{URL: s.FileURL(), Path: path}); err != nil {
			t.Fatal(err)
		}
		if got, want := fileSHA256(path), s.Content().SHA256(); got != want {
			t.Fatalf("SHA-256 %s, want %s", got, want)
		}
		heads := 0
		for _, r := range s.Requests() {
			if r.Method == http.MethodHead {
				heads++
			}
		}
		if last := lastRequest(t, s); heads != 1 || last.Method != http.MethodHead {
			t.Fatalf("%d HEADs, the last request a %s: want one HEAD, after every GET", heads, last.Method)
		}
	})
	t.Run("a server that refuses HEAD: a conditional GET answered 304", func(t *testing.T) {
		s := fetchtest.NewServer(t, fetchtest.WithSize(5<<20), fetchtest.WithFault(func(r *http.Request, n int) fetchtest.Fault {
			if r.Method == http.MethodHead {
				return fetchtest.Fault{Status: http.StatusMethodNotAllowed}
			}
			return fetchtest.Fault{}
		}))
		path := filepath.Join(t.TempDir(), "f.bin")
		c := &slget.Client{Connections: 3, Slice: 1 << 20}
		if _, err := c.Do(context.Background(), &slget.Request{URL: s.FileURL(), Path: path}); err != nil {
			t.Fatal(err)
		}
		last := lastRequest(t, s)
		if last.Method != http.MethodGet || last.Header.Get("If-None-Match") != s.ETag() || last.Range != "bytes=4194304-5242879" {
			t.Fatalf("last request %s Range %q If-None-Match %q: want a GET of the last slice with If-None-Match %s", last.Method, last.Range, last.Header.Get("If-None-Match"), s.ETag())
		}
		if got, want := fileSHA256(path), s.Content().SHA256(); got != want {
			t.Fatalf("SHA-256 %s, want %s", got, want)
		}
	})
	t.Run("no look when the origin's digest proves the bytes", func(t *testing.T) {
		s := fetchtest.NewServer(t, fetchtest.WithSize(5<<20), fetchtest.WithReprDigest())
		path := filepath.Join(t.TempDir(), "f.bin")
		c := &slget.Client{Connections: 3, Slice: 1 << 20}
		if _, err := c.Do(context.Background(), &slget.Request{URL: s.FileURL(), Path: path}); err != nil {
			t.Fatal(err)
		}
		for _, r := range s.Requests() {
			if r.Method == http.MethodHead {
				t.Fatalf("a HEAD was sent though the digest proved the bytes: %+v", r)
			}
		}
	})
}

// The advice after a change leads somewhere: the same download again
// starts over, or, under NoRestart, stops the same way until restarting is
// allowed.
func TestAdviceAfterAChange(t *testing.T) {
	for _, noRestart := range []bool{false, true} {
		s := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(4<<20), fetchtest.WithChangeAfter(2))
		path := filepath.Join(t.TempDir(), "f.bin")
		c := &slget.Client{Connections: 2, Slice: 1 << 20}
		_, err := c.Do(context.Background(), &slget.Request{URL: s.FileURL(), Path: path, NoRestart: noRestart})
		var ke *slget.KeptError
		if !errors.As(err, &ke) || !ke.Changed {
			t.Fatalf("NoRestart %v: Do = %v, want a *KeptError of a change", noRestart, err)
		}
		want := []slget.Remedy{slget.RemedyAgainAnew}
		if noRestart {
			want = []slget.Remedy{slget.RemedyAllowRestart, slget.RemedyRestart}
		}
		if got := ke.Remedies(); !slices.Equal(got, want) {
			t.Fatalf("NoRestart %v: remedies %v, want %v", noRestart, got, want)
		}
		// What the remedy says: the same download again.
		_, err = c.Do(context.Background(), &slget.Request{URL: s.FileURL(), Path: path, NoRestart: noRestart})
		if noRestart != (err != nil) {
			t.Fatalf("NoRestart %v: the same download again: %v", noRestart, err)
		}
		if !noRestart && fileSHA256(path) != s.Content().SHA256() {
			t.Fatal("the same download again did not fetch the new version")
		}
	}
}

// A file rewritten in place and put back with its mtime keeps its ETag and
// size: nothing in the headers shows it. The one sign is an answer the
// server cut short as the file was truncated under it. With that sign, a
// sample of the slices finished before the cut is compared with the
// origin's bytes again: the rewrite is caught (never exit 0 with two
// versions), and the same download again ends with the new version whole.
func TestCutAnswerUnderTheSameValidatorIsASign(t *testing.T) {
	var s *fetchtest.Server
	var gets atomic.Int64
	s = fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(8<<20), fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
		if r.Method != http.MethodGet {
			return fetchtest.Fault{}
		}
		if gets.Add(1) == 3 {
			s.ReplaceKeepingValidator() // the answers from now on send the new bytes
			return fetchtest.Fault{CutAfter: 100 << 10}
		}
		return fetchtest.Fault{}
	}))
	etag := s.ETag()
	path := filepath.Join(t.TempDir(), "f.bin")
	c := &slget.Client{Connections: 2, Slice: 1 << 20, Retry: slget.RetryPolicy{Wait: time.Millisecond}}
	_, err := c.Do(context.Background(), &slget.Request{URL: s.FileURL(), Path: path})
	if gets.Load() < 3 {
		t.Fatalf("the origin got %d GETs: the rewrite never happened", gets.Load())
	}
	if s.ETag() != etag {
		t.Fatalf("the ETag changed (%s to %s): the test's premise failed", etag, s.ETag())
	}
	var ce *slget.ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("Do = %v, want a *ChangedError: the file was rewritten under the same ETag", err)
	}
	if _, serr := os.Lstat(path); serr == nil {
		t.Fatalf("%s exists: its bytes are of two versions", path)
	}
	if _, err := c.Do(context.Background(), &slget.Request{URL: s.FileURL(), Path: path}); err != nil {
		t.Fatalf("the same download again: %v", err)
	}
	if fileSHA256(path) != s.Content().SHA256() {
		t.Fatal("the same download again did not end with the new version whole")
	}
}
