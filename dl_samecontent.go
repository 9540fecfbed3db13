// Same content: the bytes a partial download already has against the
// server's, for what a validator cannot prove. nginx's ETag is the file's
// mtime and size, so a file replaced within a second, or copied with its
// mtime (cp -p, rsync -t, a reproducible build), keeps its ETag; a journal
// resumed under another query string may be of another file. Before
// slices are taken as done, slice 0 and one other finished slice chosen at
// random (the lowest behind a proxy that may read the file from its start
// for every range) are compared with the server's: a few slices' cost, not a proof
// (only a digest of the whole file proves it), but a replaced or another
// file is caught whenever it differs in either.

package slget

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// contentDiffers compares the finished slices 0 and one other, chosen at
// random, whose journal records are recs, with what the server sends for
// them now. It returns what differs ("" when nothing does). Slice 0 comes
// from the probe's body when the probe brought it (the body is then used
// up); the others are asked of the origin, pinned to the probe's version.
func (d *download) contentDiffers(ctx context.Context, plan segment.Plan, recs []resume.Record) (string, error) {
	crc := make(map[int]uint32, len(recs))
	var others []int
	for _, r := range recs {
		crc[r.Index] = r.CRC32C
		if r.Index != 0 {
			others = append(others, r.Index)
		}
	}
	var check []int
	if _, ok := crc[0]; ok {
		check = append(check, 0)
	}
	if len(others) > 0 {
		pick := others[rand.IntN(len(others))]
		if d.mayReadFromStart() {
			// A far slice would cost the origin the file up to it.
			pick = slices.Min(others)
		}
		check = append(check, pick)
	}
	for _, i := range check {
		got, err := d.remoteChecksum(ctx, plan, i)
		if err != nil {
			return "", err
		}
		if got != crc[i] {
			return fmt.Sprintf("slice %d %s has other bytes than the partial download's, though the server's validator is the same", i, plan.SliceRange(i)), nil
		}
	}
	return "", nil
}

// mayReadFromStart reports whether the download goes through squid, or a
// proxy that shows nothing of itself (and is not said to be Apache
// httpd), which may read the file from its start for every range (see
// proxyReadsFromStart).
func (d *download) mayReadFromStart() bool {
	sig := d.probe.Cache
	return sig.Squid() || !sig.Any() && !d.apacheSaid() && d.c.http().AnsweringProxy(d.probe.FinalURL) != ""
}

// remoteChecksum is the CRC-32C of slice i as the server sends it now.
func (d *download) remoteChecksum(ctx context.Context, plan segment.Plan, i int) (uint32, error) {
	r := plan.SliceRange(i)
	if i == 0 && d.c.slice() >= r.Len() {
		body := d.sameBody // the probe's, taken for the checks beside the transfer
		d.sameBody = nil
		if body == nil {
			body = d.probe.Body
			d.probe.Body = nil // used up here: slice 0 is done already
		}
		if body != nil {
			defer body.Close()
			return readChecksum(body, r.Len())
		}
	}
	origin := d.originSource()
	var sum uint32
	err := d.c.retry().Do(ctx, func() error {
		body, err := origin.Open(ctx, r)
		if err != nil {
			return err
		}
		defer body.Close()
		sum, err = readChecksum(body, r.Len())
		return err
	}, nil)
	return sum, err
}

// readChecksum reads n bytes of body and returns their CRC-32C.
func readChecksum(body io.Reader, n int64) (uint32, error) {
	var crc uint32
	buf := make([]byte, min(n, 128<<10))
	for left := n; left > 0; {
		k, err := io.ReadFull(body, buf[:min(left, int64(len(buf)))])
		crc = resume.UpdateChecksum(crc, buf[:k])
		left -= int64(k)
		if err != nil {
			if err == io.ErrUnexpectedEOF || err == io.EOF {
				err = fetch.ErrShortBody
			}
			return 0, err
		}
	}
	return crc, nil
}
