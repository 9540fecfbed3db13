// Tests of names from the network: Content-Disposition, URL paths, and the
// sanitiser both use.

package fetch_test

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/slget/slget/fetch"
)

func TestSanitizeFilename(t *testing.T) {
	long := strings.Repeat("a", 300)
	longUTF8 := strings.Repeat("é", 150) // 300 bytes, 2 per rune
	tests := []struct{ in, want string }{
		{"file.bin", "file.bin"},
		{"../../etc/passwd", "passwd"},
		{"/abs/x", "x"},
		{"/etc/passwd", "passwd"},
		{`a\b`, "b"},
		{`C:\Windows\system32\x.exe`, "x.exe"},
		{`..\..\boot.ini`, "boot.ini"},
		{"..", ""},
		{".", ""},
		{"", ""},
		{"/", ""},
		{"dir/", ""},
		{"...", ""},
		{"./..", ""},
		{"a/..", ""},
		{"   ", ""},
		{".hidden", "hidden"},
		{"..hidden", "hidden"},
		{"-rf", "rf"},
		{"--help", "help"},
		{"-.-x", "x"},
		{"name.", "name"},
		{"name. . ", "name"},
		{" spaced name.txt ", "spaced name.txt"},
		{"a\x00b", "a_b"},
		{"a\nb\rc\td", "a_b_c_d"},
		{"\x1b[31mred.txt", "_[31mred.txt"},
		{"a\x7fb", "a_b"},
		{"a\u0085b", "a_b"},                   // NEL, a C1 control
		{"evil\u202etxt.exe", "evil_txt.exe"}, // right-to-left override
		{"zero\u200bwidth", "zero_width"},
		{"a:b*c?d\"e<f>g|h", "a_b_c_d_e_f_g_h"},
		{"na\xffve.txt", "na_ve.txt"},
		{"naïve.txt", "naïve.txt"},
		{"日本語.pdf", "日本語.pdf"},
		{long, long[:200]},
		{long + ".tar.gz", long[:197] + ".gz"},
		{long + ".thisextensionistoolong", long[:200]},
	}
	for _, tc := range tests {
		if got := fetch.SanitizeFilename(tc.in); got != tc.want {
			t.Errorf("SanitizeFilename(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// A long name of multi-byte runes is cut on a rune boundary.
	got := fetch.SanitizeFilename(longUTF8)
	if len(got) > 200 || !utf8.ValidString(got) || !strings.HasPrefix(longUTF8, got) {
		t.Errorf("SanitizeFilename(150 × é) = %q (%d bytes)", got, len(got))
	}
	checkSafeName(t, longUTF8, got)
}

func TestFilenameFromDisposition(t *testing.T) {
	tests := []struct{ in, want string }{
		{`attachment; filename="report.pdf"`, "report.pdf"},
		{`attachment; filename=report.pdf`, "report.pdf"},
		{`inline; filename="../../etc/passwd"`, "passwd"},
		{`attachment; filename="/abs/x"`, "x"},
		{`attachment; filename="a\\b"`, "b"}, // a quoted-pair: a\b, a Windows path
		{`attachment; filename*=UTF-8''na%C3%AFve.txt`, "naïve.txt"},
		{`attachment; filename*=utf-8''%E6%97%A5%E6%9C%AC.pdf`, "日本.pdf"},
		{`attachment; filename="plain.txt"; filename*=UTF-8''fancy%20name.txt`, "fancy name.txt"},
		{`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, "passwd"},
		{`attachment; filename*=UTF-8''%2E%2E`, ""},
		{`attachment; filename*=UTF-8''a%00b`, "a_b"},
		{`attachment; filename=".."`, ""},
		{`attachment; filename=""`, ""},
		{`attachment`, ""},
		{`inline`, ""},
		{``, ""},
		{`attachment; filename="unterminated`, ""},
		{`;;;`, ""},
		// RFC 5987: ISO-8859-1, language tags, a fallback to filename when
		// filename* is unusable.
		{`attachment; filename*=ISO-8859-1''na%EFve.txt`, "naïve.txt"},
		{`attachment; filename*=iso-8859-1'de'Stra%DFe.pdf`, "Straße.pdf"},
		{`attachment; FILENAME*=Iso-8859-1''x%E9.txt`, "xé.txt"},
		{`attachment; filename="fallback.txt"; filename*=ISO-8859-1''%E9t%E9.txt`, "été.txt"},
		{`attachment; filename*=ISO-8859-1''%E9t%E9.txt; filename="fallback.txt"`, "été.txt"},
		{`attachment; filename="a;b=c.txt"; filename*=ISO-8859-1''%E9.txt`, "é.txt"},
		{`attachment; filename*=UTF-8'en'na%C3%AFve.txt`, "naïve.txt"},
		{`attachment; filename*=UTF-8'en-US'%E2%82%AC%20rates.txt`, "€ rates.txt"},
		{`attachment; filename*=us-ascii'en'plain%20ascii.txt`, "plain ascii.txt"},
		{`attachment; filename*=ISO-8859-1''..%2F..%2Fetc%2Fpasswd`, "passwd"},
		{`attachment; filename*=ISO-8859-1''%85evil.txt`, "_evil.txt"}, // NEL, a C1 control
		{`attachment; filename*=ISO-8859-1''%2E%2E`, ""},
		{`attachment; filename="ok.txt"; filename*=ISO-8859-1''%2E%2E`, "ok.txt"},
		{`attachment; filename*=KOI8-R''%F0%F2.txt`, ""},
		{`attachment; filename="plain.txt"; filename*=KOI8-R''%F0%F2.txt`, "plain.txt"},
		{`attachment; filename="plain.txt"; filename*=ISO-8859-1''bad%zz`, "plain.txt"},
		{`attachment; filename="plain.txt"; filename*=ISO-8859-1'no-second-quote`, "plain.txt"},
		{`attachment; filename*=UTF-8''%FF%FE.txt`, "_.txt"},
	}
	for _, tc := range tests {
		if got := fetch.FilenameFromDisposition(tc.in); got != tc.want {
			t.Errorf("FilenameFromDisposition(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestFilenameFromURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://h/dir/file.iso", "file.iso"},
		{"http://h/dir/file.iso?token=x#frag", "file.iso"},
		{"http://h/na%C3%AFve%20file.txt", "naïve file.txt"},
		{"http://h/a%2Fb", "b"},
		{"http://h/..%2F..%2Fetc%2Fpasswd", "passwd"},
		{"http://h/a%5Cb", "b"},
		{"http://h/%2E%2E", ""},
		{"http://h/", ""},
		{"http://h", ""},
		{"http://h/dir/", ""},
		{"http://h/%00x", "_x"},
	}
	for _, tc := range tests {
		u, err := url.Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := fetch.FilenameFromURL(u); got != tc.want {
			t.Errorf("FilenameFromURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// checkSafeName fails t unless name is safe to create in a directory: no
// separator, not "." or "..", no control character, valid UTF-8, at most 200
// bytes.
func checkSafeName(t *testing.T, in, name string) {
	t.Helper()
	switch {
	case strings.ContainsAny(name, `/\`):
		t.Errorf("%q → %q has a path separator", in, name)
	case name == "." || name == "..":
		t.Errorf("%q → %q", in, name)
	case !utf8.ValidString(name):
		t.Errorf("%q → %q is not valid UTF-8", in, name)
	case len(name) > 200:
		t.Errorf("%q → %d bytes, more than 200", in, len(name))
	}
	for _, r := range name {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			t.Errorf("%q → %q has control character %U", in, name, r)
		}
	}
}
