// Tests of PeerSource: the request it sends a peer, and the checks of every
// answer, against the fake peer of fetchtest and against handlers that
// break the protocol on purpose.

package fetch_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/segment"
)

// peerSetup is an origin, the client's probe of it, and what a PeerSource
// needs.
type peerSetup struct {
	srv    *fetchtest.Server
	probe  *fetch.Probe
	origin *fetch.Origin
	plan   segment.Plan
}

func newPeerSetup(t *testing.T, size, slice int64, opts ...fetchtest.Option) *peerSetup {
	t.Helper()
	srv := fetchtest.NewServer(t, append([]fetchtest.Option{fetchtest.WithSize(size)}, opts...)...)
	client := newClient(t, 4)
	p, err := client.Probe(t.Context(), srv.FileURL(), slice)
	if err != nil {
		t.Fatal(err)
	}
	p.Body.Close()
	plan, err := segment.NewPlan(size, slice)
	if err != nil {
		t.Fatal(err)
	}
	return &peerSetup{srv: srv, probe: p, origin: fetch.NewOrigin(client, p), plan: plan}
}

// source is a PeerSource for the peer at addr.
func (s *peerSetup) source(t *testing.T, addr string) *fetch.PeerSource {
	t.Helper()
	p, err := fetch.NewPeer(addr, fetch.PeerOptions{ConnectTimeout: 2 * time.Second, Timeout: 5 * time.Second, Proofs: fleetProof})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.CloseIdle)
	ps, err := fetch.NewPeerSource(p, s.origin, s.plan)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// readRange opens r from src and reads it whole.
func readRange(t *testing.T, src fetch.Source, r segment.Range) ([]byte, error) {
	t.Helper()
	b, err := src.Open(t.Context(), r)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	if b.From != segment.FromPeer {
		t.Errorf("body from %v, want peer", b.From)
	}
	return io.ReadAll(b)
}

func TestPeerRequestIsTheProtocols(t *testing.T) {
	const slice = 64 << 10
	s := newPeerSetup(t, 1<<20, slice)
	peer := fetchtest.NewPeer(t, s.srv)
	r := s.plan.RunRange(segment.Run{First: 2, End: 6})
	got, err := readRange(t, s.source(t, peer.URL), r)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(s.srv.Content().Bytes(r.Start, r.Len())) {
		t.Fatal("bytes from the peer differ from the file's")
	}
	reqs := peer.Requests()
	if len(reqs) != 1 {
		t.Fatalf("peer got %d requests, want 1", len(reqs))
	}
	q := reqs[0]
	checks := []struct{ what, got, want string }{
		{"request target", q.RequestURI, s.srv.FileURL()},
		{"Host", q.Host, strings.TrimPrefix(s.srv.URL, "http://")},
		{"Range", q.Header.Get("Range"), r.Header()},
		{"If-Match", q.Header.Get("If-Match"), s.srv.ETag()},
		{"X-Slget-Slice", q.Header.Get("X-Slget-Slice"), fmt.Sprint(slice)},
		{"Accept-Encoding", q.Header.Get("Accept-Encoding"), "identity"},
		{"Accept", q.Header.Get("Accept"), fetchtest.SlicesType},
		{"Proxy-Authorization", q.Header.Get("Proxy-Authorization"), ""},
		{fleet.HeaderAuth, q.Header.Get(fleet.HeaderAuth), ""},
		{"answer", fmt.Sprint(q.Status), "206"},
		{"checksums sent", q.Sums[:2], "2:"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
		}
	}
	if n := len(s.srv.Requests()); n != 1 {
		t.Errorf("the origin saw %d requests, want only the probe", n)
	}
}

