// The cookies.txt parser and the Cookie header a URL gets from it.

package main

import (
	"strings"
	"testing"
	"time"
)

func TestCookieHeader(t *testing.T) {
	const jar = "# Netscape HTTP Cookie File\n" +
		".example.com\tTRUE\t/\tFALSE\t0\tall\t1\n" +
		"example.com\tFALSE\t/dl\tFALSE\t0\tdl\t2\n" +
		"#HttpOnly_example.com\tFALSE\t/\tTRUE\t0\tsecure\t3\n" +
		"example.com\tFALSE\t/\tFALSE\t1000\told\t4\n" +
		"other.org\tFALSE\t/\tFALSE\t0\tother\t5\n" +
		"example.com\tFALSE\t/d\tFALSE\t0\tprefix\t6\n"
	cs, err := parseCookies(strings.NewReader(jar))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(2000, 0)
	for u, want := range map[string]string{
		"http://example.com/dl/file.iso":  "dl=2; all=1",
		"https://example.com/dl/file.iso": "dl=2; all=1; secure=3",
		"http://www.example.com/dl/x":     "all=1",
		"http://example.com/dlx":          "all=1",
		"http://example.org/":             "",
		"http://notexample.com/":          "",
	} {
		if got := cookieHeader(cs, u, now); got != want {
			t.Errorf("%s: Cookie %q, want %q", u, got, want)
		}
	}
	if got := cookieHeader(cs, "http://example.com/", time.Unix(999, 0)); got != "all=1; old=4" {
		t.Errorf("before expiry: %q", got)
	}
	for _, bad := range []string{"example.com\tTRUE\t/\n", "example.com\tMAYBE\t/\tFALSE\t0\ta\tb\n", "example.com\tTRUE\t/\tFALSE\tsoon\ta\tb\n", "example.com\tTRUE\t/\tFALSE\t0\ta\tb;c\n"} {
		if _, err := parseCookies(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: %v, want an error naming line 1", bad, err)
		}
	}
}

// FuzzParseCookies: any file is read or refused without a panic, and what
// is read never puts a control character or a ';' inside a cookie of the
// header.
func FuzzParseCookies(f *testing.F) {
	f.Add(".example.com\tTRUE\t/\tFALSE\t0\tname\tvalue\n")
	f.Add("#HttpOnly_h\tFALSE\t/p\tTRUE\t99999999999\tn\t\n")
	f.Add("\uFEFF# comment\r\nh\tFALSE\t/\tFALSE\t0\tn\tv\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := parseCookies(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, u := range []string{"http://h/p/x", "https://www.example.com/"} {
			h := cookieHeader(cs, u, time.Unix(1e9, 0))
			if strings.ContainsFunc(h, func(r rune) bool { return r < ' ' || r == 0x7f }) {
				t.Fatalf("control character in %q", h)
			}
		}
	})
}
