// Tests of mirrors on probation for the whole download: a mirror that no
// digest covers and that lies from an offset on, or after its first
// answers, in every form a mirror comes in (a list, a Metalink without
// pieces, a Link header), ends in the file's exact bytes, named, with its
// slices fetched again; and what proved the file is said.

package slget_test

import (
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

const probationSize = 8 << 20

// liars are servers of the file of seed 1 that lie in the two ways a
// mirror network does: part way through syncing another build (other
// bytes from an eighth of the file on), and other bytes after their first
// answer; both keep the ETag and size they had.
func liars(t *testing.T, rate int64) map[string]*fetchtest.Server {
	return map[string]*fetchtest.Server{
		"rsync part way": fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(rate), fetchtest.WithOtherBytesFrom(liesFrom)),
		afterFirst:       fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(rate), fetchtest.WithOtherBytesAfter(1)),
	}
}

// afterFirst names the liar that lies after its first answer.
const afterFirst = "lies after its first answer"

// liesFrom is where the syncing mirror's other bytes begin.
const liesFrom = probationSize / 8

// A mirror of a list (aria2's TAB line, Request.Mirrors) that lies after
// its first slice: the download ends exact, the mirror named, its slices
// fetched again from the origin, and Result.Proof says it.
func TestProbationListMirrorLies(t *testing.T) {
	for name, liar := range liars(t, 16<<20) {
		t.Run(name, func(t *testing.T) {
			origin := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(512<<10))
			c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
			dir := t.TempDir()
			res, w := getFrom(t, c, origin, dir, slget.Request{Path: filepath.Join(dir, "f.bin")}, origin.FileURL(), liar.FileURL())
			lied(t, name, liar, w)
			if w.count("mirror "+liar.FileURL()) == 0 || w.count("other bytes") == 0 {
				t.Errorf("no line names the lying mirror:\n%s", w)
			}
			if !slices.Contains(res.Proof.Blamed, liar.FileURL()) {
				t.Errorf("Proof %+v does not blame %s", res.Proof, liar.FileURL())
			}
		})
	}
}

// A Metalink with only a whole-file hash (no pieces): a lying mirror is
// found by probation or, failing that, by the hash and the record of who
// sent what; and a stale first URL, which the others were compared with,
// is found by the hash: never exit 32 while the others have the file.
func TestProbationMetalinkWholeHashOnly(t *testing.T) {
	good := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
	for name, liar := range liars(t, 16<<20) {
		for _, first := range []string{"good first", "liar first"} {
			t.Run(name+", "+first, func(t *testing.T) {
				urls := []string{good.FileURL(), liar.FileURL()}
				if first == "liar first" {
					urls[0], urls[1] = urls[1], urls[0]
				}
				files, err := slget.ReadMetalink(strings.NewReader(metaHashOnly("f.bin", good, urls...)))
				if err != nil || len(files) != 1 || files[0].Checksum == nil || files[0].Pieces != nil {
					t.Fatalf("ReadMetalink: %+v, %v", files, err)
				}
				f := files[0]
				c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
				dir := t.TempDir()
				res, w := getFrom(t, c, good, dir, slget.Request{Path: filepath.Join(dir, f.Name), Checksum: f.Checksum}, f.URLs...)
				lied(t, name, liar, w)
				if res.Verified == "" || res.Proof.By != slget.ProvenByDigest {
					t.Errorf("Verified %q, Proof %+v: want the Metalink's hash", res.Verified, res.Proof)
				}
				if !slices.Contains(res.Proof.Blamed, liar.FileURL()) || w.count(liar.FileURL()) == 0 {
					t.Errorf("Proof %+v, lines:\n%s\nwant %s named", res.Proof, w, liar.FileURL())
				}
			})
		}
	}
}

// An origin's Link: rel=duplicate names a mirror, without Repr-Digest:
// the mirror lies from the middle on, and is caught.
func TestProbationLinkedMirrorLies(t *testing.T) {
	liar := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithOtherBytesFrom(liesFrom))
	origin := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1),
		fetchtest.WithHeader("Link", fmt.Sprintf("<%s>; rel=duplicate; pri=1", liar.FileURL())), fetchtest.WithRateLimit(512<<10))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	res, w := get(t, c, origin, nil)
	lied(t, "rsync", liar, w)
	if !slices.Contains(res.Proof.Blamed, liar.FileURL()) {
		t.Errorf("Proof %+v does not blame %s:\n%s", res.Proof, liar.FileURL(), w)
	}
}

