// Mirrors: a download from several servers of one file. Each mirror is
// probed and pinned by its own validator, must have the primary's size,
// and is proven by content (pieces, a cross-check of its first slice, the
// whole file's digest) before its bytes stay.

package slget

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/remoteurl"
)

// Pieces are digests of consecutive pieces of the file (a Metalink's
// <pieces>): each is checked as it arrives, and a mirror whose piece does
// not match is dropped and the piece fetched from another.
type Pieces struct {
	Length int64  // bytes per piece, the last one shorter
	Algo   string // "sha-256", "sha-512", "sha-1" or "md5"
	Sums   [][]byte
}

// sums turns p into fetch's form; nil when p is nil or of an unknown type.
func (p *Pieces) sums() *fetch.PieceSums {
	if p == nil || p.Length <= 0 {
		return nil
	}
	canon, newHash, _, ok := algo(p.Algo)
	if !ok {
		return nil
	}
	return &fetch.PieceSums{Length: p.Length, Type: canon, New: newHash, Sums: p.Sums}
}

// sliceSize is the plan's slice: the Client's, made a multiple of the
// piece length when the request has pieces, so that every slice holds
// whole pieces and a bad piece fails its slice.
func (d *download) sliceSize() int64 {
	if p := d.pieces().sums(); p != nil && len(d.mirrorURLs()) > 0 {
		return fetch.PieceSlice(d.c.slice(), p.Length)
	}
	return d.c.slice()
}

// mirrors returns the Source over the primary (origin) and the request's
// other mirrors that answer with ranges and the primary's size, the
// probe's body under the same checks, and a function that records what
// each mirror did in the Result. Without mirrors it returns src, body and
// a no-op.
func (d *download) mirrors(ctx context.Context, origin *fetch.Origin, src fetch.Source, body io.ReadCloser, cfg *fetch.Config) (fetch.Source, io.ReadCloser, func()) {
	d.keepProof()
	others := d.mirrorURLs()
	if len(others) == 0 {
		return src, body, func() {}
	}
	if d.share != nil {
		if n := len(d.req.Mirrors); n > 0 { // not for those an origin named
			d.warn("%s", mirrorsNote(n))
		}
		return src, body, func() {}
	}
	urls := []string{d.probe.FinalURL}
	srcs := []fetch.Source{origin}
	proven := []bool{true}
	got := make([]*fetch.Origin, len(others))
	remote := make([]remoteFile, len(others)) // sftp:// and ftp:// mirrors (remoteMirror)
	sure := make([]bool, len(others))
	why := make([]string, len(others))
	var wg sync.WaitGroup
	for i, u := range others {
		if remoteurl.IsRemote(u) {
			wg.Go(func() { remote[i], why[i] = d.dialMirror(ctx, u) })
			continue
		}
		wg.Go(func() { got[i], sure[i], why[i] = d.probeMirror(ctx, u) })
	}
	wg.Wait()
	for i, o := range got {
		if r := remote[i]; r != nil {
			urls = append(urls, others[i])
			srcs = append(srcs, r)
			proven = append(proven, false) // on probation: no digest of its own
			d.addRemoteMirror(r, others[i])
		}
		if o != nil {
			o.H1 = origin.H1 // as the origin's ranges go (chooseProtocol)
			urls = append(urls, others[i])
			srcs = append(srcs, o)
			proven = append(proven, sure[i])
			d.mirrored = append(d.mirrored, mirrorOrigin{origin: o, key: fetch.Redact(others[i])})
		}
	}
	pieces := d.pieces().sums()
	if pieces != nil && d.plan.Slice%pieces.Length != 0 {
		d.warn("the slices (%d bytes, from the journal) do not hold whole pieces of %d bytes: pieces are checked only where a body holds them whole, the whole file at the end", d.plan.Slice, pieces.Length)
	}
	ms := fetch.NewMirrors(urls, srcs, d.plan, fetch.MirrorOptions{
		PerHost:    d.req.PerHost,
		Pieces:     pieces,
		CrossCheck: pieces == nil,
		Proven:     proven,
		Warn:       func(s string) { d.warn("%s", s) },
		Context:    ctx,
	})
	d.ms = ms
	cfg.Hash = true // each slice's checksum: the probation compares them
	if d.journal != nil && d.checksum() == nil && pieces == nil && slices.Contains(proven, false) {
		if err := d.journal.SetProof("no digest: the mirrors are cross-checked on a sample of their slices"); err != nil {
			d.warn("the journal does not keep what proves the file: %v", err)
		}
	}
	if d.journal != nil {
		for _, r := range d.journal.Records() {
			ms.Had(r.Mirror, r.Index, r.CRC32C)
		}
	}
	if d.req.PerHost > 0 {
		cfg.Connections = min(cfg.Connections, d.req.PerHost*len(srcs))
		cfg.MaxConnections = min(cfg.MaxConnections, d.req.PerHost*len(srcs))
	}
	return ms, ms.First(body), func() {
		d.res.Mirrors = mirrorStatsOf(ms.Stats())
		for i, w := range why {
			if w != "" {
				d.res.Mirrors[fetch.Redact(others[i])] = MirrorStats{Dropped: "left out: " + w}
			}
		}
	}
}

