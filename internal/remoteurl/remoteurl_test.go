// Tests of reading, redacting and telling apart sftp:// and ftp:// URLs.

package remoteurl

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	p, err := Parse("sftp://u:p%40w@[::1]:2222/~/a/b", 22)
	if err != nil {
		t.Fatal(err)
	}
	if p.User != "u" || p.Password != "p@w" || !p.HasPass || p.Host != "::1" || p.Port != 2222 || p.Addr() != "[::1]:2222" {
		t.Fatalf("%+v", p)
	}
	if err := p.FilePath("x", "/~/"); err != nil || p.Path != "a/b" {
		t.Fatalf("%q %v", p.Path, err)
	}
	for _, s := range []string{"ftp://u:secret@h:0/f", "ftp://u:secret@/f", "ftp://u:secret@h:x/f"} {
		if _, err := Parse(s, 21); err == nil || strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: %v", s, err)
		}
	}
	for _, path := range []string{"/", "/d/", "/a\rb"} {
		p := Parts{Path: path}
		if err := p.FilePath("ftp://u:secret@h"+path, "/"); err == nil || strings.Contains(err.Error(), "secret") {
			t.Errorf("%q: %v", path, err)
		}
	}
}

func TestPool(t *testing.T) {
	var idle []int
	closed := false
	if _, ok, err := Take(closed, &idle, "u"); ok || err != nil {
		t.Fatal(ok, err)
	}
	Back(closed, &idle, 1)
	Back(closed, &idle, 2)
	if v, ok, _ := Take(closed, &idle, "u"); !ok || v != 2 {
		t.Fatal(v, ok)
	}
	if got := Shut(&closed, &idle); len(got) != 1 || !closed || idle != nil {
		t.Fatal(got, closed, idle)
	}
	if Back(closed, &idle, 3) {
		t.Fatal("given back to a closed pool")
	}
	if _, _, err := Take(closed, &idle, "u"); err == nil {
		t.Fatal("taken from a closed pool")
	}
}

// FuzzRedact: the password of a URL's userinfo shows neither in its
// redaction nor in Parse's error, whatever the user and the rest are.
func FuzzRedact(f *testing.F) {
	f.Add("u", "h/f")
	f.Add("", "[::1]:22/a#b?c")
	f.Fuzz(func(t *testing.T, user, rest string) {
		const pass = "Sekret9#?"
		if strings.ContainsAny(user, "@/:") || strings.Contains(user+rest, "Sekret") {
			return
		}
		s := "ftp://" + user + ":" + pass + "@" + rest
		if strings.Contains(Redact(s), "Sekret") {
			t.Fatalf("%q redacted is %q", s, Redact(s))
		}
		if _, err := Parse(s, 21); err != nil && strings.Contains(err.Error(), "Sekret") {
			t.Fatalf("%q: %v", s, err)
		}
	})
}

func TestIsRemote(t *testing.T) {
	for s, want := range map[string]bool{
		"sftp://h/f": true, "SFTP://h/f": true, "ftp://h/f": true, "Ftp://u:p@h/f": true,
		"http://h/f": false, "https://h/ftp://": false, "ftps://h/f": false, "sftp:h/f": false, "ftp:/h": false, "": false,
	} {
		if got := IsRemote(s); got != want {
			t.Errorf("IsRemote(%q) = %v, want %v", s, got, want)
		}
	}
}