// Honest mirrors with no digest: the download is said to be proven by a
// sample, and the sample costs a few slices of the file.
func TestProbationHonestMirrorsCost(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(4<<20))
	m1 := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(8<<20))
	m2 := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(8<<20))
	c := newClient(t, &slget.Client{Connections: 6, Slice: 256 << 10})
	dir := t.TempDir()
	res, w := getFrom(t, c, origin, dir, slget.Request{Path: filepath.Join(dir, "f.bin")}, origin.FileURL(), m1.FileURL(), m2.FileURL())
	p := res.Proof
	if p.By != slget.ProvenBySample || p.Checked == 0 || p.Sent == 0 || p.Checked > p.Sent || len(p.Blamed) != 0 || p.Refetched != 0 {
		t.Fatalf("Proof %+v, want a sample of the mirrors' slices checked and nobody blamed\n%s", p, w)
	}
	if p.Bytes != int64(p.Checked)*(256<<10) {
		t.Errorf("Proof.Bytes %d for %d slices checked", p.Bytes, p.Checked)
	}
	var sent int64
	for _, srv := range []*fetchtest.Server{origin, m1, m2} {
		sent += sentRanges(srv)
	}
	if extra := float64(sent-probationSize) / probationSize; extra > 0.5 {
		t.Errorf("the servers sent %d bytes for %d: %.0f%% more", sent, probationSize, 100*extra)
	}
	t.Logf("proof %s: %d slices of %d checked, %d bytes; servers sent %.3fx the file", p, p.Checked, p.Sent, p.Bytes, float64(sent)/probationSize)
}

// lied fails t unless liar sent other bytes: a range past liesFrom (a
// server lying from there may be caught at its first answer), or a second
// range (a server lying after its first). Else the test proves nothing.
func lied(t *testing.T, name string, liar *fetchtest.Server, w *warnings) {
	t.Helper()
	gets, late := 0, false
	for _, r := range liar.Requests() {
		if r.Method == http.MethodGet && r.Status == http.StatusPartialContent {
			gets++
			late = late || r.End > liesFrom
		}
	}
	if name == afterFirst && gets < 2 || name != afterFirst && !late {
		t.Fatalf("the lying mirror answered %d ranges (one past %d: %v): the test proves nothing\n%s", gets, liesFrom, late, w)
	}
}

// metaHashOnly is a Metalink 4 of srv's file at urls with its whole-file
// SHA-256 and no pieces.
func metaHashOnly(name string, srv *fetchtest.Server, urls ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?><metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="%s"><size>%d</size><hash type="sha-256">%s</hash>`, name, srv.Content().Size, srv.Content().SHA256())
	for i, u := range urls {
		fmt.Fprintf(&b, `<url priority="%d">%s</url>`, i+1, u)
	}
	b.WriteString("</file></metalink>")
	return b.String()
}

// A Metalink whose piece digest is wrong for one piece, on which both
// mirrors agree: the document is blamed (exit 32's error, naming the
// piece and both mirrors), and neither mirror is dropped for it.
func TestWrongPieceHashBlamesTheDocument(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1))
	b := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1))
	pieces := piecesOf(a, 256<<10)
	pieces.Sums[5] = make([]byte, len(pieces.Sums[5])) // a wrong digest in the document
	c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
	dir := t.TempDir()
	w := &warnings{}
	req := &slget.Request{URL: a.FileURL(), Mirrors: []string{b.FileURL()}, Pieces: pieces, Path: filepath.Join(dir, "f.bin"), Events: w.event}
	res, err := c.Do(t.Context(), req)
	var ce *slget.ChecksumError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "piece 5: ") || !strings.Contains(err.Error(), "its piece digest is wrong, not the mirrors") {
		t.Fatalf("Do: %v; want a *ChecksumError that blames piece 5 of the document\n%s", err, w)
	}
	for _, srv := range []*fetchtest.Server{a, b} {
		if !strings.Contains(err.Error(), srv.FileURL()) {
			t.Errorf("the error does not name %s: %v", srv.FileURL(), err)
		}
		if d := res.Mirrors[srv.FileURL()].Dropped; d != "" {
			t.Errorf("%s dropped (%s), though it sent the same bytes as the other", srv.FileURL(), d)
		}
	}
}

// A whole-file hash that no mirror's bytes match (the document is wrong):
// each sender is tried out in turn, and the error says that no one mirror
// explains it; a rerun says the same again, never a bare exit 32 in a
// second.
func TestWholeHashNoMirrorExplains(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithSeed(1))
	b := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithSeed(1))
	c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
	path := filepath.Join(t.TempDir(), "f.bin")
	wrong := &slget.Checksum{Algo: "sha-256", Sum: make([]byte, 32)}
	for run := 1; run <= 2; run++ {
		w := &warnings{}
		_, err := c.Do(t.Context(), &slget.Request{URL: a.FileURL(), Mirrors: []string{b.FileURL()}, Checksum: wrong, Path: path, Events: w.event})
		var ce *slget.ChecksumError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), "no one mirror explains it") {
			t.Fatalf("run %d: %v; want a *ChecksumError saying no one mirror explains it\n%s", run, err, w)
		}
		if w.count("finding the mirror that sent other bytes") != 1 {
			t.Errorf("run %d: no line says the mirrors are being compared:\n%s", run, w)
		}
	}
}
