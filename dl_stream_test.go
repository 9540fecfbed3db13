// Tests of a download to a Writer: the bytes in order, the window that
// bounds what is fetched ahead of the reader, one version, a reader that
// leaves, and a head slice that trickles.

package slget_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// sink is a Writer that keeps what it is given and counts it; rate, if
// set, makes it a slow reader of that many bytes per second.
type sink struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	n    atomic.Int64
	rate int64
	fail int64 // if > 0, fail with EPIPE past this many bytes, as a closed pipe
}

func (s *sink) Write(p []byte) (int, error) {
	if s.rate > 0 {
		time.Sleep(time.Duration(float64(len(p)) / float64(s.rate) * float64(time.Second)))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail > 0 && s.n.Load()+int64(len(p)) > s.fail {
		k := s.fail - s.n.Load()
		s.buf.Write(p[:k])
		s.n.Add(k)
		return int(k), syscall.EPIPE
	}
	s.buf.Write(p)
	s.n.Add(int64(len(p)))
	return len(p), nil
}

func (s *sink) bytes() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]byte(nil), s.buf.Bytes()...)
}

func (s *sink) sha() string {
	h := sha256.Sum256(s.bytes())
	return hex.EncodeToString(h[:])
}

// ahead records, for every ranged request, how far past the bytes the
// reader had received by then it reaches: the window must bound it.
type ahead struct {
	mu    sync.Mutex
	out   *sink
	worst int64 // the most any request's end lay past the bytes received
	n     int
}

func (a *ahead) fault() fetchtest.Option {
	return fetchtest.WithFault(fetchtest.OnRange(func(_, end int64) bool {
		got := a.out.n.Load()
		a.mu.Lock()
		a.worst = max(a.worst, end-got)
		a.n++
		a.mu.Unlock()
		return false
	}, fetchtest.Fault{Status: 500}))
}

func streamReq(srv *fetchtest.Server, w *sink, window int64) *slget.Request {
	return &slget.Request{URL: srv.FileURL(), Writer: w, StreamWindow: window}
}

func doStream(t *testing.T, c *slget.Client, req *slget.Request) (*slget.Result, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	var warns []string
	req.Events = func(e slget.Event) {
		if w, ok := e.(*slget.Warning); ok {
			warns = append(warns, w.Message)
		}
	}
	res, err := c.Do(ctx, req)
	if len(warns) > 0 {
		t.Logf("warnings:\n%s", strings.Join(warns, "\n"))
	}
	return res, err
}

// Eight connections, the bytes in order, exactly; no request reaches
// further past what the reader has than the window.
func TestStreamInOrder(t *testing.T) {
	const size, slice, window = 24<<20 + 12345, 256 << 10, 2 << 20
	out := &sink{}
	a := &ahead{out: out}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), a.fault())
	c := &slget.Client{Connections: 8, Slice: slice}
	req := streamReq(srv, out, window)
	req.SHA256 = true
	res, err := doStream(t, c, req)
	if err != nil {
		t.Fatal(err)
	}
	want := srv.Content().SHA256()
	if got := out.sha(); got != want || res.SHA256 != want {
		t.Fatalf("SHA-256 of the stream %s (result %s), want %s", got, res.SHA256, want)
	}
	if res.Path != "" || res.Size != size || res.Transferred < size || !res.Ranged {
		t.Errorf("result %+v", res)
	}
	conns := map[int]bool{}
	reqs := srv.Requests()
	if last := reqs[len(reqs)-1]; last.Method != http.MethodHead {
		t.Errorf("the last request is a %s %q, want the HEAD that asks for the version after the last byte", last.Method, last.Range)
	}
	for i, r := range reqs[:len(reqs)-1] {
		conns[r.Conn] = true
		if !r.Aligned(slice, size) || i > 0 && r.IfMatch != srv.ETag() { // the first is the probe
			t.Errorf("request %q, If-Match %q: not a pinned, aligned range", r.Range, r.IfMatch)
		}
	}
	if len(conns) < 4 {
		t.Errorf("%d connections used, want several of 8", len(conns))
	}
	if a.worst > window {
		t.Errorf("a request reached %d bytes past what the reader had, more than the %d-byte window", a.worst, window)
	}
}

// A reader slower than the network: the window fills and the connections
// wait for it, without fetching ahead, being dropped as stalled or
// fetching anything twice.
func TestStreamSlowReader(t *testing.T) {
	const size, slice, window = 6 << 20, 128 << 10, 1 << 20
	out := &sink{rate: 2 << 20} // 3s, three stall timeouts
	a := &ahead{out: out}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), a.fault())
	c := &slget.Client{Connections: 4, Slice: slice, StallTimeout: time.Second}
	res, err := doStream(t, c, streamReq(srv, out, window))
	if err != nil {
		t.Fatal(err)
	}
	if out.sha() != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	if a.worst > window {
		t.Errorf("a request reached %d bytes past what the reader had, more than the %d-byte window", a.worst, window)
	}
	if res.Transferred != size {
		t.Errorf("%d bytes transferred for a %d-byte file: something was fetched twice", res.Transferred, size)
	}
}

