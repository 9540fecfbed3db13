// Tests of the peer server's answers: ranges served exactly from whole
// slices, one fill per slice, versions side by side, the checksums header,
// zstd between peers.

package peer

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/slget/slget/fetch/fetchtest"
)

const mib = 1 << 20

func TestSixteenWaitersOneFill(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(8*mib), fetchtest.WithLatency(150*time.Millisecond))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	want := contentRange(t, origin.Content(), 3*mib, 4*mib)

	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	start := make(chan struct{})
	for range n {
		wg.Go(func() {
			<-start
			req, _ := http.NewRequest(http.MethodGet, origin.FileURL(), nil)
			req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", 3*mib, 4*mib-1))
			resp, err := p.client.Do(req)
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var b bytes.Buffer
			if _, err := b.ReadFrom(resp.Body); err != nil {
				errs <- err
				return
			}
			if resp.StatusCode != http.StatusPartialContent || !bytes.Equal(b.Bytes(), want) {
				errs <- fmt.Errorf("status %d, %d bytes, sha %s, want 206 and sha %s", resp.StatusCode, b.Len(), shaHex(b.Bytes()), shaHex(want))
			}
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	fills, probes := fileRequests(origin)
	if got := covering(fills, 3*mib); len(got) != 1 {
		t.Errorf("the origin was asked %d times for slice 3, want once: %+v", len(got), got)
	}
	if len(fills) != 1 || len(probes) != 1 {
		t.Errorf("the origin saw %d fills and %d probes, want 1 and 1", len(fills), len(probes))
	}
	if c := counterValue(t, p, "slget_serve_coalesced_waiters_total"); c < 1 {
		t.Errorf("coalesced waiters %v, want at least 1 (16 requests, one fill)", c)
	}
}

// TestRangesExact asks for ranges of every shape, cold and warm, and
// checks each answer's bytes, status and Content-Range against the file.
func TestRangesExact(t *testing.T) {
	const size = 5*mib + 12345
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	c := origin.Content()
	cases := []struct {
		rng        string
		start, end int64 // the bytes expected, [start, end)
		status     int
	}{
		{"bytes=100-199", 100, 200, 206},
		{"bytes=1048570-1048580", mib - 6, mib + 5, 206},                  // across a slice boundary
		{"bytes=0-", 0, size, 206},                                        // open-ended, from 0
		{"bytes=3000000-", 3000000, size, 206},                            // open-ended, unaligned
		{"bytes=-1000", size - 1000, size, 206},                           // suffix
		{"bytes=-99999999", 0, size, 206},                                 // suffix longer than the file
		{"bytes=5242880-99999999", 5 * mib, size, 206},                    // past the end: clipped
		{fmt.Sprintf("bytes=%d-%d", size-1, size-1), size - 1, size, 206}, // the last byte
		{"", 0, size, 200},
		{"bytes=2097152-3145727", 2 * mib, 3 * mib, 206}, // aligned
	}
	for _, pass := range []string{"cold", "warm"} {
		for _, tc := range cases {
			var h []string
			if tc.rng != "" {
				h = append(h, "Range: "+tc.rng)
			}
			resp, body := p.get(t, origin.FileURL(), h...)
			if resp.StatusCode != tc.status {
				t.Errorf("%s %q: status %d, want %d: %s", pass, tc.rng, resp.StatusCode, tc.status, body)
				continue
			}
			if !bytes.Equal(body, contentRange(t, c, tc.start, tc.end)) {
				t.Errorf("%s %q: %d bytes that are not [%d,%d) of the file", pass, tc.rng, len(body), tc.start, tc.end)
			}
			if tc.status == 206 {
				if want := fmt.Sprintf("bytes %d-%d/%d", tc.start, tc.end-1, size); resp.Header.Get("Content-Range") != want {
					t.Errorf("%s %q: Content-Range %q, want %q", pass, tc.rng, resp.Header.Get("Content-Range"), want)
				}
			}
			if resp.Header.Get("ETag") != origin.ETag() {
				t.Errorf("%s %q: ETag %q, want %q", pass, tc.rng, resp.Header.Get("ETag"), origin.ETag())
			}
		}
	}
	// Every request the origin saw after the probes was slice-aligned.
	fills, _ := fileRequests(origin)
	for _, r := range fills {
		if !r.Aligned(mib, size) || r.IfMatch != origin.ETag() {
			t.Errorf("the origin was asked %q with If-Match %q: not slice-aligned or not pinned", r.Range, r.IfMatch)
		}
	}
	// Warm answers came from the cache alone.
	before := len(origin.Requests())
	p.get(t, origin.FileURL(), "Range: bytes=10-20")
	if after := len(origin.Requests()); after != before {
		t.Errorf("a warm range made %d origin requests", after-before)
	}
}

func TestBadRanges(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(3*mib))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	for _, tc := range []struct {
		rng    string
		status int
	}{
		{"bytes=5-1", 400},
		{"bytes=abc-def", 400},
		{"bytes=0-1,5-6", 400},
		{"items=0-1", 400},
		{"bytes=", 400},
		{"bytes=--1", 400},
		{"bytes=99999999999999999999-", 400},
		{"bytes=3145728-", 416},
		{"bytes=-0", 416},
		{"bytes=" + strings.Repeat("1", 300) + "-", 400},
	} {
		resp, body := p.get(t, origin.FileURL(), "Range: "+tc.rng)
		if resp.StatusCode != tc.status {
			t.Errorf("Range %q: status %d, want %d: %s", tc.rng, resp.StatusCode, tc.status, body)
		}
		if tc.status == 416 && resp.Header.Get("Content-Range") != fmt.Sprintf("bytes */%d", 3*mib) {
			t.Errorf("Range %q: 416 with Content-Range %q", tc.rng, resp.Header.Get("Content-Range"))
		}
	}
}

// TestVersionsSideBySide changes the origin's file under the peer: no
// requester ever gets a byte of one version for the other, and both
// versions stay cached.
func TestVersionsSideBySide(t *testing.T) {
	const size = 4 * mib
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, Revalidate: 200 * time.Millisecond}, nil)
	old, oldTag := origin.Content(), origin.ETag()

	resp, body := p.get(t, origin.FileURL(), "Range: bytes=0-2097151")
	if resp.StatusCode != 206 || !bytes.Equal(body, contentRange(t, old, 0, 2*mib)) {
		t.Fatalf("first version: status %d, wrong bytes", resp.StatusCode)
	}
	origin.Change()
	cur, curTag := origin.Content(), origin.ETag()

	// Pinned to the old version: what is cached is served, what is not
	// is 412 (the origin has only the new one now).
	resp, body = p.get(t, origin.FileURL(), "Range: bytes=1048576-2097151", "If-Match: "+oldTag)
	if resp.StatusCode != 206 || resp.Header.Get("ETag") != oldTag || !bytes.Equal(body, contentRange(t, old, mib, 2*mib)) {
		t.Errorf("pinned to the old version, cached slice: status %d ETag %s, right bytes %v", resp.StatusCode, resp.Header.Get("ETag"), bytes.Equal(body, contentRange(t, old, mib, 2*mib)))
	}
	resp, body = p.get(t, origin.FileURL(), "Range: bytes=3145728-4194303", "If-Match: "+oldTag)
	if resp.StatusCode != http.StatusPreconditionFailed {
		t.Errorf("pinned to the old version, uncached slice: status %d, want 412: %s", resp.StatusCode, body)
	}
	// Pinned to the new one, before the peer revalidated: the new one.
	resp, body = p.get(t, origin.FileURL(), "Range: bytes=0-1048575", "If-Match: "+curTag)
	if resp.StatusCode != 206 || resp.Header.Get("ETag") != curTag || !bytes.Equal(body, contentRange(t, cur, 0, mib)) {
		t.Errorf("pinned to the new version: status %d ETag %s", resp.StatusCode, resp.Header.Get("ETag"))
	}
	// Unpinned after --revalidate: the new one.
	time.Sleep(250 * time.Millisecond)
	resp, body = p.get(t, origin.FileURL(), "Range: bytes=0-2097151")
	if resp.Header.Get("ETag") != curTag || !bytes.Equal(body, contentRange(t, cur, 0, 2*mib)) {
		t.Errorf("unpinned after the change: ETag %s (want %s), right bytes %v", resp.Header.Get("ETag"), curTag, bytes.Equal(body, contentRange(t, cur, 0, 2*mib)))
	}
	// A pin nobody has: 412.
	resp, _ = p.get(t, origin.FileURL(), "Range: bytes=0-10", `If-Match: "nonesuch"`)
	if resp.StatusCode != http.StatusPreconditionFailed {
		t.Errorf("a pin of no version: status %d, want 412", resp.StatusCode)
	}
	// Both versions in the cache, each slice under its own validator.
	entries, err := p.store.List()
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string]int{}
	for _, e := range entries {
		vals[e.Validator] = e.Slices
	}
	if vals[oldTag+";"+strconv.Itoa(size)] != 2 || vals[curTag+";"+strconv.Itoa(size)] != 2 {
		t.Errorf("cache holds %v, want 2 slices of each of %s and %s", vals, oldTag, curTag)
	}
	// The old version's bytes, read back through the cache, are still the old ones.
	resp, body = p.get(t, origin.FileURL(), "Range: bytes=0-2097151", "If-Match: "+oldTag)
	if !bytes.Equal(body, contentRange(t, old, 0, 2*mib)) || resp.Header.Get("X-Slget-From") != "cache" {
		t.Errorf("old version from the cache: wrong bytes or from %q", resp.Header.Get("X-Slget-From"))
	}
}

