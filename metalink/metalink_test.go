// Tests of the Metalink reader: the fixtures in MirrorBrain's formats, bad
// names, bad hashes, the limits, and a fuzz target.

package metalink

import (
	"crypto/sha1"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureContent is the content the fixtures' hashes describe.
func fixtureContent() []byte {
	b := make([]byte, 1<<20+12345)
	for i := range b {
		b[i] = byte(i * 7 % 251)
	}
	return b
}

func parseFile(t *testing.T, path string) *Document {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := Parse(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc
}

func checkFixture(t *testing.T, doc *Document, version int, name string, firstURL string, nURLs int) {
	t.Helper()
	content := fixtureContent()
	if doc.Version != version || len(doc.Files) != 1 {
		t.Fatalf("version %d, %d files", doc.Version, len(doc.Files))
	}
	f := doc.Files[0]
	if f.Name != name || f.Size != int64(len(content)) {
		t.Fatalf("name %q size %d", f.Name, f.Size)
	}
	if len(f.URLs) != nURLs || f.URLs[0].URL != firstURL {
		t.Fatalf("urls %+v", f.URLs)
	}
	// http(s) first; an ftp one (kept as a mirror) only after them all.
	for i, u := range f.URLs {
		if !strings.HasPrefix(u.URL, "http") && !(strings.HasPrefix(u.URL, "ftp://") && i == len(f.URLs)-1) {
			t.Errorf("kept %s at %d", u.URL, i)
		}
	}
	if f.Hashes[0].Type != "sha-256" || string(f.Hashes[0].Sum) != string(sha256Sum(content)) {
		t.Fatalf("whole hash %+v", f.Hashes[0])
	}
	p := f.Pieces
	if p == nil || p.Type != "sha-1" || p.Length != 262144 || len(p.Sums) != 5 {
		t.Fatalf("pieces %+v", p)
	}
	for i, sum := range p.Sums {
		s, e := p.Range(i, f.Size)
		if got := sha1.Sum(content[s:e]); string(got[:]) != string(sum) {
			t.Fatalf("piece %d does not match the content", i)
		}
	}
}

func sha256Sum(b []byte) []byte { s := sha256.Sum256(b); return s[:] }

func TestMirrorBrainMetalink4(t *testing.T) {
	doc := parseFile(t, "testdata/opensuse.meta4")
	checkFixture(t, doc, 4, "openSUSE-Leap-15.6-NET-x86_64-Media.iso",
		"http://ftp.fau.de/opensuse/distribution/leap/15.6/iso/openSUSE-Leap-15.6-NET-x86_64-Media.iso", 5)
	if u := doc.Files[0].URLs; u[0].Location != "de" || u[0].Priority != 1 || u[3].Priority != 5 {
		t.Fatalf("%+v", u)
	}
}

func TestMirrorBrainMetalink3(t *testing.T) {
	doc := parseFile(t, "testdata/videolan.metalink")
	checkFixture(t, doc, 3, "vlc-3.0.21-win64.exe",
		"http://mirror.fr.example.org/videolan/vlc/3.0.21/win64/vlc-3.0.21-win64.exe", 4)
	if u := doc.Files[0].URLs; u[2].Location != "us" || u[0].Priority >= u[1].Priority {
		t.Fatalf("preference order: %+v", u)
	}
}

const v4head = `<?xml version="1.0" encoding="UTF-8"?><metalink xmlns="urn:ietf:params:xml:ns:metalink">`

func doc4(files string) string { return v4head + files + `</metalink>` }

func TestSeveralFiles(t *testing.T) {
	doc, err := ParseBytes([]byte(doc4(`
<file name="a.iso"><size>10</size><url priority="2">http://b.example/a.iso</url><url priority="1">http://a.example/a.iso</url></file>
<file name="b.iso"><url>https://a.example/b.iso</url></file>`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Files) != 2 || doc.Files[0].URLs[0].URL != "http://a.example/a.iso" || doc.Files[1].Size != -1 || doc.Files[1].Hashes != nil {
		t.Fatalf("%+v", doc)
	}
}

func TestRefused(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"dotdot", doc4(`<file name="../../etc/passwd"><url>http://a/x</url></file>`), `".." segment`},
		{"dotdotinside", doc4(`<file name="t/../../x"><url>http://a/x</url></file>`), `".." segment`},
		{"dotdotend", doc4(`<file name="t/.."><url>http://a/x</url></file>`), `".." segment`},
		{"dotsegment", doc4(`<file name="t/./x"><url>http://a/x</url></file>`), `"." segment`},
		{"absolute", doc4(`<file name="/etc/passwd"><url>http://a/x</url></file>`), "absolute path"},
		{"backslash", doc4(`<file name="..\x.exe"><url>http://a/x</url></file>`), "backslash"},
		{"backslashfolder", doc4(`<file name="t\x.exe"><url>http://a/x</url></file>`), "backslash"},
		{"drive", doc4(`<file name="C:x.exe"><url>http://a/x</url></file>`), "drive letter"},
		{"drivefolder", doc4(`<file name="t/c:/x.exe"><url>http://a/x</url></file>`), "drive letter"},
		{"empty", doc4(`<file name="t//x"><url>http://a/x</url></file>`), "empty folder name"},
		{"trailing", doc4(`<file name="t/"><url>http://a/x</url></file>`), "empty folder name"},
		{"control", doc4(`<file name="a&#10;b"><url>http://a/x</url></file>`), "control character"},
		{"controlfolder", doc4(`<file name="t&#x9;/b"><url>http://a/x</url></file>`), "control character"},
		{"dot", doc4(`<file name=".."><url>http://a/x</url></file>`), `".." segment`},
		{"longsegment", doc4(`<file name="t/` + strings.Repeat("x", 256) + `"><url>http://a/x</url></file>`), "longer than 255"},
		{"long", doc4(`<file name="` + strings.Repeat("x/", 600) + `x"><url>http://a/x</url></file>`), "longer than 1024"},
		{"noname", doc4(`<file><url>http://a/x</url></file>`), "no name"},
		{"nourl", doc4(`<file name="a"><url>ftp://a/x</url></file>`), "no http or https URL"},
		{"nofile", doc4(``), "no file"},
		{"twice", doc4(`<file name="a"><url>http://a/x</url></file><file name="a"><url>http://a/y</url></file>`), "twice"},
		{"unknownhash", doc4(`<file name="a"><hash type="whirlpool">00</hash><url>http://a/x</url></file>`), "cannot check"},
		{"badhex", doc4(`<file name="a"><hash type="sha-256">zz</hash><url>http://a/x</url></file>`), "hex digits"},
		{"allbadhex", doc4(`<file name="a"><hash type="sha-256">zz</hash><hash type="md5">00</hash><url>http://a/x</url></file>`), "hex digits"},
		{"badsize", doc4(`<file name="a"><size>-1</size><url>http://a/x</url></file>`), "not a number"},
		{"priority", doc4(`<file name="a"><url priority="0">http://a/x</url></file>`), "priority"},
		{"namespace", `<metalink xmlns="urn:other"><file name="a"><url>http://a/x</url></file></metalink>`, "namespace"},
		{"root", `<html/>`, "root"},
		{"notxml", `{"files":[]}`, "not a readable XML"},
		{"entity", `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x "xxxxxxxx">]>` + doc4(`<file name="&x;"><url>http://a/x</url></file>`), "not a readable XML"},
		{"latin1", `<?xml version="1.0" encoding="ISO-8859-1"?>` + doc4(`<file name="a"><url>http://a/x</url></file>`)[len(`<?xml version="1.0" encoding="UTF-8"?>`):], "not a readable XML"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseBytes([]byte(c.doc))
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a ParseError with %q", err, c.want)
			}
		})
	}
}

