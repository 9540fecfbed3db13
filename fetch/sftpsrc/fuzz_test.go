// Fuzz tests of what this package parses from the user: sftp:// URLs and
// --ssh-host-key-md.

package sftpsrc_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/sftpsrc"
)

func FuzzParseURL(f *testing.F) {
	for _, s := range []string{"u:p@h:2222/a/b", "h/~/f", "[::1]/f", "h/", "u:p@h:0/f", "u:%zz@h/f", ":#pw@h/f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := sftpsrc.ParseURL("sftp://" + s)
		if err != nil {
			auth, _, _ := strings.Cut(s, "/")
			if at := strings.LastIndex(auth, "@"); at >= 0 {
				// The rest of the URL, as it is, redacted ("user:***@host")
				// and as a message quotes it (%q writes a NUL then "00" as
				// \x0000), may hold the password's characters without the
				// password being shown ("00@:" in "00@:***@").
				u, p, ok := strings.Cut(auth[:at], ":")
				if ok && len(p) > 3 && !spells(p, u+s[at:], u+":***"+s[at:]) && strings.Contains(err.Error(), p) {
					t.Fatalf("the password %q is in %q", p, err)
				}
			}
			return
		}
		if tg.Host == "" || tg.Port < 1 || tg.Port > 65535 || tg.Path == "" || strings.HasSuffix(tg.Path, "/") {
			t.Fatalf("%q read as %+v", s, tg)
		}
	})
}

func FuzzParseHostKeyMD(f *testing.F) {
	for _, s := range []string{"sha-256=" + strings.Repeat("ab", 32), "sha-1=" + strings.Repeat("0", 40), "md5=00:11", "md5", "=", "sha256=zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		md, err := sftpsrc.ParseHostKeyMD(s)
		if err != nil {
			return
		}
		want := map[string]int{"sha-256": 32, "sha-1": 20, "md5": 16}[md.Type]
		if want == 0 || len(md.Sum) != want {
			t.Fatalf("%q read as %s with %d bytes", s, md.Type, len(md.Sum))
		}
	})
}

// spells reports whether any of shown, as it is or quoted as a message
// quotes it, holds p.
func spells(p string, shown ...string) bool {
	for _, v := range shown {
		if strings.Contains(v, p) || strings.Contains(strconv.Quote(v), p) {
			return true
		}
	}
	return false
}