// TestChangeDuringFill: the origin changes between the peer's probe and its
// fill; the unpinned requester gets the new version whole, never a mix.
func TestChangeDuringFill(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2*mib), fetchtest.WithChangeAfter(1))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	resp, body := p.get(t, origin.FileURL(), "Range: bytes=0-2097151")
	cur := origin.Content()
	if resp.StatusCode != 206 || resp.Header.Get("ETag") != origin.ETag() || !bytes.Equal(body, contentRange(t, cur, 0, 2*mib)) {
		t.Fatalf("status %d, ETag %s (origin now %s): not the new version whole", resp.StatusCode, resp.Header.Get("ETag"), origin.ETag())
	}
}

func TestChecksumsHeader(t *testing.T) {
	const size = 3*mib + 500
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	c := origin.Content()
	for _, pass := range []string{"cold", "warm"} {
		resp, body := p.get(t, origin.FileURL(), fmt.Sprintf("Range: bytes=%d-%d", mib-1, size-1))
		if !bytes.Equal(body, contentRange(t, c, mib-1, size)) {
			t.Fatalf("%s: wrong bytes", pass)
		}
		var want []string
		for i := int64(1); i < 4; i++ {
			want = append(want, fmt.Sprintf("%08x", crc32c(contentRange(t, c, i*mib, min((i+1)*mib, size)))))
		}
		if got := resp.Header.Get("X-Slget-Crc32c"); got != "1:"+strings.Join(want, ",") {
			t.Errorf("%s: X-Slget-Crc32c %q, want %q", pass, got, "1:"+strings.Join(want, ","))
		}
		wantFrom := map[string]string{"cold": "origin", "warm": "cache"}[pass]
		if got := resp.Header.Get("X-Slget-From"); got != wantFrom {
			t.Errorf("%s: X-Slget-From %q, want %q", pass, got, wantFrom)
		}
	}
}

