// Tests of the Link header reader (RFC 8288, RFC 6249) and aria2's tab
// lines, and their fuzz targets.

package metalink

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func TestLinksMirrorBrain(t *testing.T) {
	base, _ := url.Parse("http://download.opensuse.org/distribution/leap/15.6/iso/x.iso")
	hdr := []string{
		`<http://download.opensuse.org/distribution/leap/15.6/iso/x.iso.meta4>; rel=describedby; type="application/metalink4+xml"`,
		`<http://ftp.fau.de/opensuse/x.iso>; rel=duplicate; pri=2; geo=de, <https://ftp.gwdg.de/pub/x.iso>; rel="duplicate"; pri=1; geo=de`,
		`</mirror/x.iso>; rel=duplicate, garbage, <ftp://a/x>; rel=duplicate; pri=3, <http://c.example/x.iso>; rel="alternate duplicate"; pri=4; title="a, \"quoted\"; one"`,
	}
	links := ParseLinks(hdr, base)
	if got := DescribedBy(links); got != "http://download.opensuse.org/distribution/leap/15.6/iso/x.iso.meta4" {
		t.Fatalf("describedby %q", got)
	}
	var got []string
	for _, m := range Duplicates(links) {
		got = append(got, m.URL)
	}
	want := []string{"https://ftp.gwdg.de/pub/x.iso", "http://ftp.fau.de/opensuse/x.iso", "http://c.example/x.iso", "http://download.opensuse.org/mirror/x.iso"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if l := links[len(links)-1]; l.Params["title"] != `a, "quoted"; one` {
		t.Fatalf("title %q", l.Params["title"])
	}
}

func TestIsMetalink(t *testing.T) {
	for _, c := range []struct {
		u, ct string
		want  bool
	}{
		{"http://a/x.iso.meta4", "", true},
		{"http://a/x.metalink?y=1", "", true},
		{"http://a/x.iso", "application/metalink4+xml; charset=utf-8", true},
		{"http://a/x.iso", "application/octet-stream", false},
	} {
		if got := IsMetalink(c.u, c.ct); got != c.want {
			t.Errorf("%s %s: %v", c.u, c.ct, got)
		}
	}
}

func TestSplitMirrors(t *testing.T) {
	got := SplitMirrors("http://a/x\t\thttp://b/x \t http://c/x\t")
	if !reflect.DeepEqual(got, []string{"http://a/x", "http://b/x", "http://c/x"}) {
		t.Fatalf("%q", got)
	}
}

func FuzzParseLinks(f *testing.F) {
	f.Add(`<http://a/x>; rel=duplicate; pri=1; geo=de, <b>; rel="describedby"; type="application/metalink4+xml"`)
	f.Add(`<http://a/x>; title="unterminated`)
	f.Add(`, ,;; <>; rel`)
	base, _ := url.Parse("http://origin.example/dir/file")
	f.Fuzz(func(t *testing.T, h string) {
		links := ParseLinks([]string{h}, base)
		if len(links) > MaxLinks {
			t.Fatalf("%d links", len(links))
		}
		for _, l := range links {
			u, err := url.Parse(l.URL)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
				t.Fatalf("kept %q", l.URL)
			}
		}
		Duplicates(links)
		DescribedBy(links)
	})
}

func FuzzSplitMirrors(f *testing.F) {
	f.Add("http://a/x\thttp://b/x")
	f.Fuzz(func(t *testing.T, line string) {
		for _, u := range SplitMirrors(line) {
			if u == "" {
				t.Fatal("empty URI")
			}
		}
	})
}

// parsedMetalinkPath is metalinkPath without its shortcut: every URL parsed.
func parsedMetalinkPath(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	p := strings.ToLower(u.Path)
	return strings.HasSuffix(p, ".meta4") || strings.HasSuffix(p, ".metalink")
}

func TestMetalinkPath(t *testing.T) {
	for _, tc := range []struct {
		url  string
		want bool
	}{
		{"http://h/f.meta4", true},
		{"http://h/F.METALINK?x=1", true},
		{"http://h/f%2Emeta4", true},
		{"http://h/f%2emetalin%6B", true},
		{"http://h/f.metaLIN\u212A", true}, // the Kelvin sign lowers to k
		{"http://h/f.bin", false},
		{"http://h/f.meta4/x", false},
		{"http://h/f.bin?f.meta4", false},
		{"http://h/f.bin#f.meta4", false},
		{"http://h/f%2Ebin", false},
		{"http://h/%zz.meta4", false}, // does not parse
	} {
		if got := metalinkPath(tc.url); got != tc.want {
			t.Errorf("metalinkPath(%q) = %v, want %v", tc.url, got, tc.want)
		}
	}
}

// The shortcut answers as the parse does, for any string.
func FuzzMetalinkPath(f *testing.F) {
	for _, s := range []string{"http://h/f.meta4", "http://h/f%2Emeta4", "http://h/f.METALINK", "http://h/f.metalin\u212A", "http://h/f.bin", "%", ".meta"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := metalinkPath(s), parsedMetalinkPath(s); got != want {
			t.Errorf("metalinkPath(%q) = %v, the parse says %v", s, got, want)
		}
	})
}
