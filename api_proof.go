// Proof: what a Result says proved the bytes of the file.

package slget

import (
	"fmt"
	"slices"
)

// How the bytes of a file were proven, Proof.By.
const (
	// ProvenByDigest: the whole file matched a digest (Result.Verified
	// names it).
	ProvenByDigest = "digest"
	// ProvenByPieces: every piece matched its digest (a Metalink's
	// piece hashes), with no digest of the whole file.
	ProvenByPieces = "pieces"
	// ProvenByOrigin: every byte came from one source, each answer pinned
	// to one version by its validator (the ETag, or Last-Modified and
	// size); nothing proves the bytes beyond that.
	ProvenByOrigin = "origin"
	// ProvenBySample: sources that no digest covers (mirrors, peers
	// without the fleet key) sent bytes, and a sample of their slices was
	// compared with a trusted source's (Checked of Sent). A source that lies on a few slices only can pass
	// a sample: only a digest proves every byte.
	ProvenBySample = "sample"
)

// Proof says how a download's bytes were proven.
type Proof struct {
	By string // one of the ProvenBy constants; "" when nothing was downloaded
	// Sources is how many sources were on probation (mirrors without the
	// file's digest), Sent the slices they sent, Checked how many of those
	// were compared with a trusted source's copy, and Bytes what the
	// comparisons cost.
	Sources, Sent, Checked int
	Bytes                  int64
	// Refetched is how many slices were fetched again because the source
	// that sent them was caught sending other bytes.
	Refetched int
	// Blamed are the sources (URLs, redacted) found to have sent other
	// bytes: by a cross-check, a piece, or the whole file's digest.
	Blamed []string
}

// String says it in words: "the whole file's digest", "2 of 40 slices from 1
// source on probation cross-checked (a sample, not every byte)".
func (p Proof) String() string {
	switch p.By {
	case ProvenByPieces:
		return "piece hashes"
	case ProvenByOrigin:
		return "the origin alone (its validator)"
	case ProvenBySample:
		return fmt.Sprintf("%d of %d slices from %s on probation cross-checked (a sample, not every byte)", p.Checked, p.Sent, plural(p.Sources, "source"))
	case ProvenByDigest:
		return "the whole file's digest"
	}
	return ""
}

// proven fills Result.Proof once the file is complete.
func (d *download) proven() {
	p := &d.res.Proof
	if d.ms != nil {
		st := d.ms.Probation().Stats()
		p.Sent, p.Checked, p.Bytes = st.Sent, st.Checked, st.Bytes
		for name := range d.ms.Probation().Caught() {
			p.Blamed = append(p.Blamed, name)
		}
		if st.Sent > 0 {
			p.Sources = st.Senders
		}
	}
	if s := d.share; s != nil && s.prob != nil {
		st := s.prob.Stats()
		p.Sent += st.Sent
		p.Checked += st.Checked
		p.Bytes += st.Bytes
		if st.Senders > 0 {
			p.Sources += len(s.keyless)
		}
		if len(st.Caught) > 0 {
			p.Blamed = append(p.Blamed, s.keyless...)
		}
	}
	switch {
	case d.res.Verified != "":
		p.By = ProvenByDigest
	case d.ms != nil && d.pieces().sums() != nil:
		p.By = ProvenByPieces
	case p.Sent > 0:
		p.By = ProvenBySample
	default:
		p.By = ProvenByOrigin
	}
	slices.Sort(p.Blamed)
	p.Blamed = slices.Compact(p.Blamed)
}