// TestZstdBetweenPeers: text slices travel as their stored zstd frames to
// a requester that accepts them (slicesType for a range, Accept-Encoding
// for the whole file), as identity to the others; each answer's headers
// describe the bytes it sends (see zstdFormOf).
func TestZstdBetweenPeers(t *testing.T) {
	data := offsetFile(3*mib + 777)
	origin := newBytesOrigin(t, data, "text/plain; charset=utf-8")
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	url := origin.URL + "/offsets.txt"
	p.get(t, url) // fill
	etag := origin.etag
	dec, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	decode := func(what string, body []byte, want []byte) {
		t.Helper()
		plain, err := dec.DecodeAll(body, nil)
		if err != nil || !bytes.Equal(plain, want) {
			t.Errorf("%s: the zstd answer does not decode to the bytes asked for (err %v)", what, err)
		}
		if len(body) >= len(want)/3 {
			t.Errorf("%s: zstd answer of %d bytes for %d of text", what, len(body), len(want))
		}
	}

	// A range as slicesType: a 200 whose headers all describe the frames.
	resp, body := p.get(t, url, "Range: bytes=1048576-", "Accept: "+slicesType, "Accept-Encoding: identity")
	h := resp.Header
	for _, c := range []struct{ name, got, want string }{
		{"status", fmt.Sprint(resp.StatusCode), "200"},
		{"Content-Type", h.Get("Content-Type"), slicesType},
		{"Content-Encoding", h.Get("Content-Encoding"), ""},
		{"Content-Range", h.Get("Content-Range"), ""},
		{"Content-Length", h.Get("Content-Length"), fmt.Sprint(len(body))},
		{headerRange, h.Get(headerRange), fmt.Sprintf("bytes %d-%d/%d", mib, len(data)-1, len(data))},
		{"ETag", h.Get("ETag"), etag[:len(etag)-1] + `-zstd"`},
		{"Cache-Control", h.Get("Cache-Control"), "no-store"},
		{"Vary", h.Get("Vary"), "Accept, Accept-Encoding"},
	} {
		if c.got != c.want {
			t.Errorf("slices answer: %s %q, want %q", c.name, c.got, c.want)
		}
	}
	decode("slices answer", body, data[mib:])

	// A range to a requester that accepts zstd encoding only (curl
	// --compressed): identity, for a zstd 206 cannot be consistent.
	resp, body = p.get(t, url, "Range: bytes=1048576-", "Accept-Encoding: gzip, zstd")
	if resp.StatusCode != http.StatusPartialContent || resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("ETag") != etag ||
		resp.Header.Get("Vary") != "Accept, Accept-Encoding" || !bytes.Equal(body, data[mib:]) {
		t.Errorf("range with Accept-Encoding: zstd: status %d, Content-Encoding %q, ETag %s, Vary %q, right bytes %v",
			resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("ETag"), resp.Header.Get("Vary"), bytes.Equal(body, data[mib:]))
	}

	// The whole file with Accept-Encoding: zstd: Content-Encoding, and
	// the zstd representation's own tag and length.
	resp, body = p.get(t, url, "Accept-Encoding: zstd")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "zstd" || resp.Header.Get("ETag") != zstdETag(etag) ||
		resp.ContentLength != int64(len(body)) || resp.Header.Get("Content-Range") != "" || resp.Header.Get("Vary") != "Accept, Accept-Encoding" {
		t.Errorf("whole file, zstd: status %d, Content-Encoding %q, ETag %s, Content-Length %d of %d, Vary %q", resp.StatusCode,
			resp.Header.Get("Content-Encoding"), resp.Header.Get("ETag"), resp.ContentLength, len(body), resp.Header.Get("Vary"))
	}
	decode("whole file", body, data)

	// Either tag pins the version, and either one is not modified.
	for _, tag := range []string{etag, zstdETag(etag)} {
		resp, body = p.get(t, url, "Range: bytes=1048576-", "Accept: "+slicesType, "If-Match: "+tag)
		if resp.StatusCode != http.StatusOK || resp.Header.Get(headerRange) == "" {
			t.Errorf("If-Match %s: status %d %q", tag, resp.StatusCode, truncate(string(body), 80))
		}
		resp, _ = p.get(t, url, "If-None-Match: "+tag)
		if resp.StatusCode != http.StatusNotModified || resp.Header.Get("Vary") == "" {
			t.Errorf("If-None-Match %s: status %d, Vary %q", tag, resp.StatusCode, resp.Header.Get("Vary"))
		}
	}

	// Unaligned: identity, even to a zstd peer.
	resp, body = p.get(t, url, "Range: bytes=10-2000000", "Accept: "+slicesType)
	if resp.StatusCode != http.StatusPartialContent || resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("ETag") != etag || !bytes.Equal(body, data[10:2000001]) {
		t.Errorf("unaligned range to a zstd peer: status %d, Content-Encoding %q, right bytes %v", resp.StatusCode, resp.Header.Get("Content-Encoding"), bytes.Equal(body, data[10:2000001]))
	}
	// Without either: identity, and the Vary that says why.
	resp, body = p.get(t, url, "Range: bytes=1048576-")
	if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Vary") != "Accept, Accept-Encoding" || !bytes.Equal(body, data[mib:]) {
		t.Errorf("identity requester: Content-Encoding %q, Vary %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
}
