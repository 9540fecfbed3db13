// Tests of the answer header values built without fmt.

package peer

import "testing"

func TestHeaderValues(t *testing.T) {
	if got, want := contentRangeOf(1048576, 2097152, 268435456), "bytes 1048576-2097151/268435456"; got != want {
		t.Errorf("Content-Range %q, want %q", got, want)
	}
	S := int64(mib)
	pieces := []piece{
		{index: 3, size: S, crc: 0x0000000f},
		{index: 4, size: S, crc: 0xdeadbeef},
		{index: 5, size: 10, crc: 0x12345678},
	}
	cases := []struct {
		start, end int64
		first      int64
		want       string
	}{
		{3 * S, 5*S + 10, 3, "3:0000000f,deadbeef,12345678"},
		{3*S + 1, 5*S + 10, 4, "4:deadbeef,12345678"},
		{3*S + 1, 5 * S, 4, "4:deadbeef"},
		{3*S + 1, 4*S + 5, -1, ""},
	}
	for _, c := range cases {
		first, got := crc32cHeader(pieces[(c.start-3*S)/S:], c.start, c.end, S)
		if first != c.first || got != c.want {
			t.Errorf("[%d, %d): %d %q, want %d %q", c.start, c.end, first, got, c.first, c.want)
		}
	}
	if statusText(0) != "200" || statusText(206) != "206" || statusText(416) != "416" {
		t.Error("status labels")
	}
}
