// Fuzz and table tests of the header parsers: the client's Range, and the
// Content-Range the body faults read back, and of the header helpers.

package fetchtest

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

func FuzzParseRange(f *testing.F) {
	for _, s := range []string{
		"", "bytes=0-99", "bytes=100-", "bytes=-5", "bytes=5-1", "bytes=0-1,2-3", "items=0-1",
		"bytes= 7 - 9 ", "bytes=-0", "bytes=9223372036854775807-", "bytes=-9223372036854775807",
	} {
		f.Add(s, int64(1000))
	}
	f.Fuzz(func(t *testing.T, h string, size int64) {
		if size < 0 {
			size = -size
		}
		start, end, open := parseRange(h, size)
		switch {
		case start < 0:
			if start != -1 || end != -1 || open {
				t.Fatalf("%q: no range as (%d, %d, %v)", h, start, end, open)
			}
		case open:
			if end != -1 {
				t.Fatalf("%q: open range ends at %d", h, end)
			}
		case end < start:
			t.Fatalf("%q: range [%d, %d) is reversed", h, start, end)
		}
		// A plain "bytes=a-b" always reads back as asked.
		if !open && start >= 0 && end > start && !strings.Contains(h, "=-") {
			a, b, _ := parseRange(fmt.Sprintf("bytes=%d-%d", start, end-1), size)
			if a != start || b != end {
				t.Fatalf("%q: [%d, %d) does not round-trip", h, start, end)
			}
		}
	})
}

func FuzzParseContentRange(f *testing.F) {
	for _, s := range []string{"bytes 0-99/1000", "bytes */1000", "bytes 5-4/10", "bytes 1-2", "bytes -1-2/3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		start, end, ok := parseContentRange(h)
		if !ok {
			return
		}
		if start < 0 || end <= start {
			t.Fatalf("%q: accepted [%d, %d)", h, start, end)
		}
		if !strings.HasPrefix(h, "bytes ") || !strings.Contains(h, "/") {
			t.Fatalf("%q: accepted without the bytes unit and a size", h)
		}
		_, total, _ := strings.Cut(h, "/")
		a, b, ok := parseContentRange("bytes " + strconv.FormatInt(start, 10) + "-" + strconv.FormatInt(end-1, 10) + "/" + total)
		if !ok || a != start || b != end {
			t.Fatalf("%q: [%d, %d) does not round-trip", h, start, end)
		}
	})
}

func TestHeaderHelpers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`"abc"`, `"abc-edge"`}, {`W/"abc"`, `W/"abc-edge"`}, {"", ""}, {"abc", "abc-edge"},
	} {
		if got := otherETag(tc.in); got != tc.want {
			t.Errorf("otherETag(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	now := time.Date(2026, 3, 4, 5, 6, 7, 500e6, time.UTC)
	if got, want := retryDate(now, 2*time.Second), "Wed, 04 Mar 2026 05:06:10 GMT"; got != want {
		t.Errorf("retryDate +2s from .5 = %q, want %q (rounded up)", got, want)
	}
	if got, want := retryDate(now.Truncate(time.Second), time.Second), "Wed, 04 Mar 2026 05:06:08 GMT"; got != want {
		t.Errorf("retryDate +1s = %q, want %q", got, want)
	}
	for _, n := range []int{1, 5, 999, 1000, 5000, 1 << 20} {
		h := http.Header{}
		padHeader(h, n)
		total := 0
		for k, v := range h {
			total += len(k) + len(v[0]) + 4
		}
		if total < n || total > n+1030 {
			t.Errorf("padHeader(%d) added %d bytes", n, total)
		}
	}
}