// The file changes midway: the stream stops with a ChangedError, and the
// reader has received a prefix of the old version, nothing of the new.
func TestStreamChangeMidway(t *testing.T) {
	const size, slice, window = 8 << 20, 128 << 10, 1 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithChangeAfter(12))
	old := srv.Content().Bytes(0, size)
	out := &sink{}
	c := &slget.Client{Connections: 4, Slice: slice, Retry: slget.RetryPolicy{Wait: time.Millisecond}}
	_, err := doStream(t, c, streamReq(srv, out, window))
	var ce *fetch.ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a ChangedError", err)
	}
	got := out.bytes()
	if len(got) >= size || !bytes.Equal(got, old[:len(got)]) {
		t.Fatalf("the reader got %d bytes, not a proper prefix of the old version", len(got))
	}
	t.Logf("%d bytes of the old version went out before the change stopped the stream", len(got))
}

// The reader leaves early (a closed pipe): the download stops at once with
// a WriterError, without retrying or fetching on.
func TestStreamReaderLeaves(t *testing.T) {
	const size, slice, window = 64 << 20, 256 << 10, 4 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8<<20))
	out := &sink{fail: 1000}
	c := &slget.Client{Connections: 8, Slice: slice}
	res, err := doStream(t, c, streamReq(srv, out, window))
	var we *slget.WriterError
	if !errors.As(err, &we) || !errors.Is(err, syscall.EPIPE) || we.Written != 1000 {
		t.Fatalf("err = %v, want a WriterError of EPIPE after 1000 bytes", err)
	}
	if !bytes.Equal(out.bytes(), srv.Content().Bytes(0, 1000)) {
		t.Fatal("the reader's 1000 bytes are wrong")
	}
	if served := srv.BytesServed(); served > window+8*slice {
		t.Errorf("%d bytes served for a reader that took 1000: fetched on after it left", served)
	}
	if res.Transferred > window+8*slice {
		t.Errorf("%d bytes transferred", res.Transferred)
	}
}

// The head slice trickles: the end-game duplicates it first, and the
// stream does not wait for it (at 4 KiB/s, it would take a minute). The
// file is many windows long: the other connections must not run ahead to
// the end of the file and leave the head to its fate.
func TestStreamTricklingHead(t *testing.T) {
	const size, slice, window = 64 << 20, 256 << 10, 4 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size),
		fetchtest.WithFault(fetchtest.Once(fetchtest.OnRange(func(start, _ int64) bool { return start == slice },
			fetchtest.Fault{TrickleAfter: 1000, TrickleRate: 4 << 10}))))
	out := &sink{}
	c := &slget.Client{Connections: 8, Slice: slice}
	if _, err := doStream(t, c, streamReq(srv, out, window)); err != nil {
		t.Fatal(err)
	}
	if out.sha() != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	// The first range asked for twice is the trickling head's.
	seen := map[int64]bool{}
	var again []int64
	for _, r := range srv.Requests() {
		if seen[r.Start] {
			again = append(again, r.Start)
		}
		seen[r.Start] = true
	}
	if len(again) == 0 || again[0] != slice {
		t.Fatalf("ranges asked again start at %v; want the head slice at %d first", again, slice)
	}
}

// Files of no bytes, of less than a slice, of exactly one and of one and a
// byte stream whole.
func TestStreamSmallFiles(t *testing.T) {
	for _, size := range []int64{0, 1, 1000, 1 << 20, 1<<20 + 1} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
		out := &sink{}
		c := &slget.Client{Connections: 8, Slice: 1 << 20}
		res, err := doStream(t, c, streamReq(srv, out, 0))
		if err != nil || out.sha() != srv.Content().SHA256() || res.Size != size {
			t.Errorf("size %d: %v, %d bytes out, result %+v", size, err, out.n.Load(), res)
		}
	}
}

