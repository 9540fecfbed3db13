// Fuzz tests of URLs: what ParseURL accepts (from the command line, an -i
// file or a journal) and the file name a URL (a redirect's target) gives.

package fetch_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/slget/slget/fetch"
)

func FuzzParseURL(f *testing.F) {
	for _, s := range []string{
		"http://example.com/file.iso", "HTTPS://Example.COM:8443/a/b?x=1#frag", "http://[::1]:80/", "http://[fe80::1%25eth0]/x",
		"ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)", "http:/x", "http:x", "//example.com/x", "example.com/x",
		"http://:80/x", "http://u:secretpw@:80/", "http://u@/", "http://h:0/", "http://h:65536/", "http://h:0080/", "http://h:+80/",
		"http://joe:secretpw@h:99999/", "http://joe:secretpw@h:1:1/", "http://h/%zz", " http://h/", "http://h\x00/", "http://%41/", "http://[::%25\x87]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := fetch.ParseURL(s)
		if err != nil {
			if pw := userPassword(s); pw != "" && strings.Contains(err.Error(), pw) {
				t.Fatalf("ParseURL(%q): the error shows the password: %v", s, err)
			}
			return
		}
		lower := strings.ToLower(s)
		if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") || u.Scheme != "http" && u.Scheme != "https" {
			t.Fatalf("ParseURL(%q) accepted scheme %q", s, u.Scheme)
		}
		if u.Hostname() == "" {
			t.Fatalf("ParseURL(%q) accepted a URL without a host name (%q)", s, u.Host)
		}
		if u.Fragment != "" || u.RawFragment != "" || u.Opaque != "" {
			t.Fatalf("ParseURL(%q) = %#v: a fragment or opaque part", s, u)
		}
		if p := u.Port(); p != "" {
			if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
				t.Fatalf("ParseURL(%q) accepted port %q", s, p)
			}
		}
		// What it returns is a URL it accepts as it is: a journal stores it
		// and the next run parses it again.
		again, err := fetch.ParseURL(u.String())
		if err != nil || again.String() != u.String() {
			t.Fatalf("ParseURL(%q) = %q, which parses to %v, %v", s, u, again, err)
		}
		// And the name it gives is safe.
		checkSafeName(t, s, fetch.FilenameFromURL(u))
	})
}

func FuzzFilenameFromURL(f *testing.F) {
	for _, s := range []string{
		"/file.iso", "/a/b/", "/..", "/%2e%2e", "/a%2Fb", "/a%5Cb", "/%00x", "/%1b%5b31m", "/.hidden", "/-rf",
		"/na%C3%AFve.txt", "/%ff", "/" + strings.Repeat("%E6%97%A5", 100), "/x%", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		u, err := url.Parse("http://h" + path)
		if err != nil {
			return
		}
		name := fetch.FilenameFromURL(u)
		checkSafeName(t, path, name)
		if name != "" && (name[0] == '.' || name[0] == '-') {
			t.Errorf("%q → %q starts with %q", path, name, name[0])
		}
	})
}

// userPassword is the password of an http(s) URL's authority when it is
// long enough to tell apart from the rest of s, else "" (also when s is
// not an http(s) URL: Redact's promise is for those).
func userPassword(s string) string {
	lower := strings.ToLower(s)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		return ""
	}
	auth := s[strings.Index(s, "://")+3:]
	if j := strings.IndexAny(auth, "/?#"); j >= 0 {
		auth = auth[:j]
	}
	at := strings.LastIndexByte(auth, '@')
	if at < 0 {
		return ""
	}
	_, pw, ok := strings.Cut(auth[:at], ":")
	if !ok || len(pw) < 6 || strings.Count(s, pw) != 1 {
		return ""
	}
	// The rest of s, as it is, redacted ("user:***@") or quoted as a
	// message quotes it, may spell the password too ("\x00" then "0000"
	// reads "x000000"; "00@:" is in "00@:***@").
	for _, mark := range []string{"", "***"} {
		if shown := strings.Replace(s, pw, mark, 1); strings.Contains(shown, pw) || strings.Contains(strconv.Quote(shown), pw) {
			return ""
		}
	}
	return pw
}
