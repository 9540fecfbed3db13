// Fuzz tests of what slget reads from response headers: Retry-After, the
// validator (ETag, Last-Modified, size) with the precondition that pins it,
// and the check of a 206's Content-Range, Content-Length and encoding.

package fetch

import (
	"bufio"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/segment"
)

// readHeaders parses lines as the header block of a real HTTP/1.1 response
// of the given status, as net/http's client does; ok is false when
// net/http would refuse the response.
func readHeaders(status int, lines ...string) (*http.Response, bool) {
	raw := fmt.Sprintf("HTTP/1.1 %d %s\r\n", status, http.StatusText(status))
	for _, l := range lines {
		if strings.ContainsAny(l, "\r\n") {
			return nil, false // one header per line: no smuggled headers
		}
		raw += l + "\r\n"
	}
	resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(raw+"\r\n")), nil)
	if err != nil {
		return nil, false
	}
	return resp, true
}

// maxSeconds is the largest whole number of seconds a time.Duration holds.
const maxSeconds = math.MaxInt64 / int64(time.Second)

func FuzzRetryAfter(f *testing.F) {
	now := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	for _, s := range []string{
		"", "0", "1", "120", "007", "-1", "+5", " 5", "1.5", "1e3", "0x10",
		"9223372036", "9223372037", "18446744074", "18446744073709551616", strings.Repeat("9", 40),
		now.Add(30 * time.Second).Format(http.TimeFormat), now.Add(-time.Hour).Format(http.TimeFormat),
		now.Add(time.Hour).Format(time.RFC850), now.Add(time.Minute).Format(time.ANSIC),
		"Wed, 04 Mar 2026 05:06:07 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "Mon, 01 Jan 0001 00:00:00 GMT", "soon",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		resp, ok := readHeaders(503, "Retry-After: "+v)
		if !ok {
			return
		}
		v = resp.Header.Get("Retry-After") // as the client sees it: trimmed
		d := retryAfter(resp.Header, now)
		if d < 0 {
			t.Fatalf("Retry-After %q → %v: a negative wait", v, d)
		}
		if v != "" && strings.Trim(v, "0123456789") == "" {
			// delay-seconds: exactly that many seconds, and a number too
			// large for a Duration is the longest wait, not a short one.
			want := time.Duration(maxSeconds) * time.Second
			if s, err := strconv.ParseInt(v, 10, 64); err == nil && s <= maxSeconds {
				want = time.Duration(s) * time.Second
			}
			if d != want {
				t.Fatalf("Retry-After %q → %v, want %v", v, d, want)
			}
			return
		}
		if at, err := http.ParseTime(v); err == nil {
			want := time.Duration(0)
			if at.After(now) {
				want = at.Sub(now)
			}
			if d != want {
				t.Fatalf("Retry-After %q (%v) at %v → %v, want %v", v, at, now, d, want)
			}
		}
	})
}

func FuzzValidator(f *testing.F) {
	const lm = "Wed, 04 Mar 2026 05:06:07 GMT"
	for _, s := range []struct {
		etag, lm, etag2, lm2 string
		size, size2          int64
	}{
		{`"abc"`, lm, `"abc"`, lm, 100, 100},
		{`"abc"`, lm, `"abd"`, lm, 100, 100},
		{`"abc"`, "", `"abc"`, "", 100, 101},
		{`W/"abc"`, lm, `W/"abc"`, "Thu, 05 Mar 2026 05:06:07 GMT", 1, 1},
		{`W/"abc"`, "", `"abc"`, "", 0, 0},
		{`W/"v1"`, "", `W/"v2"`, "", 10, 10},
		{`W/"v1"`, lm, `"v2"`, lm, 10, 10},
		{"", lm, "", lm, -1, -1},
		{"", "", `"x"`, lm, 5, 5},
		{`"5f3c-800000"`, lm, "", lm, 8 << 20, 8 << 20},
		{`w/"lower"`, "", `w/"lower"`, "", 7, 7},
		{"unquoted", "not a date", "unquoted", "", 9, 9},
		{`""`, "", `""`, "", 0, 0},
	} {
		f.Add(s.etag, s.lm, s.size, s.etag2, s.lm2, s.size2)
	}
	f.Fuzz(func(t *testing.T, etag, lastMod string, size int64, etag2, lastMod2 string, size2 int64) {
		r1, ok1 := readHeaders(206, "ETag: "+etag, "Last-Modified: "+lastMod)
		r2, ok2 := readHeaders(206, "ETag: "+etag2, "Last-Modified: "+lastMod2)
		if !ok1 || !ok2 {
			return
		}
		v, w := validatorOf(r1.Header, size), validatorOf(r2.Header, size2)
		if why := v.Differs(v); why != "" {
			t.Fatalf("%v differs from itself: %s", v, why)
		}
		other := v
		other.Size = size ^ 1
		if v.Differs(other) == "" {
			t.Fatalf("%v does not differ from the same with size %d", v, other.Size)
		}
		why := v.Differs(w)
		switch {
		case v.Size != w.Size && why == "":
			t.Fatalf("%v does not differ from %v (another size)", v, w)
		case v.Strength() == StrongETag && v.ETag != w.ETag && why == "":
			t.Fatalf("%v does not differ from %v (another strong ETag)", v, w)
		case v.Strength() == LastModified && v.LastModified != w.LastModified && why == "":
			t.Fatalf("%v does not differ from %v (another Last-Modified)", v, w)
		case why == "" && (v.Size != w.Size || v.Strength() == StrongETag && v.ETag != w.ETag):
			t.Fatalf("%v and %v taken for one version", v, w)
		case v.Strength() != StrongETag && v.ETag != "" && w.ETag != "" &&
			strings.TrimPrefix(v.ETag, "W/") != strings.TrimPrefix(w.ETag, "W/") && why == "":
			t.Fatalf("%v does not differ from %v (another opaque tag, by the weak comparison)", v, w)
		}
		// The reason reaches the terminal: one line, no control bytes (a
		// tab is a header value's own).
		if strings.ContainsFunc(why, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
			t.Fatalf("the reason %q holds a control character", why)
		}
		// The precondition every later request carries pins exactly v: a
		// strong ETag with If-Match (a weak one never matches If-Match),
		// else Last-Modified, else nothing; and only a value net/http sends.
		o := NewOrigin(nil, &Probe{URL: "http://h/f", FinalURL: "http://h/f", Validator: v})
		name, value, _ := o.precondition()
		want := map[Strength][2]string{
			StrongETag:   {"If-Match", v.ETag},
			LastModified: {"If-Unmodified-Since", v.LastModified},
			SizeOnly:     {"", ""},
		}[v.Strength()]
		if name != want[0] || value != want[1] {
			t.Fatalf("%v (strength %d) is pinned with %s: %q, want %s: %q", v, v.Strength(), name, value, want[0], want[1])
		}
		if name == "If-Match" && strings.HasPrefix(value, "W/") {
			t.Fatalf("If-Match with the weak ETag %q", value)
		}
		if name != "" {
			if _, ok := readHeaders(200, name+": "+value); !ok {
				t.Fatalf("%s: %q is not a header value net/http accepts", name, value)
			}
		}
	})
}