// The user's credentials for the origin never reach a peer: not the URL's
// user and password, not an Authorization header.
func TestPeerGetsNoOriginCredentials(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(256<<10))
	client, err := fetch.NewClient(fetch.ClientOptions{Header: http.Header{"Authorization": {"Bearer origin-secret"}, "Cookie": {"c=origin-secret"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(client.CloseIdle)
	u := strings.Replace(srv.FileURL(), "http://", "http://user:pass-secret@", 1)
	p, err := client.Probe(t.Context(), u, 64<<10)
	if err != nil {
		t.Fatal(err)
	}
	p.Body.Close()
	plan, _ := segment.NewPlan(256<<10, 64<<10)
	peer := fetchtest.NewPeer(t, srv)
	pp, _ := fetch.NewPeer(peer.URL, fetch.PeerOptions{Proofs: fleetProof})
	t.Cleanup(pp.CloseIdle)
	ps, err := fetch.NewPeerSource(pp, fetch.NewOrigin(client, p), plan)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readRange(t, ps, plan.RunRange(segment.Run{First: 1, End: 4})); err != nil {
		t.Fatal(err)
	}
	for _, q := range peer.Requests() {
		var all strings.Builder
		fmt.Fprint(&all, q.RequestURI, q.Header)
		if strings.Contains(all.String(), "secret") || q.Header.Get("Authorization") != "" {
			t.Errorf("the peer got the origin's credentials: %s %v", q.RequestURI, q.Header)
		}
	}
}

func TestPeerToken(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerToken("s3cret"))
	r := s.plan.SliceRange(1)

	_, err := readRange(t, s.source(t, peer.URL), r)
	var pe *fetch.PeerError
	if !errors.As(err, &pe) || pe.Status != http.StatusProxyAuthRequired || !pe.Drop || !strings.Contains(pe.Error(), "http://slget:TOKEN@") {
		t.Fatalf("without the token: %v, want a 407 PeerError that drops the peer and says how to give a token", err)
	}
	_, err = readRange(t, s.source(t, strings.Replace(peer.URL, "http://", "http://slget:wrong@", 1)), r)
	if !errors.As(err, &pe) || pe.Status != http.StatusProxyAuthRequired || !pe.Drop || !strings.Contains(pe.Error(), "another fleet token") {
		t.Fatalf("with a wrong token: %v, want a refusal that drops the peer", err)
	}
	src := s.source(t, strings.Replace(peer.URL, "http://", "http://slget:s3cret@", 1))
	if _, err := readRange(t, src, r); err != nil {
		t.Fatalf("with the token: %v", err)
	}
	if strings.Contains(err.Error(), "wrong") || strings.Contains(src.Peer.String(), "s3cret") {
		t.Error("the token shows in a message")
	}
}

// PeerOptions.Token is the fleet's token: sent to a peer whose address
// has none, never in place of one the address gives, never in a message.
func TestPeerOptionsToken(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerToken("fl33t"))
	r := s.plan.SliceRange(1)
	source := func(addr, token string) *fetch.PeerSource {
		p, err := fetch.NewPeer(addr, fetch.PeerOptions{ConnectTimeout: 2 * time.Second, Timeout: 5 * time.Second, Token: token, Proofs: fleetProof})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.CloseIdle)
		ps, err := fetch.NewPeerSource(p, s.origin, s.plan)
		if err != nil {
			t.Fatal(err)
		}
		return ps
	}
	if _, err := readRange(t, source(peer.URL, "fl33t"), r); err != nil {
		t.Fatalf("with the fleet token: %v", err)
	}
	_, err := readRange(t, source(strings.Replace(peer.URL, "http://", "http://slget:wrong@", 1), "fl33t"), r)
	var pe *fetch.PeerError
	if !errors.As(err, &pe) || pe.Status != http.StatusProxyAuthRequired {
		t.Fatalf("the address's own token: %v, want it sent (and refused) rather than the fleet's", err)
	}
	src := source(peer.URL, "nope")
	_, err = readRange(t, src, r)
	if !errors.As(err, &pe) || !strings.Contains(pe.Error(), "refused our fleet MAC") {
		t.Fatalf("a wrong fleet token: %v, want a refusal", err)
	}
	if strings.Contains(err.Error(), "nope") || strings.Contains(src.Peer.String(), "nope") {
		t.Error("the token shows in a message")
	}
	for _, q := range peer.Requests() {
		if q.Header.Get(fleet.HeaderAuth) == "" {
			t.Errorf("request %d carried no fleet MAC", q.N)
		}
		assertNoToken(t, q, "fl33t", "wrong", "nope")
	}
}

