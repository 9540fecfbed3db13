// Tests of the faults that change the headers or the bytes of a response:
// Content-Encoding, Content-Length, multipart, 103s, huge headers and
// garbage after the body, as a plain http.Client sees them.

package fetchtest_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// gunzip decodes a whole gzip stream.
func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("body is not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	return out
}

func TestGzipBody(t *testing.T) {
	const size = 100_000
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithGzipBody(2))
	c := s.Content()
	mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-999") // request 1 is plain

	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=1000-9999", "Accept-Encoding", "identity")
	if resp.StatusCode != 206 || resp.Header.Get("Content-Encoding") != "gzip" || resp.Uncompressed {
		t.Fatalf("status %d, Content-Encoding %q, Uncompressed %v", resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Uncompressed)
	}
	if got := resp.Header.Get("Content-Range"); got != "bytes 1000-9999/100000" {
		t.Errorf("Content-Range = %q, want the plain range", got)
	}
	if resp.ContentLength != int64(len(body)) || len(body) == 9000 {
		t.Errorf("Content-Length %d, %d body bytes: want the compressed length", resp.ContentLength, len(body))
	}
	if !bytes.Equal(gunzip(t, body), c.Bytes(1000, 9000)) {
		t.Error("gunzipped body differs from the range")
	}
	if r := lastRequest(t, s); r.ContentRange != "bytes 1000-9999/100000" || r.BodyBytes != int64(len(body)) {
		t.Errorf("logged Content-Range %q, %d body bytes", r.ContentRange, r.BodyBytes)
	}
	resp, _ = mustGet(t, "GET", s.FileURL(), "Range", "bytes=1000-9999")
	if resp.Header.Get("Content-Encoding") != "" || resp.ContentLength != 9000 {
		t.Errorf("request 3: Content-Encoding %q, length %d", resp.Header.Get("Content-Encoding"), resp.ContentLength)
	}
}

func TestGzipBodyEveryRequest(t *testing.T) {
	const size = 300_000 // more than one copy buffer and one deflate window
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithGzipBody(0))
	c := s.Content()

	// HEAD announces the same compressed length as GET.
	get, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=5-299998")
	head, _ := mustGet(t, "HEAD", s.FileURL(), "Range", "bytes=5-299998")
	if head.ContentLength != get.ContentLength || get.ContentLength != int64(len(body)) {
		t.Errorf("HEAD length %d, GET length %d, %d bytes", head.ContentLength, get.ContentLength, len(body))
	}
	if !bytes.Equal(gunzip(t, body), c.Bytes(5, 299994)) {
		t.Error("gunzipped range differs")
	}

	// Without a Range, Go's Transport asks for gzip itself and decodes it.
	resp, body := mustGet(t, "GET", s.FileURL())
	if !resp.Uncompressed || !bytes.Equal(body, c.Bytes(0, size)) {
		t.Errorf("200: Uncompressed %v, %d bytes", resp.Uncompressed, len(body))
	}
	if r := lastRequest(t, s); r.Header.Get("Accept-Encoding") != "gzip" || r.Status != 200 {
		t.Errorf("logged Accept-Encoding %q, status %d", r.Header.Get("Accept-Encoding"), r.Status)
	}

	// An empty file is still a whole gzip stream.
	empty := fetchtest.NewServer(t, fetchtest.WithSize(0), fetchtest.WithGzipBody(0))
	resp, body = mustGet(t, "GET", empty.FileURL(), "Accept-Encoding", "identity")
	if resp.ContentLength != int64(len(body)) || len(gunzip(t, body)) != 0 {
		t.Errorf("empty: length %d, %d bytes", resp.ContentLength, len(body))
	}

	// Without a length the compressed body is chunked.
	chunked := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoLength(), fetchtest.WithGzipBody(0))
	resp, body = mustGet(t, "GET", chunked.FileURL(), "Accept-Encoding", "identity")
	if resp.ContentLength != -1 || resp.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, body), c.Bytes(0, size)) {
		t.Errorf("no length: Content-Length %d, Content-Encoding %q", resp.ContentLength, resp.Header.Get("Content-Encoding"))
	}
}

func TestContentEncodingHeaderOnly(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithContentEncoding(0, "gzip"))
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=100-199")
	if resp.StatusCode != 206 || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("status %d, Content-Encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	if resp.ContentLength != 100 || resp.Header.Get("Content-Range") != "bytes 100-199/1000" {
		t.Errorf("Content-Length %d, Content-Range %q", resp.ContentLength, resp.Header.Get("Content-Range"))
	}
	if !bytes.Equal(body, s.Content().Bytes(100, 100)) {
		t.Error("body is not the identity range")
	}
	if _, err := gzip.NewReader(bytes.NewReader(body)); err == nil {
		t.Error("identity body reads as gzip")
	}
}

