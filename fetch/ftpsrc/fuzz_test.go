// Fuzz tests of what this package reads from the network (replies and
// the answers to EPSV, PASV, SIZE and MDTM) and from the user (ftp://
// URLs).

package ftpsrc_test

import (
	"bufio"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/ftpsrc"
)

func FuzzReadReply(f *testing.F) {
	for _, s := range []string{"220 hi\r\n", "211-Features:\r\n MDTM\r\n SIZE\r\n211 End\r\n", "123-a\r\n123-b\r\n123 c\r\n",
		"2\r\n", "999 x\r\n", "220-\r\n220\r\n", "213 20261206070000.123\r\n", "226\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ftpsrc.ReadReply(bufio.NewReader(strings.NewReader(s)))
		if err != nil {
			return
		}
		if r.Code < 100 || r.Code > 599 || !strings.HasPrefix(s, strconv.Itoa(r.Code)) {
			t.Fatalf("%q read as %d", s, r.Code)
		}
		if !strings.Contains(s, "-") && strings.Contains(r.Text, "\n") {
			t.Fatalf("%q: a one-line reply read with lines %q", s, r.Text)
		}
	})
}

func FuzzParsePassive(f *testing.F) {
	for _, s := range []string{"Entering Extended Passive Mode (|||40054|)", "(!!!1!)", "(|||0|)", "(|||65536|)", "(||| 1|)",
		"Entering Passive Mode (127,0,0,1,156,64).", "=10,9,8,7,0,21", "(1,2,3,4,0,0)", "(1,2,3,4,256,1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if p, err := ftpsrc.ParseEPSV(s); err == nil && (p < 1 || p > 65535 || !strings.Contains(s, strconv.Itoa(p))) {
			t.Fatalf("EPSV %q read as port %d", s, p)
		}
		if p, err := ftpsrc.ParsePASV(s); err == nil && (p < 1 || p > 65535) {
			t.Fatalf("PASV %q read as port %d", s, p)
		}
	})
}

func FuzzParseSizeMDTM(f *testing.F) {
	for _, s := range []string{"12345", "-1", "+5", "99999999999999999999", "20261206070000", "20261206070000.5", "20261306070000", "20261206070000.", "19700101000000.123456789"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := ftpsrc.ParseSize(s); err == nil && (n < 0 || strconv.FormatInt(n, 10) != strings.TrimLeft(strings.TrimSpace(s), "0") && n != 0) {
			t.Fatalf("SIZE %q read as %d", s, n)
		}
		tm, err := ftpsrc.ParseMDTM(s)
		if err != nil {
			return
		}
		if tm.Location() != time.UTC || tm.Format("20060102150405") != strings.TrimSpace(s)[:14] {
			t.Fatalf("MDTM %q read as %v", s, tm)
		}
	})
}

func FuzzParseURL(f *testing.F) {
	for _, s := range []string{"u:p@h:2121/a/b", "h/%2Fetc/f", "[::1]/f", "h/", "u:p@h:0/f", "u:%zz@h/f", ":#pw@h/f", "h/f;type=a", "h/a%0d%0aDELE%20x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := ftpsrc.ParseURL("ftp://" + s)
		if err != nil {
			auth, _, _ := strings.Cut(s, "/")
			if at := strings.LastIndex(auth, "@"); at >= 0 {
				// What a message may show of the URL without the password
				// (see the sftp package's test): its rest, redacted.
				u, p, ok := strings.Cut(auth[:at], ":")
				if ok && len(p) > 3 && !spells(p, u+s[at:], u+":***"+s[at:]) && strings.Contains(err.Error(), p) {
					t.Fatalf("the password %q is in %q", p, err)
				}
			}
			return
		}
		if tg.Host == "" || tg.Port < 1 || tg.Port > 65535 || tg.Path == "" || strings.ContainsAny(tg.Path+tg.User+tg.Password, "\r\n\x00") {
			t.Fatalf("%q read as %+v", s, tg)
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
