// Resumed prefixes: the written start of each slice that was in flight
// when the download last stopped, re-read and checked against the CRC-32C
// its journal recorded, so that the transfer fetches only the rest.

package slget

import (
	"hash/crc32"
	"io"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/resume"
)

// checkedPrefixes returns the journal's prefixes whose bytes in the
// partial file still match their CRC-32C. A prefix that does not (bytes
// changed on disk, a short file) is not trusted: it is dropped from the
// journal and its slice is fetched whole, as any slice not done.
func (d *download) checkedPrefixes() []fetch.Prefix {
	if d.journal == nil || d.lock == nil || d.lock.f == nil {
		return nil
	}
	var good []fetch.Prefix
	var bad []resume.Prefix
	for _, p := range d.journal.Prefixes() {
		start := d.plan.SliceRange(p.Index).Start
		h := crc32.New(castagnoli)
		n, err := io.Copy(h, io.NewSectionReader(d.lock.f, start, p.Len))
		if err != nil || n != p.Len || h.Sum32() != p.CRC32C {
			bad = append(bad, resume.Prefix{Index: p.Index})
			continue
		}
		good = append(good, fetch.Prefix{Index: p.Index, Len: p.Len, CRC32C: p.CRC32C})
	}
	if len(bad) > 0 {
		d.warn("%d slice(s) paused mid-way no longer match what the journal recorded of them: fetched again whole", len(bad))
		_ = d.journal.SetPrefixes(bad) // a failure here costs nothing: unchecked prefixes are never used
	}
	return good
}

// CommitPrefixes implements fetch.PrefixJournal.
func (c committer) CommitPrefixes(ps []fetch.Prefix) error {
	recs := make([]resume.Prefix, len(ps))
	for i, p := range ps {
		recs[i] = resume.Prefix{Index: p.Index, Len: p.Len, CRC32C: p.CRC32C}
	}
	return c.j.SetPrefixes(recs)
}