// assertNoToken fails if any of the tokens shows, in any form a proxy
// would take (plain, Basic), in a header of the request q.
func assertNoToken(t *testing.T, q fetchtest.PeerRequest, tokens ...string) {
	t.Helper()
	for name, vs := range q.Header {
		for _, v := range vs {
			for _, tok := range tokens {
				if strings.Contains(v, tok) || strings.Contains(v, base64.StdEncoding.EncodeToString([]byte("slget:"+tok))) {
					t.Errorf("request %d: header %s carries the token %q: %q", q.N, name, tok, v)
				}
			}
		}
	}
}

// A host that announces itself as a peer but does not hold the fleet key
// (a forged mDNS announcement) gets no token in any form, and nothing it
// sends is taken: its answers carry no MAC of the key.
func TestPeerWithoutTheKey(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10)
	forger := fetchtest.NewPeer(t, s.srv)                                                            // answers every request well, unsigned
	member := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerToken("fl33t"), fetchtest.WithPeerFault( // holds the key, forgets to sign
		func(*http.Request, int) fetchtest.PeerFault { return fetchtest.PeerFault{Unsigned: true} }))
	for _, p := range []*fetchtest.Peer{forger, member} {
		fp, err := fetch.NewPeer(p.URL, fetch.PeerOptions{Timeout: 5 * time.Second, Token: "fl33t", Proofs: fleetProof})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(fp.CloseIdle)
		src, err := fetch.NewPeerSource(fp, s.origin, s.plan)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readRange(t, src, s.plan.SliceRange(1))
		var pe *fetch.PeerError
		if !errors.As(err, &pe) || !pe.Drop || !errors.Is(err, fleet.ErrUnproven) || len(got) != 0 {
			t.Errorf("%s: %d bytes, %v; want none and an unproven peer dropped", p.URL, len(got), err)
		}
		for _, q := range p.Requests() {
			assertNoToken(t, q, "fl33t")
		}
	}
}

func TestPeerZstd(t *testing.T) {
	s := newPeerSetup(t, 512<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerZstd())
	r := s.plan.RunRange(segment.Run{First: 0, End: s.plan.N()})
	got, err := readRange(t, s.source(t, peer.URL), r)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(s.srv.Content().Bytes(0, r.Len())) {
		t.Fatal("decoded bytes differ from the file's")
	}
	if q := peer.Requests(); len(q) != 1 || q[0].Encoding != "zstd" {
		t.Fatalf("the peer did not send zstd: %+v", q)
	}
}

// A long range is asked for in pieces of at most MaxPeerRun slices, one
// after the other within one body.
func TestPeerPieces(t *testing.T) {
	const slice = 4 << 10
	n := fetch.MaxPeerRun*2 + 5
	s := newPeerSetup(t, int64(n)*slice-100, slice)
	peer := fetchtest.NewPeer(t, s.srv)
	r := s.plan.RunRange(segment.Run{First: 0, End: s.plan.N()})
	got, err := readRange(t, s.source(t, peer.URL), r)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(s.srv.Content().Bytes(0, r.Len())) {
		t.Fatal("bytes differ from the file's")
	}
	var ranges []string
	for _, q := range peer.Requests() {
		ranges = append(ranges, q.Header.Get("Range"))
	}
	want := []string{
		fmt.Sprintf("bytes=0-%d", fetch.MaxPeerRun*slice-1),
		fmt.Sprintf("bytes=%d-%d", fetch.MaxPeerRun*slice, 2*fetch.MaxPeerRun*slice-1),
		fmt.Sprintf("bytes=%d-%d", 2*fetch.MaxPeerRun*slice, r.End-1),
	}
	if fmt.Sprint(ranges) != fmt.Sprint(want) {
		t.Fatalf("pieces asked %v, want %v", ranges, want)
	}
}

