// Tests of the wait for a peer's headers: 102s extend it only while their
// progress grows, and never past PeerOptions.MaxWait.

package fetch_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// beatingPeer is a peer that answers r with 102s every 20ms, the k-th
// (from 0) carrying progress(k) as its X-Slget-Progress ("" none), and
// then, once answerAfter has passed, the slices; never when answerAfter
// is negative.
func beatingPeer(t *testing.T, s *peerSetup, r segment.Range, progress func(k int) string, answerAfter time.Duration) *httptest.Server {
	t.Helper()
	content, etag := s.srv.Content(), s.srv.ETag()
	h := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		start := time.Now()
		for k := 0; answerAfter < 0 || time.Since(start) < answerAfter; k++ {
			if p := progress(k); p != "" {
				w.Header().Set(fetch.HeaderProgress, p)
			}
			w.WriteHeader(http.StatusProcessing)
			select {
			case <-req.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
		h := w.Header()
		h.Del(fetch.HeaderProgress)
		var sums []string
		for i := s.plan.Index(r.Start); i <= s.plan.Index(r.End-1); i++ {
			sr := s.plan.SliceRange(i)
			sums = append(sums, fmt.Sprintf("%08x", crc32.Checksum(content.Bytes(sr.Start, sr.Len()), crc32.MakeTable(crc32.Castagnoli))))
		}
		h.Set("X-Slget-Crc32c", fmt.Sprintf("%d:%s", s.plan.Index(r.Start), strings.Join(sums, ",")))
		h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", r.Start, r.End-1, content.Size))
		h.Set("ETag", etag)
		h.Set("Content-Length", fmt.Sprint(r.Len()))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(content.Bytes(r.Start, r.Len()))
	}))
	t.Cleanup(h.Close)
	return h
}

// waitSource is a PeerSource for addr with the header timeout and the
// cap given, counting its OnWait calls in waits.
func waitSource(t *testing.T, s *peerSetup, addr string, timeout, maxWait time.Duration, waits *atomic.Int32) *fetch.PeerSource {
	t.Helper()
	p, err := fetch.NewPeer(addr, fetch.PeerOptions{ConnectTimeout: 2 * time.Second, Timeout: timeout, MaxWait: maxWait, Proofs: fleetProof})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.CloseIdle)
	ps, err := fetch.NewPeerSource(p, s.origin, s.plan)
	if err != nil {
		t.Fatal(err)
	}
	ps.OnWait = func() { waits.Add(1) }
	return ps
}

// openWithin opens r from src, failing the test when Open has not
// returned after limit (the peer is then left for the test's end to stop).
func openWithin(t *testing.T, src fetch.Source, r segment.Range, limit time.Duration) (fetch.Body, time.Duration, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	t.Cleanup(cancel)
	type opened struct {
		b   fetch.Body
		err error
	}
	done := make(chan opened, 1)
	start := time.Now()
	go func() {
		b, err := src.Open(ctx, r)
		done <- opened{b, err}
	}()
	select {
	case o := <-done:
		return o.b, time.Since(start), o.err
	case <-time.After(limit):
		t.Fatalf("Open still waits after %s on a peer that only sends 102s", limit)
		return fetch.Body{}, 0, nil
	}
}

func TestPeerBeatsWithoutProgressEndTheWait(t *testing.T) {
	const slice = 64 << 10
	s := newPeerSetup(t, 256<<10, slice)
	r := s.plan.RunRange(segment.Run{First: 1, End: 3})
	for _, tc := range []struct {
		name     string
		progress func(int) string
	}{
		{"no progress header (an older serve)", func(int) string { return "" }},
		{"a count that stands still", func(int) string { return "7" }},
		{"a count that goes down", func(k int) string { return fmt.Sprint(1000 - k) }},
		{"not a number", func(k int) string { return fmt.Sprintf("x%d", k) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var waits atomic.Int32
			h := beatingPeer(t, s, r, tc.progress, -1)
			src := waitSource(t, s, h.URL, 300*time.Millisecond, 10*time.Second, &waits)
			_, took, err := openWithin(t, src, r, 20*time.Second)
			var pe *fetch.PeerError
			if !errors.As(err, &pe) || !strings.Contains(pe.Reason, "progress") {
				t.Fatalf("got %v, want a PeerError saying the peer made no progress", err)
			}
			if took > 3*time.Second { // 300ms, and some for a busy machine
				t.Errorf("Open gave up after %s; the header timeout is 300ms", took)
			}
			if pe.Drop {
				t.Errorf("a peer whose fill does not move is dropped at once: %v", err)
			}
			if n := waits.Load(); n > 1 {
				t.Errorf("OnWait was called %d times for 102s that showed no progress", n)
			}
		})
	}
}

func TestPeerBeatsWithProgressThenAnswer(t *testing.T) {
	const slice = 64 << 10
	s := newPeerSetup(t, 256<<10, slice)
	r := s.plan.RunRange(segment.Run{First: 1, End: 3})
	var waits atomic.Int32
	// 2s of beats, past the 500ms header timeout, within the 10s cap.
	h := beatingPeer(t, s, r, func(k int) string { return fmt.Sprint(10 * (k + 1)) }, 2*time.Second)
	src := waitSource(t, s, h.URL, 500*time.Millisecond, 10*time.Second, &waits)
	b, _, err := openWithin(t, src, r, 20*time.Second)
	if err != nil {
		t.Fatalf("a peer whose 102s showed progress: %v", err)
	}
	defer b.Close()
	got, err := io.ReadAll(b)
	if err != nil || !bytes.Equal(got, s.srv.Content().Bytes(r.Start, r.Len())) {
		t.Fatalf("read %d bytes (%v), want the range's %d", len(got), err, r.Len())
	}
	if n := waits.Load(); n < 10 {
		t.Errorf("OnWait was called %d times for 2s of 102s of growing progress", n)
	}
}

func TestPeerBeatsWithProgressForEverStopAtTheCap(t *testing.T) {
	const slice = 64 << 10
	s := newPeerSetup(t, 256<<10, slice)
	r := s.plan.RunRange(segment.Run{First: 1, End: 3})
	var waits atomic.Int32
	h := beatingPeer(t, s, r, func(k int) string { return fmt.Sprint(k + 1) }, -1)
	src := waitSource(t, s, h.URL, 500*time.Millisecond, 1500*time.Millisecond, &waits)
	_, took, err := openWithin(t, src, r, 20*time.Second)
	var pe *fetch.PeerError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "MaxWait") || !strings.Contains(pe.Reason, "progress") {
		t.Fatalf("got %v, want a PeerError saying the wait passed its cap", err)
	}
	if took < 1500*time.Millisecond || took > 5*time.Second {
		t.Errorf("Open gave up after %s; the cap is 1.5s", took)
	}
	if n := waits.Load(); n < 10 {
		t.Errorf("OnWait was called %d times for 1.5s of 102s of growing progress", n)
	}
}