// Without ranges, one connection streams the whole body; when it breaks,
// the new answer (same strong ETag) is read from the start and what the
// reader has is skipped, so no byte comes twice.
func TestStreamNoRanges(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []fetchtest.Option
	}{
		{"no ranges", []fetchtest.Option{fetchtest.WithNoRanges()}},
		{"no length", []fetchtest.Option{fetchtest.WithNoRanges(), fetchtest.WithNoLength()}},
		{"cut and retried", []fetchtest.Option{fetchtest.WithNoRanges(), fetchtest.WithCutBody(1, 3<<20+17)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const size = 5<<20 + 3
			srv := fetchtest.NewServer(t, append([]fetchtest.Option{fetchtest.WithSize(size)}, tc.opts...)...)
			out := &sink{}
			c := &slget.Client{Connections: 8, Retry: slget.RetryPolicy{Wait: time.Millisecond}}
			res, err := doStream(t, c, streamReq(srv, out, 1<<20))
			if err != nil {
				t.Fatal(err)
			}
			if out.sha() != srv.Content().SHA256() || res.Size != size || res.Ranged {
				t.Fatalf("%d bytes, result %+v", out.n.Load(), res)
			}
		})
	}
}

// Without a strong ETag, a broken answer cannot be resumed once bytes went
// out: the new answer may be another version.
func TestStreamNoRangesWeakNoRetry(t *testing.T) {
	const size = 5 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoRanges(), fetchtest.WithoutETag(), fetchtest.WithCutBody(1, 3<<20))
	out := &sink{}
	c := &slget.Client{Retry: slget.RetryPolicy{Wait: time.Millisecond}}
	_, err := doStream(t, c, streamReq(srv, out, 1<<20))
	if err == nil || !strings.Contains(err.Error(), "strong ETag") {
		t.Fatalf("err = %v, want a refusal to retry without a strong ETag", err)
	}
	got := out.bytes()
	if !bytes.Equal(got, srv.Content().Bytes(0, int64(len(got)))) {
		t.Fatal("the reader got wrong bytes")
	}
}

func TestStreamChecksum(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20+5))
	c := &slget.Client{Connections: 4, Slice: 256 << 10}
	for _, tc := range []struct {
		spec string
		ok   bool
	}{
		{"sha-256=" + srv.Content().SHA256(), true},
		{"sha-256=" + strings.Repeat("0", 64), false},
		{"md5=" + strings.Repeat("0", 32), false},
	} {
		sum, err := slget.ParseChecksum(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		out := &sink{}
		req := streamReq(srv, out, 0)
		req.Checksum = sum
		_, err = doStream(t, c, req)
		var ce *slget.ChecksumError
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %v", tc.spec, err)
		case !tc.ok && (!errors.As(err, &ce) || ce.Path != "" || !strings.Contains(err.Error(), "stream")):
			t.Errorf("%s: err = %v, want a ChecksumError about the stream", tc.spec, err)
		}
		if out.sha() != srv.Content().SHA256() {
			t.Errorf("%s: wrong bytes", tc.spec)
		}
	}
}

// A request that cannot be a stream fails before any request is made.
func TestStreamRequestErrors(t *testing.T) {
	srv := fetchtest.NewServer(t)
	c := &slget.Client{Slice: 1 << 20}
	for _, req := range []*slget.Request{
		{URL: srv.FileURL(), Writer: &sink{}, Path: "x"},
		{URL: srv.FileURL(), Writer: &sink{}, Continue: true},
		{URL: srv.FileURL(), Writer: &sink{}, IfNewer: true},
		{URL: srv.FileURL(), Writer: &sink{}, StreamWindow: 512 << 10},
		{URL: srv.FileURL(), Writer: &sink{}, StreamWindow: -1},
	} {
		_, err := c.Do(t.Context(), req)
		var re *slget.RequestError
		if !errors.As(err, &re) {
			t.Errorf("%+v: err = %v, want a RequestError", req, err)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests made for requests that cannot be streamed", n)
	}
}

// ExampleClient_Do_stream streams a file to a Writer (here a hash) in
// order, through a window of 4 MiB.
func ExampleClient_Do_stream() {
	srv, err := fetchtest.Start(fetchtest.WithSize(16 << 20))
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	h := sha256.New()
	c := &slget.Client{Connections: 8}
	res, err := c.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Writer: h, StreamWindow: 4 << 20})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Size, hex.EncodeToString(h.Sum(nil)) == srv.Content().SHA256())
	// Output: 16777216 true
}

// A dry run of a stream probes and writes nothing.
func TestStreamDryRun(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	out := &sink{}
	req := streamReq(srv, out, 0)
	req.DryRun = true
	res, err := doStream(t, &slget.Client{}, req)
	if err != nil || res.Size != 3<<20 || !strings.Contains(res.Plan, "stream") {
		t.Fatalf("%v, %+v", err, res)
	}
	if out.n.Load() != 0 || len(srv.Requests()) != 1 {
		t.Errorf("%d bytes written, %d requests; want none and the probe", out.n.Load(), len(srv.Requests()))
	}
}