// keepProof records in the journal what proves the whole file, for
// `slget status` and the next run.
func (d *download) keepProof() {
	c := d.checksum()
	if d.journal == nil || c == nil {
		return
	}
	from := c.From
	if from == "" {
		from = "the request"
	}
	if err := d.journal.SetProof(c.String() + " from " + from); err != nil {
		d.warn("the journal does not keep what proves the file: %v", err)
	}
}

// mirrorOrigin is one mirror's origin and the key of its Stats.
type mirrorOrigin struct {
	origin *fetch.Origin
	key    string
}

// probeMirror asks mirror u for its headers: its own validator, its size,
// whether it answers ranges, and its digest of the whole file. A mirror
// that fails, answers without ranges, has another size or another digest
// is left out with a warning (nil). proven: it sent the digest the file is
// checked against, so no slice of it need be compared with another's.
func (d *download) probeMirror(ctx context.Context, u string) (o *fetch.Origin, proven bool, why string) {
	// A mirror a server named gets the credentials of the URL the user
	// gave only if it is on that URL's host, and is reached at no address
	// more private than that server's (namedBy, answerScope).
	_, c, given := d.namedBy(u)
	// A HEAD, or where it does not tell, the first slice: every request
	// covers whole slices, so a cache in front of a mirror can answer it.
	p, err := c.ProbeHeadFor(ctx, u, given)
	if errors.Is(err, fetch.ErrHeadNotEnough) {
		if given != nil {
			p, err = c.ProbeFor(ctx, u, given, d.plan.Slice)
		} else {
			p, err = c.Probe(ctx, u, d.plan.Slice)
		}
	}
	if err != nil {
		why = err.Error()
		d.warn("mirror %s left out: %s", fetch.Redact(u), why)
		return nil, false, why
	}
	if p.Body != nil {
		p.Body.Close()
	}
	want := d.probe.Validator.Size
	proven, differs := d.mirrorDigest(p)
	switch {
	case !p.Ranged:
		why = "it does not answer ranged requests"
	case p.Validator.Size != want:
		why = d.sizeWhy(p.Validator.Size)
	case differs != "":
		why = differs
	default:
		o := fetch.NewOrigin(c, p)
		if given != nil {
			o.Given = given
		}
		o.Warn = func(s string) { d.warn("mirror %s: %s", fetch.Redact(u), s) }
		return o, proven, ""
	}
	d.warn("mirror %s left out: %s", fetch.Redact(u), why)
	return nil, false, why
}

// mirrorsNote is said once, for a request with mirrors that sharing takes
// over.
func mirrorsNote(n int) string {
	return fmt.Sprintf("%d mirrors are not used with a cache or peers: the download comes from the first URL", n)
}
