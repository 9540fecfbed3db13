// Tests of downloads from several mirrors: each proven by content, the
// fast ones carrying more, the ones with other bytes dropped and named.

package slget_test

import (
	"crypto/sha256"
	"net/http"
	"strconv"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

const mirrorSize = 4<<20 + 12345

// piecesOf are the SHA-256 digests of srv's content in pieces of length.
func piecesOf(srv *fetchtest.Server, length int64) *slget.Pieces {
	c := srv.Content()
	p := &slget.Pieces{Length: length, Algo: "sha-256"}
	for off := int64(0); off < c.Size; off += length {
		s := sha256.Sum256(c.Bytes(off, min(length, c.Size-off)))
		p.Sums = append(p.Sums, s[:])
	}
	return p
}

func TestMirrorsShareTheWork(t *testing.T) {
	fast := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithRateLimit(4<<20))
	slow := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithRateLimit(1<<20))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	res, w := get(t, c, fast, &slget.Request{Mirrors: []string{slow.FileURL()}, PerHost: 2})
	if slow.BytesServed() == 0 || fast.BytesServed() == 0 {
		t.Fatalf("fast sent %d, slow %d: both should carry some\n%s", fast.BytesServed(), slow.BytesServed(), w)
	}
	if fast.BytesServed() < slow.BytesServed() {
		t.Errorf("fast sent %d, slow %d: the fast one should carry more", fast.BytesServed(), slow.BytesServed())
	}
	if len(res.Mirrors) != 2 || res.Mirrors[fast.FileURL()].Bytes == 0 || res.Mirrors[slow.FileURL()].Bytes == 0 {
		t.Fatalf("Result.Mirrors %+v", res.Mirrors)
	}
	for _, srv := range []*fetchtest.Server{fast, slow} {
		reqs := srv.Requests()
		for _, r := range reqs {
			if r.Status == 206 && r.Start > 0 && r.IfMatch != srv.ETag() {
				t.Fatalf("%s got a range pinned by %q, not its own ETag %q", srv.FileURL(), r.IfMatch, srv.ETag())
			}
			if r.Method == http.MethodGet && r.Range != "" && !r.Aligned(256<<10, mirrorSize) {
				t.Errorf("%s was asked for %q: not whole slices", srv.FileURL(), r.Range)
			}
		}
		// Each mirror that sent bytes is asked for its version again
		// after the last byte.
		if last := reqs[len(reqs)-1]; last.Method != http.MethodHead {
			t.Errorf("%s: the last request is %s %q, want the HEAD after the last byte", srv.FileURL(), last.Method, last.Range)
		}
	}
}

func TestMirrorsStaleDroppedByComparison(t *testing.T) {
	good := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7))
	stale := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(8))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	res, w := get(t, c, good, &slget.Request{Mirrors: []string{stale.FileURL()}})
	if w.count("mirror "+stale.FileURL()+" dropped: slice") != 1 || w.count("differs from the same slice from "+good.FileURL()) != 1 {
		t.Fatalf("no line names the stale mirror and its slice:\n%s", w)
	}
	if got := stale.BytesServed(); got > 2*(256<<10) {
		t.Errorf("the stale mirror sent %d bytes; it should be dropped at its first slice", got)
	}
	if res.Mirrors[stale.FileURL()].Dropped == "" {
		t.Errorf("Result.Mirrors does not say it was dropped: %+v", res.Mirrors)
	}
}

func TestMirrorsDamagedPieceFromAnother(t *testing.T) {
	damagedAt := int64(1000)
	bad := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithDamage(damagedAt))
	good := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithRateLimit(4<<20))
	for _, piece := range []int64{64 << 10, 1 << 20} { // smaller and larger than the slice
		t.Run("piece"+itoa(piece), func(t *testing.T) {
			bad.ResetLog()
			good.ResetLog()
			// One connection, the damaged mirror first: it sends the
			// first piece, and is trusted until that piece fails.
			c := newClient(t, &slget.Client{Connections: 1, Slice: 256 << 10})
			_, w := get(t, c, bad, &slget.Request{Mirrors: []string{good.FileURL()}, Pieces: piecesOf(good, piece)})
			i := damagedAt / piece
			if w.count("mirror "+bad.FileURL()+" dropped: piece ") != 1 || w.count("piece "+itoa(i)+" (bytes "+itoa(i*piece)) != 1 {
				t.Fatalf("no line names the damaged mirror and piece %d:\n%s", i, w)
			}
			var again bool
			for _, r := range good.Requests() {
				if r.Status == 206 && r.Start <= damagedAt && damagedAt < r.End {
					again = true
				}
			}
			if !again {
				t.Fatal("the damaged piece was not fetched from the other mirror")
			}
		})
	}
}

func TestMirrorsLeftOut(t *testing.T) {
	good := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7))
	short := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize-1), fetchtest.WithSeed(7))
	gone := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7))
	gone.Close()
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	_, w := get(t, c, good, &slget.Request{Mirrors: []string{short.FileURL(), gone.FileURL(), good.URL + "/missing"}})
	for _, want := range []string{
		"mirror " + short.FileURL() + " left out: its file has " + itoa(mirrorSize-1) + " bytes",
		"mirror " + gone.FileURL() + " left out",
		"mirror " + good.URL + "/missing left out",
	} {
		if w.count(want) != 1 {
			t.Errorf("no line %q in:\n%s", want, w)
		}
	}
	if n := short.BytesServed(); n > 1 {
		t.Errorf("the mirror of another size sent %d bytes", n)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// A faster mirror takes the work at once: an origin at 512 KiB/s per
// connection names a mirror at 2 MiB/s (Link: rel=duplicate, both with
// the file's Repr-Digest, so the mirror is proven). The runs the origin
// opened go to it a span at a time, each next span to the mirror best
// placed then, so the mirror carries most of the file, not the runs its
// first connection happened to open.
func TestFasterMirrorTakesTheWork(t *testing.T) {
	// Rates low enough that a busy machine under the race detector still
	// reaches them: at 1 and 4 MiB/s per connection (48 MiB) both sources
	// were bound by the CPU there, and shared the file about evenly.
	const size = 24 << 20
	mirror := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(3), fetchtest.WithRateLimit(2<<20), fetchtest.WithReprDigest())
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(3), fetchtest.WithRateLimit(512<<10), fetchtest.WithReprDigest(),
		fetchtest.WithHeader("Link", "<"+mirror.FileURL()+">; rel=duplicate; pri=1"))
	c := newClient(t, &slget.Client{Connections: 8, Slice: 1 << 20})
	res, w := get(t, c, origin, nil)
	if res.Verified == "" {
		t.Fatalf("the file was not proven by its digest: %+v\n%s", res, w)
	}
	m, o := sentRanges(mirror), sentRanges(origin)
	// How much more depends on the rates the machine lets each reach
	// (under the race detector on a busy machine, far from 4x): the
	// shares for given rates are tested as values (TestSpanOf). Here the
	// faster mirror must carry the larger part, not the runs its first
	// connection happened to open.
	if m <= o {
		t.Errorf("the mirror sent %d bytes, the origin %d: want the faster mirror to carry more\n%s", m, o, w)
	}
	t.Logf("mirror %.1f MiB, origin %.1f MiB, %.1fs", float64(m)/(1<<20), float64(o)/(1<<20), res.Duration.Seconds())
}
