// Tests of the faults that existed first: error statuses, cut and stalled
// bodies, dropped and shifted ranges, no length, FaultFunc order and delay.

package fetchtest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestStatusFor(t *testing.T) {
	for _, code := range []int{503, 429, 404, 403, 401} {
		t.Run(strconv.Itoa(code), func(t *testing.T) {
			s := fetchtest.NewServer(t, fetchtest.WithSize(100), fetchtest.WithStatusFor(code, 2, "7"))
			for i := 1; i <= 3; i++ {
				resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9")
				want, retry := code, "7"
				if i == 3 {
					want, retry = 206, ""
				}
				if resp.StatusCode != want || resp.Header.Get("Retry-After") != retry {
					t.Fatalf("request %d: %d Retry-After %q, want %d %q",
						i, resp.StatusCode, resp.Header.Get("Retry-After"), want, retry)
				}
				if i < 3 && (resp.Header.Get("ETag") != "" || len(body) == 0) {
					t.Errorf("request %d: error response has ETag %q, body %q", i, resp.Header.Get("ETag"), body)
				}
			}
			if got := s.BytesServed(); got != 10 {
				t.Errorf("BytesServed = %d, want 10", got)
			}
		})
	}
}

func TestCutBody(t *testing.T) {
	for _, after := range []int64{0, 1, 100, 300 << 10} {
		t.Run(strconv.FormatInt(after, 10), func(t *testing.T) {
			const size = 1 << 20
			s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithCutBody(2, after))
			mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9")

			resp, body, err := get(t, nil, "GET", s.FileURL())
			if !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Fatalf("cut request: err = %v, want unexpected EOF", err)
			}
			if resp.StatusCode != 200 || int64(len(body)) != after {
				t.Errorf("cut request: status %d, %d body bytes, want 200, %d", resp.StatusCode, len(body), after)
			}
			if !bytes.Equal(body, s.Content().Bytes(0, after)) {
				t.Errorf("cut body differs from content")
			}
			if r := lastRequest(t, s); r.BodyBytes != after || r.Status != 200 {
				t.Errorf("logged %d body bytes, status %d", r.BodyBytes, r.Status)
			}

			resp, body = mustGet(t, "GET", s.FileURL())
			if resp.StatusCode != 200 || len(body) != size {
				t.Errorf("after cut: status %d, %d bytes", resp.StatusCode, len(body))
			}
			if got, want := s.BytesServed(), 10+after+size; got != want {
				t.Errorf("BytesServed = %d, want %d", got, want)
			}
		})
	}
}

func TestCutBodyShorterThanLimit(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithCutBody(1, 500))
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99")
	if resp.StatusCode != 206 || len(body) != 100 {
		t.Errorf("status %d, %d bytes; a body shorter than the cut is sent whole", resp.StatusCode, len(body))
	}
}

func TestStall(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithStall(1, 1000))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", s.FileURL(), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got := make([]byte, 1000)
	if _, err := io.ReadFull(resp.Body, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, s.Content().Bytes(0, 1000)) {
		t.Error("bytes before the stall differ")
	}
	readDone := make(chan error, 1)
	go func() {
		_, err := resp.Body.Read(make([]byte, 1))
		readDone <- err
	}()
	select {
	case err := <-readDone:
		t.Fatalf("read after stall point returned %v, want it to block", err)
	case <-time.After(200 * time.Millisecond):
	}
	cancel()
	select {
	case <-readDone:
	case <-time.After(5 * time.Second):
		t.Fatal("read did not return after cancel")
	}
	// The handler notices the client went away and finishes.
	deadline := time.Now().Add(5 * time.Second)
	for {
		r := lastRequest(t, s)
		if r.BodyBytes == 1000 && r.Status == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("logged %+v", r)
		}
		time.Sleep(10 * time.Millisecond)
	}
	resp2, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99")
	if resp2.StatusCode != 206 || len(body) != 100 {
		t.Errorf("after stall: %d, %d bytes", resp2.StatusCode, len(body))
	}
}

