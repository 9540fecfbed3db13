// Proving mirrors: once the transfer ends, the probation's sample of each
// mirror no digest covers, the slices of a mirror caught fetched again from
// the others, and, when the whole file fails its digest, the mirror that
// explains it found from the record of who sent each slice.

package slget

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// maxProofRounds bounds the rounds of fetching a caught mirror's slices
// again: each round takes at least one mirror out for good.
const maxProofRounds = 16

// proveMirrors runs once every slice is done: the probation samples each
// mirror on probation, and every slice a caught mirror sent, in this run
// or an earlier one, is fetched again from the others, until no check
// catches one more.
func (d *download) proveMirrors(ctx context.Context) error {
	if d.ms == nil {
		return nil
	}
	prob := d.ms.Probation()
	anyCaught := false
	for range maxProofRounds {
		if err := prob.Sample(ctx); err != nil {
			return err
		}
		var idx []int
		caught := prob.Caught()
		names := make([]string, 0, len(caught))
		for n := range caught {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, name := range names {
			s := prob.Slices(name)
			if len(s) == 0 {
				continue
			}
			d.warn("mirror %s: the %s it sent are fetched again from the others", name, plural(len(s), "slice"))
			idx = append(idx, s...)
		}
		if len(idx) == 0 && anyCaught {
			// A caught mirror's copy of a slice that lost the race to
			// another copy may have written over the winner's bytes:
			// every slice is read back against the copy that won.
			anyCaught = false
			bad, err := changedSlices(d.lock.f, d.plan, allSlices(d.plan.N()), d.mirrorSum)
			if err != nil {
				return fileErr("io", d.lock.path, err)
			}
			idx = bad
		}
		if len(idx) == 0 {
			return nil
		}
		anyCaught = true
		if err := d.refetchSlices(ctx, idx); err != nil {
			return err
		}
	}
	return nil
}

// mirrorSum is the checksum the copy of slice i that finished it had.
func (d *download) mirrorSum(i int) (uint32, segment.Provenance, bool) {
	crc, ok := d.ms.Sum(i)
	return crc, segment.FromOrigin, ok
}

// allSlices is 0, 1, ..., n-1.
func allSlices(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}

// refetchSlices forgets the slices idx and fetches them again through the
// mirrors.
func (d *download) refetchSlices(ctx context.Context, idx []int) error {
	d.res.Proof.Refetched += len(idx)
	return d.refetchFrom(ctx, d.ms, idx)
}

// refetchFrom forgets the slices idx and fetches them again from src.
func (d *download) refetchFrom(ctx context.Context, src fetch.Source, idx []int) error {
	idx = slices.Clone(idx)
	slices.Sort(idx)
	idx = slices.Compact(idx)
	if d.journal != nil {
		if err := d.journal.Forget(idx); err != nil {
			return err
		}
	}
	done := segment.NewSet(d.plan.N())
	for i := range d.plan.N() {
		if _, again := slices.BinarySearch(idx, i); !again {
			done.Add(i)
		}
	}
	cfg := d.cfg
	cfg.Prefixes = nil // a slice fetched again is fetched whole
	dl := fetch.NewDownloader(cfg, d.plan, done, src, d.partialFile())
	err := dl.Run(ctx, nil)
	d.res.Transferred += dl.Stats().Written
	if err != nil {
		return d.fail(ctx, err)
	}
	return nil
}

// blameMirror is called when the whole file failed its digest (err) after
// a download from mirrors. It compares a sample of each sender's slices
// with another mirror's copy, then, the most suspect first, takes each
// sender out in turn and fetches its slices again from the others, until
// the file matches its digest: nil then. Otherwise it returns err, saying
// that no one mirror explains it.
func (d *download) blameMirror(ctx context.Context, err error) error {
	var ce *ChecksumError
	if d.ms == nil || !errors.As(err, &ce) {
		return err
	}
	senders := d.ms.Senders()
	if len(senders) == 0 {
		return err
	}
	suspects := d.suspects(ctx, senders)
	d.warn("the file does not match its %s digest (it is %x); finding the mirror that sent other bytes", ce.Algo, ce.Got)
	for _, name := range suspects {
		shown := name
		if shown == "" {
			shown = d.res.FinalURL
		}
		why := fmt.Sprintf("with its slices fetched from the others, the file matches its %s digest", ce.Algo)
		if !d.ms.Blame(name, why) {
			continue
		}
		idx := d.ms.Senders()[name]
		if len(idx) == 0 {
			continue
		}
		if err := d.refetchSlices(ctx, idx); err != nil {
			return err
		}
		verr := d.verify(d.lock.f, d.lock.path)
		if verr == nil {
			d.warn("mirror %s sent other bytes: with its %s fetched again from the others, the file matches its %s digest", shown, plural(len(idx), "slice"), ce.Algo)
			d.res.Proof.Blamed = append(d.res.Proof.Blamed, fetch.Redact(shown))
			return nil
		}
		if !errors.As(verr, &ce) {
			return verr
		}
	}
	ce.Reason = "no one mirror explains it: each mirror's slices were fetched again from the others and the file still differs; the digest itself may be wrong"
	return ce
}

// suspects orders the mirrors that sent slices, the most suspect first:
// those whose slices a sample found different from another mirror's copy,
// then those that sent the most.
func (d *download) suspects(ctx context.Context, senders map[string][]int) []string {
	differ := map[string]int{}
	names := make([]string, 0, len(senders))
	for name, idx := range senders {
		names = append(names, name)
		for _, i := range sampleOf(idx) {
			crc, _, err := d.ms.SliceCRC(ctx, i, name)
			if err != nil {
				continue
			}
			mine, err := d.sliceCRCOnDisk(i)
			if err == nil && mine != crc {
				differ[name]++
			}
		}
	}
	slices.SortFunc(names, func(a, b string) int {
		if c := cmp.Compare(differ[b], differ[a]); c != 0 {
			return c
		}
		if c := cmp.Compare(len(senders[b]), len(senders[a])); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return names
}

// sampleOf is the first, middle and last of idx (sorted).
func sampleOf(idx []int) []int {
	if len(idx) <= 3 {
		return idx
	}
	return []int{idx[0], idx[len(idx)/2], idx[len(idx)-1]}
}

// sliceCRCOnDisk is the CRC-32C of slice i of the partial file.
func (d *download) sliceCRCOnDisk(i int) (uint32, error) {
	sr := d.plan.SliceRange(i)
	b := make([]byte, sr.Len())
	if _, err := d.lock.f.ReadAt(b, sr.Start); err != nil {
		return 0, err
	}
	return crc32.Checksum(b, castagnoli), nil
}