// A slice whose bytes fail the peer's checksum ends the body right after
// it, with a PeerError that says the peer lied; no byte of the next slice
// is handed out.
func TestPeerCorruptSlice(t *testing.T) {
	const slice = 64 << 10
	s := newPeerSetup(t, 512<<10, slice)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault {
		return fetchtest.PeerFault{Corrupt: true}
	}))
	r := s.plan.RunRange(segment.Run{First: 3, End: 6})
	b, err := s.source(t, peer.URL).Open(t.Context(), r)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, err := io.ReadAll(b)
	var pe *fetch.PeerError
	if !errors.As(err, &pe) || !pe.Lied || !pe.Drop || !strings.Contains(pe.Error(), "slice 3") {
		t.Fatalf("read: %v, want a PeerError for slice 3 that says the peer lied", err)
	}
	if len(got) != slice {
		t.Fatalf("read %d bytes before the error, want exactly slice 3's %d", len(got), slice)
	}
	if !fetch.Retryable(err) {
		t.Error("a peer's failure is not retryable: the origin would not be asked")
	}
}

// Error statuses: a miss (5xx) is worth asking the same peer for other
// slices; a refusal is not.
func TestPeerStatuses(t *testing.T) {
	for _, tc := range []struct {
		status int
		drop   bool
		says   string
	}{
		{http.StatusBadGateway, false, "could not serve"},
		{http.StatusGatewayTimeout, false, "could not serve"},
		{http.StatusServiceUnavailable, false, "could not serve"},
		{http.StatusPreconditionFailed, true, "another version"},
		{http.StatusForbidden, true, "origins that serve allows"},
		{http.StatusNotFound, true, "404"},
	} {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			s := newPeerSetup(t, 256<<10, 64<<10)
			peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault {
				return fetchtest.PeerFault{Status: tc.status}
			}))
			_, err := readRange(t, s.source(t, peer.URL), s.plan.SliceRange(1))
			var pe *fetch.PeerError
			if !errors.As(err, &pe) || pe.Status != tc.status || pe.Drop != tc.drop || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("got %v (%+v), want status %d, drop %v, saying %q", err, pe, tc.status, tc.drop, tc.says)
			}
		})
	}
}

// A peer of another version (the origin changed since the peer cached
// it) answers 412 to If-Match with the client's ETag.
func TestPeerOfAnotherVersion(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv)
	s.srv.Change()
	p, err := newClient(t, 1).Probe(t.Context(), s.srv.FileURL(), 64<<10)
	if err != nil {
		t.Fatal(err)
	}
	p.Body.Close()
	s.origin = fetch.NewOrigin(newClient(t, 1), p)
	_, err = readRange(t, s.source(t, peer.URL), s.plan.SliceRange(1))
	var pe *fetch.PeerError
	if !errors.As(err, &pe) || pe.Status != http.StatusPreconditionFailed || !pe.Drop {
		t.Fatalf("got %v, want a 412 that drops the peer", err)
	}
}

func TestPeerDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := "http://" + ln.Addr().String()
	ln.Close()
	s := newPeerSetup(t, 256<<10, 64<<10)
	_, err = readRange(t, s.source(t, addr), s.plan.SliceRange(1))
	var pe *fetch.PeerError
	if !errors.As(err, &pe) || !pe.Drop || !strings.Contains(err.Error(), "not reachable") {
		t.Fatalf("got %v, want a PeerError that drops the peer as not reachable", err)
	}
}