func TestContentLengthDelta(t *testing.T) {
	const size = 10_000
	t.Run("longer", func(t *testing.T) {
		s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithContentLengthDelta(1, 10))
		resp, body, err := get(t, nil, "GET", s.FileURL(), "Range", "bytes=1000-1999")
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("err = %v, want unexpected EOF", err)
		}
		if resp.ContentLength != 1010 || resp.Header.Get("Content-Range") != "bytes 1000-1999/10000" {
			t.Errorf("Content-Length %d, Content-Range %q", resp.ContentLength, resp.Header.Get("Content-Range"))
		}
		if !bytes.Equal(body, s.Content().Bytes(1000, 1000)) {
			t.Errorf("%d body bytes, want the range", len(body))
		}
	})
	t.Run("shorter", func(t *testing.T) {
		s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithContentLengthDelta(1, -10))
		c := &http.Client{Transport: &http.Transport{}}
		defer c.CloseIdleConnections()
		resp, body, err := get(t, c, "GET", s.FileURL(), "Range", "bytes=1000-1999")
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 206 || resp.ContentLength != 990 || resp.Header.Get("Content-Range") != "bytes 1000-1999/10000" {
			t.Errorf("status %d, Content-Length %d, Content-Range %q",
				resp.StatusCode, resp.ContentLength, resp.Header.Get("Content-Range"))
		}
		if !bytes.Equal(body, s.Content().Bytes(1000, 990)) {
			t.Errorf("%d body bytes, want the first 990 of the range", len(body))
		}
		// The connection stays usable.
		if _, body, err = get(t, c, "GET", s.FileURL(), "Range", "bytes=0-99"); err != nil || len(body) != 100 {
			t.Fatalf("next request: %v, %d bytes", err, len(body))
		}
		log := s.Requests()
		if log[0].Conn != log[1].Conn || log[0].BodyBytes != 990 {
			t.Errorf("connections %d, %d; first sent %d bytes", log[0].Conn, log[1].Conn, log[0].BodyBytes)
		}
	})
	t.Run("zero", func(t *testing.T) {
		s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithContentLengthDelta(1, -5000))
		resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99")
		if resp.ContentLength != 0 || len(body) != 0 || resp.Header.Get("Content-Range") != "bytes 0-99/10000" {
			t.Errorf("Content-Length %d, %d bytes, Content-Range %q", resp.ContentLength, len(body), resp.Header.Get("Content-Range"))
		}
	})
}

func TestMultipartRange(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithMultipartRange(0))
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=100-199", "If-Match", s.ETag())
	if resp.StatusCode != 206 || resp.Header.Get("Content-Range") != "" {
		t.Fatalf("status %d, Content-Range %q", resp.StatusCode, resp.Header.Get("Content-Range"))
	}
	mt, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/byteranges" || params["boundary"] == "" {
		t.Fatalf("Content-Type %q: %v", resp.Header.Get("Content-Type"), err)
	}
	if resp.ContentLength != int64(len(body)) {
		t.Errorf("Content-Length %d, %d bytes", resp.ContentLength, len(body))
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	part, err := mr.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(part)
	if part.Header.Get("Content-Range") != "bytes 100-199/1000" || part.Header.Get("Content-Type") != "application/octet-stream" {
		t.Errorf("part headers %v", part.Header)
	}
	if !bytes.Equal(data, s.Content().Bytes(100, 100)) {
		t.Error("part data differs from the range")
	}
	if _, err := mr.NextPart(); err != io.EOF {
		t.Errorf("second part: %v, want io.EOF", err)
	}
	if r := lastRequest(t, s); r.ContentRange != "" || r.Status != 206 || r.BodyBytes != int64(len(body)) {
		t.Errorf("logged %q %d %d", r.ContentRange, r.Status, r.BodyBytes)
	}
	// A request without a Range still gets 200 and the plain file.
	resp, body = mustGet(t, "GET", s.FileURL())
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/octet-stream" || len(body) != 1000 {
		t.Errorf("no range: %d %q %d bytes", resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
	}
}

