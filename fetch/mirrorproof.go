// Proving mirrors: who sent each slice and its checksum, the probation's
// hooks, and what finds the mirror a failed digest of the whole file
// blames.

package fetch

import (
	"context"
	"errors"
	"hash/crc32"
	"slices"
)

// Probation is the cross-checks of the mirrors that no digest covers.
func (m *Mirrors) Probation() *Probation { return m.prob }

// SliceDone implements SliceWatcher: it records who sent each slice, and
// hands the slices of mirrors on probation to their checks.
func (m *Mirrors) SliceDone(sd SliceDone) {
	m.mu.Lock()
	m.sender[sd.Index] = sd.Mirror
	m.sums[sd.Index] = sd.CRC32C
	m.mu.Unlock()
	if sd.Mirror != "" {
		m.prob.Sent(sd.Mirror, sd.Index, sd.CRC32C)
	}
}

// Had records that slice i (its checksum crc) came from the mirror named
// in an earlier run, as the journal says.
func (m *Mirrors) Had(name string, i int, crc uint32) {
	m.mu.Lock()
	m.sender[i] = name
	m.sums[i] = crc
	m.mu.Unlock()
	m.prob.Had(name, i, crc)
}

// Senders returns, by mirror name ("" for the primary), the slices it
// sent that are on record.
func (m *Mirrors) Senders() map[string][]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string][]int{}
	for i, n := range m.sender {
		out[n] = append(out[n], i)
	}
	for _, s := range out {
		slices.Sort(s)
	}
	return out
}

// Sum returns the CRC-32C of the copy of slice i that finished it, as
// SliceDone or Had recorded it.
func (m *Mirrors) Sum(i int) (uint32, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.sums[i]
	return c, ok
}

// caught bans the mirror the probation caught.
func (m *Mirrors) caught(name, why string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, mr := range m.all {
		if mr.name == name && !mr.banned {
			m.ban(mr, why)
			mr.forBytes = true
		}
	}
}

// Blame takes the mirror name ("" for the primary) out, as the one whose
// bytes the file's digest refutes, and lets back in every other mirror
// that a comparison of bytes alone had taken out: with the digest as the
// judge, it may have been compared with the liar. It reports whether
// another mirror is left to fetch name's slices from.
func (m *Mirrors) Blame(name, why string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	left := false
	for _, mr := range m.all {
		if m.nameOf(mr) == name {
			if !mr.banned {
				m.ban(mr, why)
			}
			mr.forBytes = true
			continue
		}
		if mr.banned && mr.forBytes {
			mr.banned, mr.forBytes = false, false
			mr.stats.Dropped = ""
			mr.failed = map[int]bool{}
		}
		// The digest judges now: no mirror waits for a comparison.
		mr.trust = true
		left = left || !mr.banned
	}
	return left
}

// SliceCRC reads slice i from a usable mirror other than the one named
// not ("" the primary), and returns its CRC-32C and the mirror's name.
func (m *Mirrors) SliceCRC(ctx context.Context, i int, not string) (uint32, string, error) {
	r := m.plan.SliceRange(i)
	var last error = errors.New("no other mirror to compare with")
	for _, mr := range m.all {
		m.mu.Lock()
		skip := mr.banned && !mr.forBytes || m.nameOf(mr) == not
		m.mu.Unlock()
		if skip {
			continue
		}
		b, err := mr.src.Open(ctx, r)
		if err != nil {
			last = err
			continue
		}
		crc, err := sliceCRC(b, r.Len())
		if err != nil {
			last = err
			continue
		}
		m.counted(mr, r.Len())
		return crc, mr.name, nil
	}
	return 0, "", last
}

// referenceCRC is the probation's Reference: slice i from a proven mirror.
func (m *Mirrors) referenceCRC(ctx context.Context, i int) (uint32, string, error) {
	data, from, err := m.reference(ctx, m.plan.SliceRange(i), nil)
	if err != nil {
		return 0, "", err
	}
	return crc32.Checksum(data, castagnoli), from, nil
}