// TestFolderNames: RFC 5854 names a file beneath the download directory
// with folders; such a name is taken as it is written.
func TestFolderNames(t *testing.T) {
	for _, name := range []string{"t/README", "a/b/c/d.iso", "x..y/z", ".hidden/f", "t/..x"} {
		doc, err := ParseBytes([]byte(doc4(`<file name="` + name + `"><url>http://a/x</url></file>`)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := doc.Files[0].Name; got != name {
			t.Fatalf("%s: got %q", name, got)
		}
	}
}

// TestMalformedLeftOut: a malformed hash beside a usable one, and a
// malformed <pieces>, are left out with a warning; the file stays.
func TestMalformedLeftOut(t *testing.T) {
	sha1hex := strings.Repeat("ab", 20)
	for _, c := range []struct {
		name, file string
		hashes     []string // the types kept, strongest first
		pieces     string   // the type of the pieces kept, "" for none
		warn       []string
	}{
		{"shortmd5", `<hash type="md5">cbd18db4cc2f85cedef654fccc4a4d8</hash><hash type="sha-1">` + sha1hex + `</hash>`,
			[]string{"sha-1"}, "", []string{`md5 hash "cbd18db4cc2f85cedef654fccc4a4d8" is not 32 hex digits`}},
		{"badsha256", `<hash type="sha-256">zz</hash><hash type="sha-1">` + sha1hex + `</hash>`,
			[]string{"sha-1"}, "", []string{"sha-256 hash"}},
		{"piececount", `<size>100</size><hash type="sha-1">` + sha1hex + `</hash><pieces length="10" type="sha-1"><hash>` + sha1hex + `</hash></pieces>`,
			[]string{"sha-1"}, "", []string{"needs 10"}},
		{"piecenosize", `<pieces length="10" type="sha-1"></pieces>`, nil, "", []string{"without a <size>"}},
		{"piecelength", `<size>10</size><pieces length="x" type="sha-1"><hash>` + sha1hex + `</hash></pieces>`, nil, "", []string{"piece length"}},
		{"piecehex", `<size>20</size><pieces length="10" type="sha-256"><hash>00</hash><hash>00</hash></pieces><pieces length="10" type="sha-1"><hash>` + sha1hex + `</hash><hash>` + sha1hex + `</hash></pieces>`,
			nil, "sha-1", []string{"sha-256 piece hashes are left out: hash 0"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := ParseBytes([]byte(doc4(`<file name="a">` + c.file + `<url>http://a/x</url></file>`)))
			if err != nil {
				t.Fatal(err)
			}
			f := doc.Files[0]
			var types []string
			for _, h := range f.Hashes {
				types = append(types, h.Type)
			}
			if strings.Join(types, ",") != strings.Join(c.hashes, ",") {
				t.Fatalf("hashes %v, want %v", types, c.hashes)
			}
			if got := ""; f.Pieces != nil || c.pieces != "" {
				if f.Pieces != nil {
					got = f.Pieces.Type
				}
				if got != c.pieces {
					t.Fatalf("pieces %q, want %q", got, c.pieces)
				}
			}
			if len(f.Warnings) != len(c.warn) {
				t.Fatalf("warnings %q, want %d", f.Warnings, len(c.warn))
			}
			for i, w := range c.warn {
				if !strings.Contains(f.Warnings[i], w) {
					t.Fatalf("warning %q, want %q in it", f.Warnings[i], w)
				}
			}
		})
	}
}

func TestTooLarge(t *testing.T) {
	big := strings.NewReader(v4head + strings.Repeat("<!-- padding -->", MaxDocument/16+1))
	if _, err := Parse(big); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("got %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, p := range append([]string{"testdata/opensuse.meta4", "testdata/videolan.metalink"}, aria2Fixtures(f)...) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(doc4(`<file name="a"><size>3</size><pieces length="1" type="md5"><hash>00000000000000000000000000000000</hash></pieces><url>http://a/x</url></file>`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ParseBytes(data)
		if err != nil {
			return
		}
		for _, fl := range doc.Files {
			if CheckName(fl.Name) != nil || len(fl.URLs) == 0 || !filepath.IsLocal(fl.Name) || strings.Contains(fl.Name, `\`) {
				t.Fatalf("accepted %+v", fl)
			}
			if p := fl.Pieces; p != nil {
				if p.Length < 1 || int64(len(p.Sums)) != (fl.Size+p.Length-1)/p.Length {
					t.Fatalf("pieces %+v for size %d", p, fl.Size)
				}
			}
		}
	})
}

// FuzzCheckName: a name CheckName takes never leaves the directory it is
// saved beneath, on any system: local, no backslash, no drive letter, no
// control character, no "." or empty segment.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"t/README", "a/b/c", "../x", "/x", `a\b`, "C:x", "a//b", "./a", "a/.", "a\x01", "t/c:/x", "x..y/z", "0:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if CheckName(name) != nil {
			return
		}
		if !filepath.IsLocal(name) || strings.ContainsAny(name, `\`) || strings.ContainsFunc(name, isControl) || len(name) > MaxName {
			t.Fatalf("took %q", name)
		}
		for seg := range strings.SplitSeq(name, "/") {
			drive := len(seg) >= 2 && seg[1] == ':' && strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", rune(seg[0]))
			if seg == "" || seg == "." || seg == ".." || drive || len(seg) > 255 {
				t.Fatalf("took %q (segment %q)", name, seg)
			}
		}
	})
}

// An sftp:// or ftp:// URL is kept, after every http(s) one whatever its
// priority; a file with such URLs alone is refused (the first is probed as HTTP).
func TestRemoteURLs(t *testing.T) {
	doc, err := ParseBytes([]byte(doc4(`<file name="a.iso"><url priority="1">sftp://u@s.example/srv/a.iso</url><url priority="2">https://b.example/a.iso</url><url priority="3">ftp://f.example/a.iso</url></file>`)))
	if err != nil {
		t.Fatal(err)
	}
	if u := doc.Files[0].URLs; len(u) != 3 || u[0].URL != "https://b.example/a.iso" || u[1].URL != "sftp://u@s.example/srv/a.iso" || u[2].URL != "ftp://f.example/a.iso" {
		t.Fatalf("urls %+v", u)
	}
	if _, err := ParseBytes([]byte(doc4(`<file name="a.iso"><url>sftp://s.example/a.iso</url></file>`))); err == nil || !strings.Contains(err.Error(), "no http or https URL") {
		t.Fatalf("sftp alone: %v", err)
	}
	if _, err := ParseBytes([]byte(doc4(`<file name="a.iso"><url>ftp://s.example/a.iso</url></file>`))); err == nil || !strings.Contains(err.Error(), "no http or https URL") {
		t.Fatalf("ftp alone: %v", err)
	}
}