func TestCloseWithStalledClient(t *testing.T) {
	s, err := fetchtest.Start(fetchtest.WithSize(1<<20), fetchtest.WithStall(1, 0),
		fetchtest.WithLatency(0), fetchtest.WithRateLimit(1<<20))
	if err != nil {
		t.Fatal(err)
	}
	slow, err := fetchtest.Start(fetchtest.WithLatency(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	clientDone := make(chan struct{}, 2)
	for _, u := range []string{s.FileURL(), slow.FileURL()} {
		go func() {
			defer func() { clientDone <- struct{}{} }()
			resp, err := http.Get(u) // no timeout: only Close can end it
			if err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
	}
	for _, srv := range []*fetchtest.Server{s, slow} {
		for len(srv.Requests()) == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
	closed := make(chan struct{})
	go func() {
		s.Close()
		slow.Close()
		s.Close() // twice is fine
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close hangs with a stalled client")
	}
	for range 2 {
		select {
		case <-clientDone:
		case <-time.After(10 * time.Second):
			t.Fatal("client still blocked after Close")
		}
	}
}

func TestFullOnRange(t *testing.T) {
	const size = 5000
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFullOnRange(1))
	resp, _ := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99", "If-Range", s.ETag())
	if resp.StatusCode != 206 {
		t.Fatalf("first: status %d, want 206", resp.StatusCode)
	}
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=100-199", "If-Range", s.ETag())
	if resp.StatusCode != 200 || !bytes.Equal(body, s.Content().Bytes(0, size)) {
		t.Fatalf("second: status %d, %d bytes; want 200 with full body", resp.StatusCode, len(body))
	}
	if r := lastRequest(t, s); r.Start != 100 || r.End != 200 || r.Status != 200 || r.ContentRange != "" {
		t.Errorf("logged %+v", r)
	}
}

func TestNoRanges(t *testing.T) {
	const size = 3000
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoRanges())
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99")
	if resp.StatusCode != 200 || !bytes.Equal(body, s.Content().Bytes(0, size)) {
		t.Fatalf("status %d, %d bytes; want 200 full", resp.StatusCode, len(body))
	}
	if v, ok := resp.Header["Accept-Ranges"]; ok {
		t.Errorf("Accept-Ranges sent: %q", v)
	}
	if resp.ContentLength != size || resp.Header.Get("ETag") == "" {
		t.Errorf("Content-Length %d, ETag %q", resp.ContentLength, resp.Header.Get("ETag"))
	}
}

func TestNoLength(t *testing.T) {
	for _, size := range []int64{10, 1 << 20} {
		s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoLength())
		resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9")
		if resp.StatusCode != 200 || resp.ContentLength != -1 || len(resp.TransferEncoding) == 0 {
			t.Errorf("size %d: status %d, length %d, TE %v; want 200 chunked",
				size, resp.StatusCode, resp.ContentLength, resp.TransferEncoding)
		}
		if !bytes.Equal(body, s.Content().Bytes(0, size)) {
			t.Errorf("size %d: body differs", size)
		}
		resp, body = mustGet(t, "HEAD", s.FileURL())
		if resp.StatusCode != 200 || resp.ContentLength != -1 || len(body) != 0 {
			t.Errorf("HEAD: status %d, length %d", resp.StatusCode, resp.ContentLength)
		}
	}
}

func TestWrongContentRange(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithWrongContentRange(2))
	for i, want := range []string{"bytes 100-199/1000", "bytes 101-200/1000", "bytes 100-199/1000"} {
		resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=100-199")
		if got := resp.Header.Get("Content-Range"); resp.StatusCode != 206 || got != want {
			t.Fatalf("request %d: %d %q, want 206 %q", i+1, resp.StatusCode, got, want)
		}
		off := int64(100)
		if i == 1 {
			off = 101
		}
		if !bytes.Equal(body, s.Content().Bytes(off, 100)) {
			t.Errorf("request %d: body is not content at %d", i+1, off)
		}
		if r := lastRequest(t, s); r.Start != 100 || r.End != 200 || r.ContentRange != want {
			t.Errorf("request %d logged [%d, %d) %q", i+1, r.Start, r.End, r.ContentRange)
		}
	}
	// A shifted last slice is clipped at the end of the file.
	s = fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithWrongContentRange(1))
	resp, _ := mustGet(t, "GET", s.FileURL(), "Range", "bytes=900-999")
	if got := resp.Header.Get("Content-Range"); got != "bytes 901-999/1000" {
		t.Errorf("shifted last slice: %q", got)
	}
}

func TestFaultFunc(t *testing.T) {
	var mu sync.Mutex
	var seen []int
	s := fetchtest.NewServer(t, fetchtest.WithSize(100),
		fetchtest.WithFault(func(r *http.Request, n int) fetchtest.Fault {
			mu.Lock()
			seen = append(seen, n)
			mu.Unlock()
			if r.Header.Get("X-Fail") != "" {
				return fetchtest.Fault{Status: 500}
			}
			return fetchtest.Fault{}
		}),
		fetchtest.WithFault(func(_ *http.Request, n int) fetchtest.Fault {
			if n == 2 {
				return fetchtest.Fault{Status: 502, Delay: 3 * time.Second}
			}
			return fetchtest.Fault{}
		}),
		fetchtest.WithRedirects(1),
	)
	start := time.Now()
	resp, _ := mustGet(t, "GET", s.FileURL()) // file request 1
	if resp.StatusCode != 200 || time.Since(start) > 5*time.Second {
		t.Fatalf("1: status %d", resp.StatusCode)
	}
	start = time.Now()
	resp, _ = mustGet(t, "GET", s.FileURL(), "X-Fail", "1") // 2: the first fault wins
	if resp.StatusCode != 500 || time.Since(start) >= 2*time.Second {
		t.Fatalf("2: status %d after %v, want 500 without delay", resp.StatusCode, time.Since(start))
	}
	resp, _ = mustGet(t, "GET", s.FileURL()) // 3
	if resp.StatusCode != 200 {
		t.Fatalf("3: status %d", resp.StatusCode)
	}
	mu.Lock()
	defer mu.Unlock()
	if fmt.Sprint(seen) != "[1 2 3]" {
		t.Errorf("fault numbers %v, want [1 2 3] (redirect hops do not count)", seen)
	}
}

func TestFaultDelay(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(10), fetchtest.WithLatency(50*time.Millisecond),
		fetchtest.WithFault(func(_ *http.Request, n int) fetchtest.Fault {
			return fetchtest.Fault{Delay: 100 * time.Millisecond}
		}))
	start := time.Now()
	mustGet(t, "GET", s.FileURL())
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("file request took %v, want at least 150ms", d)
	}
	start = time.Now()
	mustGet(t, "GET", s.URL+"/other")
	if d := time.Since(start); d < 50*time.Millisecond || d > 150*time.Millisecond+time.Second {
		t.Errorf("404 took %v, want latency only", d)
	}
}