// Answers that break the protocol are refused before a byte is read, and
// the peer is dropped.
func TestPeerAnswersChecked(t *testing.T) {
	const slice = 64 << 10
	s := newPeerSetup(t, 256<<10, slice)
	content, etag := s.srv.Content(), s.srv.ETag()
	r := s.plan.RunRange(segment.Run{First: 1, End: 3})
	good := func(w http.ResponseWriter) []byte {
		h := w.Header()
		h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", r.Start, r.End-1, content.Size))
		h.Set("ETag", etag)
		h.Set("Content-Length", fmt.Sprint(r.Len()))
		return content.Bytes(r.Start, r.Len())
	}
	for _, tc := range []struct {
		name  string
		edit  func(h http.Header)
		says  string
		state int
	}{
		{"whole file", func(h http.Header) { h.Del("Content-Range") }, "Content-Range", 0},
		{"shifted range", func(h http.Header) {
			h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", r.Start+1, r.End, content.Size))
		}, "Content-Range", 0},
		{"another size", func(h http.Header) {
			h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", r.Start, r.End-1, content.Size+1))
		}, "Content-Range", 0},
		{"another ETag", func(h http.Header) { h.Set("ETag", `"other"`) }, "ETag", 0},
		{"no ETag", func(h http.Header) { h.Del("ETag") }, "ETag", 0},
		{"gzip", func(h http.Header) { h.Set("Content-Encoding", "gzip") }, "Content-Encoding", 0},
		{"bad checksum header", func(h http.Header) { h.Set("X-Slget-Crc32c", "1:nothex!!") }, "X-Slget-Crc32c", 0},
		{"checksums of other slices", func(h http.Header) { h.Set("X-Slget-Crc32c", "0:00000000") }, "X-Slget-Crc32c", 0},
		{"too many checksums", func(h http.Header) { h.Set("X-Slget-Crc32c", "1:00000000,00000000,00000000") }, "X-Slget-Crc32c", 0},
		{"no checksums", func(h http.Header) { h.Del("X-Slget-Crc32c") }, "X-Slget-Crc32c", 0},
		{"an empty list of checksums", func(h http.Header) { h.Set("X-Slget-Crc32c", "1:") }, "X-Slget-Crc32c", 0},
		{"checksums of a later slice only", func(h http.Header) { h.Set("X-Slget-Crc32c", "2:00000000") }, "X-Slget-Crc32c", 0},
		{"200", nil, "200", http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				body := good(w)
				if tc.edit != nil {
					tc.edit(w.Header())
				}
				status := http.StatusPartialContent
				if tc.state != 0 {
					status = tc.state
				}
				w.WriteHeader(status)
				w.Write(body)
			}))
			defer h.Close()
			_, err := readRange(t, s.source(t, h.URL), r)
			var pe *fetch.PeerError
			if !errors.As(err, &pe) || !pe.Drop || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("got %v, want a PeerError that drops the peer and names %s", err, tc.says)
			}
		})
	}
}

// A body longer or shorter than its range is an error of the peer.
func TestPeerBodyLength(t *testing.T) {
	const slice = 64 << 10
	s := newPeerSetup(t, 256<<10, slice)
	content, etag := s.srv.Content(), s.srv.ETag()
	r := s.plan.SliceRange(1)
	for _, delta := range []int64{-10, 10} {
		t.Run(fmt.Sprint(delta), func(t *testing.T) {
			h := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", r.Start, r.End-1, content.Size))
				w.Header().Set("ETag", etag)
				w.WriteHeader(http.StatusPartialContent) // chunked: no length to check up front
				w.Write(content.Bytes(r.Start, r.Len()+delta))
			}))
			defer h.Close()
			_, err := readRange(t, s.source(t, h.URL), r)
			var pe *fetch.PeerError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a PeerError", err)
			}
		})
	}
}