func FuzzCheckRangeResponse(f *testing.F) {
	for _, s := range []struct {
		cr, ce, cl, ct string
		size, slice    int64
		index          int
	}{
		{"bytes 0-1023/10000", "", "1024", "", 10000, 1024, 0},
		{"bytes 9216-9999/10000", "", "784", "", 10000, 1024, 9},
		{"bytes 9216-9999/10000", "identity", "", "", 10000, 1024, 9},
		{"bytes 1024-2047/10000", " IDENTITY ", "1024", "", 10000, 1024, 1},
		{"bytes 1024-2047/10000", "gzip", "1024", "", 10000, 1024, 1},
		{"bytes 1024-2047/10000", "", "1023", "", 10000, 1024, 1},
		{"bytes 1025-2048/10000", "", "1024", "", 10000, 1024, 1},
		{"bytes 01024-02047/010000", "", "1024", "", 10000, 1024, 1},
		{"", "", "1024", "multipart/byteranges; boundary=x", 10000, 1024, 1},
		{"bytes 1024-2047/*", "", "1024", "", 10000, 1024, 1},
		{"bytes */10000", "", "0", "", 10000, 1024, 1},
	} {
		f.Add(s.cr, s.ce, s.cl, s.ct, s.size, s.slice, s.index)
	}
	f.Fuzz(func(t *testing.T, crh, ce, cl, ct string, size, slice int64, index int) {
		if size <= 0 || slice <= 0 || size > 1<<50 || size/slice >= segment.MaxSlices {
			return
		}
		plan, err := segment.NewPlan(size, slice)
		if err != nil || plan.N() == 0 {
			return
		}
		index = int(uint(index) % uint(plan.N()))
		r := plan.SliceRange(index)
		var lines []string
		for _, h := range [][2]string{{"Content-Range", crh}, {"Content-Encoding", ce}, {"Content-Length", cl}, {"Content-Type", ct}} {
			if h[1] != "" {
				lines = append(lines, h[0]+": "+h[1])
			}
		}
		resp, ok := readHeaders(206, lines...)
		if !ok {
			return
		}
		crh = resp.Header.Get("Content-Range")
		cr, crErr := ParseContentRange(crh)
		ok, why := checkRangeResponse(resp, crErr, cr, r, size)
		canonical := fmt.Sprintf("bytes %d-%d/%d", r.Start, r.End-1, size)
		exact := crErr == nil && cr == ContentRange{First: r.Start, Last: r.End - 1, Total: size}
		plain := identity(resp.Header.Get("Content-Encoding"))
		lengthOK := resp.ContentLength == -1 || resp.ContentLength == r.Len()
		if ok != (exact && plain && lengthOK) {
			t.Fatalf("range %v of %d, Content-Range %q, Content-Encoding %q, Content-Length %d: ok=%v (%s)",
				r, size, crh, resp.Header.Get("Content-Encoding"), resp.ContentLength, ok, why)
		}
		if crh == canonical && plain && lengthOK && !ok {
			t.Fatalf("the exact answer for %v of %d refused: %s", r, size, why)
		}
		if ok && why != "" || !ok && exact && why == "" {
			t.Fatalf("ok=%v with reason %q (a refusal whose Content-Range is right must say why)", ok, why)
		}
	})
}