func TestEarlyHints(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithEarlyHints(0, 1000))
	var hints, links int
	trace := &httptrace.ClientTrace{Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
		if code == http.StatusEarlyHints {
			hints++
		}
		if h.Get("Link") != "" {
			links++
		}
		return nil
	}}
	req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", s.FileURL(), nil)
	req.Header.Set("Range", "bytes=0-99")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if hints != 1000 || links != 1000 {
		t.Errorf("saw %d 103s, %d with Link; want 1000", hints, links)
	}
	if resp.StatusCode != 206 || resp.Header.Get("Link") != "" || !bytes.Equal(body, s.Content().Bytes(0, 100)) {
		t.Errorf("final response %d, Link %q, %d bytes", resp.StatusCode, resp.Header.Get("Link"), len(body))
	}
	// Go's Transport counts the 103s against MaxResponseHeaderBytes.
	small := &http.Client{Transport: &http.Transport{MaxResponseHeaderBytes: 16 << 10}}
	if _, _, err := get(t, small, "GET", s.FileURL()); err == nil || !strings.Contains(err.Error(), "exceeded") {
		t.Errorf("16 KiB header limit: err = %v, want exceeded", err)
	}
}

func TestHeaderBytes(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithHeaderBytes(1, 1<<20))
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99")
	pad := 0
	for k, vs := range resp.Header {
		if strings.HasPrefix(k, "X-Fetchtest-Pad-") {
			pad += len(k) + len(vs[0]) + 4
		}
	}
	if pad < 1<<20 || pad > 1<<20+1100 {
		t.Errorf("%d bytes of padding headers, want about 1 MiB", pad)
	}
	if resp.StatusCode != 206 || !bytes.Equal(body, s.Content().Bytes(0, 100)) {
		t.Errorf("status %d, %d bytes", resp.StatusCode, len(body))
	}
	small := &http.Client{Transport: &http.Transport{MaxResponseHeaderBytes: 64 << 10}}
	if _, _, err := get(t, small, "GET", s.FileURL()); err != nil {
		t.Errorf("request 2 is not padded: %v", err)
	}
	s = fetchtest.NewServer(t, fetchtest.WithHeaderBytes(0, 1<<20))
	if _, _, err := get(t, small, "GET", s.FileURL()); err == nil || !strings.Contains(err.Error(), "exceeded") {
		t.Errorf("64 KiB header limit: err = %v, want exceeded", err)
	}
}

// lockedBuffer is a bytes.Buffer safe for the log package's writer.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestTrailingGarbageRaw(t *testing.T) {
	const garbage = "HTTP/1.1 200 OK\r\nX-Stale: 1\r\n\r\nleftover"
	s, err := fetchtest.Start(fetchtest.WithSize(1000), fetchtest.WithTrailingGarbage(1, garbage))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "GET /file.bin HTTP/1.1\r\nHost: x\r\nRange: bytes=0-99\r\n\r\n")
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 206 || !bytes.Equal(body, s.Content().Bytes(0, 100)) {
		t.Fatalf("status %d, %d bytes, %v", resp.StatusCode, len(body), err)
	}
	extra := make([]byte, len(garbage))
	if _, err := io.ReadFull(br, extra); err != nil || string(extra) != garbage {
		t.Fatalf("after the body: %q, %v", extra, err)
	}
	if r := lastRequest(t, s); r.Status != 206 || r.BodyBytes != 100 {
		t.Errorf("logged %d, %d body bytes", r.Status, r.BodyBytes)
	}
	// The connection is held open for the client; Close still returns.
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close hangs on a connection holding garbage")
	}
	if _, err := br.ReadByte(); err == nil {
		t.Error("connection still open after Close")
	}
}

func TestTrailingGarbageIdleConnection(t *testing.T) {
	var logged lockedBuffer
	defer log.SetOutput(log.Writer())
	defer log.SetFlags(log.Flags())
	log.SetOutput(&logged)
	log.SetFlags(0)

	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithTrailingGarbage(1, "garbage"))
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	resp, body, err := get(t, c, "GET", s.FileURL(), "Range", "bytes=0-99")
	if err != nil || resp.StatusCode != 206 || len(body) != 100 {
		t.Fatalf("status %d, %d bytes, %v", resp.StatusCode, len(body), err)
	}
	const want = `Unsolicited response received on idle HTTP channel starting with "garbage"`
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(logged.String(), want); {
		if time.Now().After(deadline) {
			t.Fatalf("Transport logged %q, want %q", logged.String(), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
	// The Transport dropped the connection: the next request opens another.
	if _, _, err := get(t, c, "GET", s.FileURL(), "Range", "bytes=0-99"); err != nil {
		t.Fatal(err)
	}
	if log := s.Requests(); log[0].Conn == log[1].Conn {
		t.Errorf("second request reused connection %d", log[0].Conn)
	}
}