func TestParsePeer(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"http://10.0.0.5:8471", true},
		{"http://slget:tok@10.0.0.5:8471/", true},
		{"http://peer.lan", true},
		{"https://10.0.0.5:8471", false},
		{"10.0.0.5:8471", false},
		{"http://10.0.0.5:8471/path", false},
		{"http://10.0.0.5:8471?x=1", false},
		{"http://tokenonly@10.0.0.5:8471", false},
		{"http://10.0.0.5:99999", false},
		{"http://:8471", false},
	} {
		_, err := fetch.ParsePeer(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("ParsePeer(%q): %v, want ok %v", tc.in, err, tc.ok)
		}
		if err != nil && strings.Contains(err.Error(), "tok@") {
			t.Errorf("ParsePeer(%q): the message shows the token: %v", tc.in, err)
		}
	}
}

// Close aborts a body whose peer has stopped sending.
func TestPeerBodyCloseAbortsRead(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault {
		return fetchtest.PeerFault{StallAfter: 100}
	}))
	b, err := s.source(t, peer.URL).Open(t.Context(), s.plan.SliceRange(1))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := io.ReadAll(b)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	b.Close()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a stalled body read to its end")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not abort the read")
	}
}

// A context that ends while the peer is answering ends Open with the
// context's error, not a PeerError: the Downloader decides what it means.
func TestPeerOpenCancelled(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault {
		return fetchtest.PeerFault{Delay: time.Hour}
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	_, err := s.source(t, peer.URL).Open(ctx, s.plan.SliceRange(1))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want the context's deadline", err)
	}
}

// An https:// origin is asked of a peer in proxy form too, GET
// https://origin/path, never with CONNECT.
func TestPeerHTTPSOriginInProxyForm(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv)
	o := &fetch.Origin{URL: "https://user:pw@mirror.example:8443/iso/f.iso?sig=abc#frag", Validator: s.origin.Validator}
	pp, err := fetch.NewPeer(peer.URL, fetch.PeerOptions{Proofs: fleetProof})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pp.CloseIdle)
	ps, err := fetch.NewPeerSource(pp, o, s.plan)
	if err != nil {
		t.Fatal(err)
	}
	_, err = readRange(t, ps, s.plan.SliceRange(1))
	var pe *fetch.PeerError
	if !errors.As(err, &pe) || pe.Status != http.StatusBadGateway {
		t.Fatalf("got %v, want the fake peer's 502 for a host it cannot fill", err)
	}
	q := peer.Requests()
	if len(q) != 1 || q[0].Method != http.MethodGet || q[0].RequestURI != "https://mirror.example:8443/iso/f.iso?sig=abc" || q[0].Host != "mirror.example:8443" {
		t.Fatalf("the peer got %+v, want GET https://mirror.example:8443/iso/f.iso?sig=abc without user or fragment", q)
	}
}

// A resource without a strong ETag is not asked of peers: nothing would
// pin the version they serve.
func TestPeerNeedsAStrongETag(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10, fetchtest.WithWeakETag())
	pp, _ := fetch.NewPeer("http://127.0.0.1:1", fetch.PeerOptions{Proofs: fleetProof})
	if _, err := fetch.NewPeerSource(pp, s.origin, s.plan); err == nil || !strings.Contains(err.Error(), "strong ETag") {
		t.Fatalf("NewPeerSource with a weak ETag: %v", err)
	}
}

// An answer that lists the checksums of only its first slices (the real
// peer's answer from a cold cache, or one checksum for two slices) has
// only those slices read from it: the rest is asked for again, so that no
// byte a checksum does not vouch for is ever taken. Unvouched bytes here
// are wrong, and none of them comes through.
func TestPeerUnlistedSlicesAskedAgain(t *testing.T) {
	const slice = 64 << 10
	s := newPeerSetup(t, 1<<20, slice)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault {
		return fetchtest.PeerFault{Sums: 1, FlipUnlisted: true}
	}))
	r := s.plan.RunRange(segment.Run{First: 2, End: 6})
	got, err := readRange(t, s.source(t, peer.URL), r)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(s.srv.Content().Bytes(r.Start, r.Len())) {
		t.Fatal("bytes no checksum vouched for came through")
	}
	reqs := peer.Requests()
	if len(reqs) != 4 {
		t.Fatalf("peer got %d requests, want one per slice", len(reqs))
	}
	for i, q := range reqs {
		if want := s.plan.RunRange(segment.Run{First: 2 + i, End: 6}).Header(); q.Header.Get("Range") != want {
			t.Errorf("request %d asked %s, want %s", i+1, q.Header.Get("Range"), want)
		}
	}
}

