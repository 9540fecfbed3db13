// Tests of Redact: secrets in URLs never reach a message or a record.

package fetch_test

import (
	"strings"
	"testing"

	"github.com/slget/slget/fetch"
)

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"http://example.com/a":        "http://example.com/a",
		"http://joe@example.com/a":    "http://joe@example.com/a",
		"http://joe:pw@example.com/a": "http://joe:***@example.com/a",
		"https://b.s3.amazonaws.com/f?X-Amz-Credential=AK%2F1&X-Amz-Signature=abc&X-Amz-Expires=60": "https://b.s3.amazonaws.com/f?X-Amz-Credential=***&X-Amz-Signature=***&X-Amz-Expires=60",
		"http://h/f?token=t0k&name=x":       "http://h/f?token=***&name=x",
		"http://joe:pw@127.0.0.1:47451:1/x": "http://***@127.0.0.1:47451:1/x",
		"http://a:b@c@host/":                "http://a:***@host/",
		"not a url":                         "not a url",
	} {
		if got := fetch.Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzRedact(f *testing.F) {
	for _, s := range []string{"http://u:secretpw@h/p?sig=secretsig", "http://u:secretpw@h:99:1/", "://@", "http://%zz:secretpw@h/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := fetch.Redact(s)
		// A password in the authority (between "://" and the path) never
		// survives, whether the rest parses or not.
		lower := strings.ToLower(s)
		if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") || strings.Count(s, "secretpw") != 1 {
			return // only http(s) URLs reach Redact in slget
		}
		i := strings.Index(s, "://")
		auth := s[i+3:]
		if j := strings.IndexAny(auth, "/?#"); j >= 0 {
			auth = auth[:j]
		}
		if strings.Contains(auth, ":secretpw@") && strings.Contains(got, "secretpw") {
			t.Errorf("Redact(%q) = %q keeps the password", s, got)
		}
	})
}
