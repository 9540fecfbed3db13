// Tests of the parser of X-Slget-Crc32c, a header from the network.

package fetch

import (
	"strings"
	"testing"
)

func TestParseSliceSums(t *testing.T) {
	for _, tc := range []struct {
		vals        []string
		first, end  int
		ok          bool
		wantFirst   int
		wantEntries int
	}{
		{nil, 0, 4, true, 0, 0},
		{[]string{"0:0a0b0c0d,FFFFFFFF"}, 0, 4, true, 0, 2},
		{[]string{" 2: 00000001 , 00000002 "}, 2, 4, true, 2, 2},
		{[]string{"3:"}, 2, 4, true, 3, 0},
		{[]string{"4:"}, 2, 4, true, 4, 0},
		{[]string{"1:00000000"}, 2, 4, false, 0, 0},               // before the range
		{[]string{"3:00000000,00000000"}, 2, 4, false, 0, 0},      // past it
		{[]string{"2:0000000"}, 2, 4, false, 0, 0},                // 7 digits
		{[]string{"2:000000000"}, 2, 4, false, 0, 0},              // 9 digits
		{[]string{"2:0000000g"}, 2, 4, false, 0, 0},               // not hex
		{[]string{"2:+0000000"}, 2, 4, false, 0, 0},               // a sign
		{[]string{"00000000"}, 0, 4, false, 0, 0},                 // no index
		{[]string{"-1:00000000"}, 0, 4, false, 0, 0},              // negative
		{[]string{"0:00000000", "1:00000000"}, 0, 4, false, 0, 0}, // twice
		{[]string{"0:00000000,,00000000"}, 0, 4, false, 0, 0},
		{[]string{"99999999999999999999:00000000"}, 0, 4, false, 0, 0},
	} {
		ss, err := parseSliceSums(tc.vals, tc.first, tc.end)
		if (err == nil) != tc.ok {
			t.Errorf("%q in [%d,%d): %v, want ok %v", tc.vals, tc.first, tc.end, err, tc.ok)
			continue
		}
		if err == nil && (ss.first != tc.wantFirst || len(ss.crc) != tc.wantEntries) {
			t.Errorf("%q: first %d, %d entries; want %d, %d", tc.vals, ss.first, len(ss.crc), tc.wantFirst, tc.wantEntries)
		}
	}
	ss, _ := parseSliceSums([]string{"5:0a0b0c0d,ffffffff"}, 5, 7)
	if ss.vouched(5) != 2 || ss.vouched(4) != 0 || ss.vouched(6) != 0 {
		t.Errorf("vouched(5, 4, 6) = %d, %d, %d; want 2, 0, 0", ss.vouched(5), ss.vouched(4), ss.vouched(6))
	}
	if c, ok := ss.get(6); !ok || c != 0xffffffff {
		t.Errorf("get(6) = %08x, %v", c, ok)
	}
	if _, ok := ss.get(7); ok {
		t.Error("get(7) found a checksum that was not sent")
	}
	if _, ok := ss.get(4); ok {
		t.Error("get(4) found a checksum that was not sent")
	}
}

func FuzzParseSliceSums(f *testing.F) {
	for _, s := range []string{"0:0a0b0c0d", "3:", "2:00000001,00000002", "x", "1:zz", "0:" + strings.Repeat("00000000,", 70)} {
		f.Add(s, 0, 64)
	}
	f.Fuzz(func(t *testing.T, v string, first, n int) {
		if first < 0 || n < 0 || n > 1<<16 || first > 1<<40 {
			return
		}
		ss, err := parseSliceSums([]string{v}, first, first+n)
		if err != nil {
			return
		}
		if len(ss.crc) > 0 && (ss.first < first || ss.first+len(ss.crc) > first+n) {
			t.Fatalf("%q: checksums for [%d,%d) outside [%d,%d)", v, ss.first, ss.first+len(ss.crc), first, first+n)
		}
		// Only a list that starts at the first slice vouches for any, and
		// then for each of its slices in turn.
		k := ss.vouched(first)
		if k > 0 && ss.first != first || k > n {
			t.Fatalf("%q: %d slices from %d vouched for by checksums of [%d,%d)", v, k, first, ss.first, ss.first+len(ss.crc))
		}
		for i := first; i < first+k; i++ {
			if _, ok := ss.get(i); !ok {
				t.Fatalf("%q: slice %d counted as vouched for, without a checksum", v, i)
			}
		}
	})
}