// A peer address whose token holds a character a URL escapes, written raw,
// is read right or refused without the token in the message, whatever part of the URL
// the character made the token's rest; percent-encoded, it is the token.
func TestParsePeerHidesARawToken(t *testing.T) {
	for _, tok := range []string{"jf6y/Q+x=", "12345/abc", "ab?cd", "ab#cd", "a@b", "a%zzb", "p%41ss@w:rd/+"} {
		for _, s := range []string{"http://slget:" + tok + "@10.0.0.1:7878", "http://slget:" + tok + "@10.0.0.1:7878/", "http://slget:" + tok + "@10.0.0.1"} {
			u, err := fetch.ParsePeer(s)
			if err == nil {
				if pw, _ := u.User.Password(); pw != tok { // a raw '@' reads right
					t.Errorf("ParsePeer(%q) took the token for %q", s, pw)
				}
			} else if strings.Contains(err.Error(), tok) {
				t.Errorf("ParsePeer(%q) = %v: want an error without the token", s, err)
			}
			if r := fetch.RedactPeer(s); strings.Contains(r, tok) {
				t.Errorf("RedactPeer(%q) = %q", s, r)
			}
			if a := fleet.Addr(s); strings.Contains(a, tok) || !strings.HasPrefix(a, "http://10.0.0.1") {
				t.Errorf("fleet.Addr(%q) = %q: want http://10.0.0.1..., without the token", s, a)
			}
		}
		// A list split at a raw ',' or space leaves a user:token without
		// its '@' (but for one of digits up to its raw '/', which reads
		// as a host and its port, as a message must show them).
		if _, err := fetch.ParsePeer("http://slget:" + tok); !strings.Contains(tok, "@") && tok != "12345/abc" && (err == nil || strings.Contains(err.Error(), tok)) {
			t.Errorf("ParsePeer of a user:token cut short: %v: want an error without the token", err)
		}
		u, err := fetch.ParsePeer("http://slget:" + url.QueryEscape(tok) + "@10.0.0.1:7878")
		if err != nil {
			t.Errorf("the token %q percent-encoded: %v", tok, err)
			continue
		}
		if pw, _ := u.User.Password(); pw != tok {
			t.Errorf("the token %q percent-encoded reads as %q", tok, pw)
		}
	}
}

// A peer that restarts has a new run: the next request, signed for the
// old one, is refused with a signed answer that names the new run, and is
// signed for it and sent again, once: the range still comes from the
// peer, and /healthz is asked only before the first request.
func TestPeerRestartedIsSignedForAgain(t *testing.T) {
	s := newPeerSetup(t, 256<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerToken("s3cret"))
	src := s.source(t, strings.Replace(peer.URL, "http://", "http://slget:s3cret@", 1))
	if _, err := readRange(t, src, s.plan.SliceRange(1)); err != nil {
		t.Fatalf("before the restart: %v", err)
	}
	peer.Restart()
	if _, err := readRange(t, src, s.plan.SliceRange(2)); err != nil {
		t.Fatalf("after the restart: %v", err)
	}
	var got []string
	for _, q := range peer.Requests() {
		got = append(got, fmt.Sprintf("%s %d", strings.TrimPrefix(q.RequestURI, s.srv.URL), q.Status))
	}
	want := []string{"/healthz 200", "/file.bin 206", "/file.bin 407", "/file.bin 206"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("the peer got %q, want %q", got, want)
	}
}

// fleetProof is the fleet's PeerProof of a token, as the library passes it.
func fleetProof(token string) fetch.PeerProof { return fleet.NewKey(token).Prover() }
