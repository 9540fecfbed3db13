// Fuzz test of the -i file: one URL per line, comments, blank lines and
// aria2's indented option lines skipped, a bad URL named by its line.

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/slget/slget/fetch"
)

func FuzzReadURLList(f *testing.F) {
	for _, s := range []string{
		"http://a/1\nhttps://b/2\n",
		"# mirrors\n\nhttp://a/x.iso\n  out=y.iso\n\tdir=/tmp\nhttp://b/z\r\n",
		"http://a/1\nftp://b/2\nhttp://c/3",
		"http://joe:secretpw@h:99999/x\n",
		"  http://indented/is-an-option\n",
		"\xef\xbb\xbfhttp://bom/x\n",
		"http://a/1\r\n\r\n#\r\nhttps://[::1]:8443/x#frag",
		"\x00\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		urls, err := readURLList("-", strings.NewReader(in))
		// What the file says, line by line.
		var want []string
		bad := 0
		lines := strings.Split(in, "\n")
		if strings.HasSuffix(in, "\n") {
			lines = lines[:len(lines)-1]
		}
		for n, line := range lines {
			line = strings.TrimSuffix(line, "\r")
			if len(line) > 1<<20 {
				bad = -1
				break
			}
			s := strings.TrimSpace(line)
			if s == "" || strings.HasPrefix(s, "#") || line[0] == ' ' || line[0] == '\t' {
				continue
			}
			if _, perr := fetch.ParseURL(s); perr != nil {
				bad = n + 1
				break
			}
			want = append(want, s)
		}
		switch {
		case bad == 0:
			if err != nil || len(urls) != len(want) {
				t.Fatalf("%q: %q, %v; want %q", in, urls, err, want)
			}
			for i := range want {
				if urls[i] != want[i] {
					t.Fatalf("%q: URL %d is %q, want %q", in, i, urls[i], want[i])
				}
			}
		case bad > 0:
			if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("-i - line %d: ", bad)) {
				t.Fatalf("%q: %v; want an error naming line %d", in, err, bad)
			}
		default:
			if err == nil || !strings.HasPrefix(err.Error(), "-i -: ") {
				t.Fatalf("%q: a line over 1 MiB: %v", in, err)
			}
		}
		// A password in a bad URL's authority is never shown (Redact's
		// promise covers http and https URLs).
		if bad > 0 && strings.Count(in, "secretpw") == 1 {
			s := strings.TrimSpace(strings.TrimSuffix(lines[bad-1], "\r"))
			lower := strings.ToLower(s)
			if _, rest, ok := strings.Cut(s, "://"); ok && (strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://")) {
				if i := strings.IndexAny(rest, "/?#"); i >= 0 {
					rest = rest[:i]
				}
				if strings.Contains(rest, ":secretpw@") && strings.Contains(err.Error(), "secretpw") {
					t.Fatalf("%q: the error shows the password: %v", in, err)
				}
			}
		}
	})
}
