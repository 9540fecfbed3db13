// Fuzz tests of what parses or cleans input from the network.

package fetch_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/slget/slget/fetch"
)

func FuzzSanitizeFilename(f *testing.F) {
	for _, s := range []string{
		"", ".", "..", "...", "../../etc/passwd", "/abs/x", `a\b`, `C:\x`, "a\x00b", "\x1b[0m",
		".hidden", "-rf", "- .x", "name. ", "na\xffve", "naïve.txt", "evil\u202etxt.exe",
		strings.Repeat("a", 300) + ".tar.gz", strings.Repeat("é", 150), strings.Repeat("日", 100) + ".x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got := fetch.SanitizeFilename(in)
		checkSafeName(t, in, got)
		if got != "" && (got[0] == '.' || got[0] == '-') {
			t.Errorf("%q → %q starts with %q", in, got, got[0])
		}
	})
}

func FuzzFilenameFromDisposition(f *testing.F) {
	for _, s := range []string{
		`attachment; filename="a.txt"`, `attachment; filename*=UTF-8''na%C3%AFve.txt`,
		`attachment; filename="../x"; filename*=UTF-8''..%2F..%2Fy`, `inline`, `attachment; filename*=UTF-8''%00`,
		`attachment; filename*=ISO-8859-1''na%EFve.txt`, `attachment; filename*=iso-8859-1'de'Stra%DFe.pdf`,
		`attachment; filename*=UTF-8'en-US'%E2%82%AC.txt`, `attachment; filename="a;b.txt"; filename*=ISO-8859-1''%85%2E%2E`,
		`attachment; filename*=us-ascii''%80`, `attachment; filename="x\"y"; filename*=KOI8-R''%F0`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkSafeName(t, in, fetch.FilenameFromDisposition(in))
	})
}

// FuzzExtValueRoundTrip encodes a name as RFC 5987 ISO-8859-1 and UTF-8
// (with a language tag) and checks that both decode to the sanitised name.
func FuzzExtValueRoundTrip(f *testing.F) {
	for _, s := range []string{"naïve.txt", "Straße.pdf", "été", "a b", "..", "x\u0085y", "€uro", "ÿ", "%41"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if !utf8.ValidString(name) {
			return
		}
		want := fetch.SanitizeFilename(name)
		var utf, latin strings.Builder
		for i := 0; i < len(name); i++ {
			fmt.Fprintf(&utf, "%%%02X", name[i])
		}
		latinOK := true
		for _, r := range name {
			if r > 0xff {
				latinOK = false
				break
			}
			fmt.Fprintf(&latin, "%%%02X", r)
		}
		if got := fetch.FilenameFromDisposition("attachment; filename*=UTF-8'en'" + utf.String()); got != want {
			t.Fatalf("UTF-8 %q → %q, want %q", name, got, want)
		}
		if latinOK {
			if got := fetch.FilenameFromDisposition("attachment; filename*=ISO-8859-1''" + latin.String()); got != want {
				t.Fatalf("ISO-8859-1 %q → %q, want %q", name, got, want)
			}
		}
	})
}

// formatContentRange is the canonical text of cr.
func formatContentRange(cr fetch.ContentRange) string {
	total := "*"
	if cr.Total >= 0 {
		total = strconv.FormatInt(cr.Total, 10)
	}
	if cr.First < 0 {
		return "bytes */" + total
	}
	return "bytes " + strconv.FormatInt(cr.First, 10) + "-" + strconv.FormatInt(cr.Last, 10) + "/" + total
}

func FuzzParseContentRange(f *testing.F) {
	for _, s := range []string{
		"bytes 0-0/1", "bytes 0-65535/8388608", "bytes 1-2/*", "bytes */0", "bytes */*", "bytes 5-4/10",
		"bytes 0-10/10", "bytes 00-01/02", "bytes -1-2/3", "bytes 0-1/999999999999999999", "bytes 0-1/9223372036854775807",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cr, err := fetch.ParseContentRange(in)
		if err != nil {
			return
		}
		switch {
		case cr.First == -1 && cr.Last == -1:
			if cr.Total < 0 {
				t.Fatalf("%q → %+v: unsatisfied range without a total", in, cr)
			}
		case cr.First < 0 || cr.Last < cr.First || cr.Total < -1 || (cr.Total >= 0 && cr.Last >= cr.Total):
			t.Fatalf("%q → %+v: not 0 ≤ First ≤ Last < Total", in, cr)
		}
		out := formatContentRange(cr)
		// Decimal digits may carry leading zeros (RFC 9110 says 1*DIGIT);
		// apart from those, the text is exactly what was parsed.
		if !hasLeadingZero(in) {
			if out != in {
				t.Fatalf("%q → %+v → %q", in, cr, out)
			}
		}
		again, err := fetch.ParseContentRange(out)
		if err != nil || again != cr {
			t.Fatalf("%q → %+v → %q → %+v, %v", in, cr, out, again, err)
		}
	})
}

// hasLeadingZero reports whether some number in s has a leading zero.
func hasLeadingZero(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '0' && s[i+1] >= '0' && s[i+1] <= '9' && (i == 0 || s[i-1] < '0' || s[i-1] > '9') {
			return true
		}
	}
	return false
}
