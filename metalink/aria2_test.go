// aria2's own test Metalinks (testdata/aria2, see its README): what slget
// takes from each, or the refusal it gives, file by file.

package metalink

import (
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// aria2Fixtures lists the documents of testdata/aria2.
func aria2Fixtures(tb testing.TB) []string {
	tb.Helper()
	all, err := filepath.Glob("testdata/aria2/*")
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, p := range all {
		if filepath.Base(p) != "README.md" {
			out = append(out, p)
		}
	}
	if len(out) < 9 {
		tb.Fatalf("%d fixtures in testdata/aria2, want 9", len(out))
	}
	return out
}

// wantFile is what a fixture's file should become.
type wantFile struct {
	name   string
	size   int64
	urls   []string
	hashes []string // "type:hex", strongest first
	pieces string   // "type length count first-hex", "" for none
	warns  int
}

func TestAria2Fixtures(t *testing.T) {
	cases := map[string]struct {
		version int
		files   []wantFile
		refused string // the refusal, for a document slget cannot use
	}{
		"2files.metalink": {version: 3, files: []wantFile{
			{name: "aria2-5.0.0.tar.bz2", size: -1, urls: []string{"http://localhost/aria2-5.0.0.tar.bz2"}},
			{name: "aria2-5.0.0.deb", size: -1, urls: []string{"http://localhost/aria2-5.0.0.deb"}},
		}},
		// aria2 resolves the relative URL against the document's own;
		// slget reads the document alone and finds no http(s) URL.
		"base_uri.xml": {refused: `file "example.ext": no http or https URL`},
		"local-metaurl.meta4": {version: 4, files: []wantFile{
			{name: "t/README", size: -1, urls: []string{"http://example.org/README"}},
		}},
		"metalink3-dirtraversal.xml":    {refused: `file "../aria2-0.5.2.tar.bz2": the name "../aria2-0.5.2.tar.bz2" holds a ".." segment`},
		"metalink4-dosdirtraversal.xml": {refused: `the name "..\\..\\example.ext" holds a backslash`},
		"metalink4-groupbymetaurl.xml": {version: 4, files: []wantFile{
			{name: "file1", size: 1000, urls: []string{"http://file1p1"}},
			{name: "file2", size: 2000, urls: []string{"http://file2p1"}},
			{name: "file3", size: 3000, urls: []string{"http://file3p1"}},
		}},
		// Its md5 has 31 hex digits: left out with a warning, as aria2
		// does, and the sha-1 checks the file.
		"metalink4.xml": {version: 4, files: []wantFile{
			{name: "example.ext", size: 786430, urls: []string{"http://example.com/example.ext", "ftp://ftp.example.com/example.ext"},
				hashes: []string{"sha-1:0beec7b5ea3f0fdbc95d0dd47f3c5bc275da8a33"},
				pieces: "sha-256 262144 3 0245178074fd042e19b7c3885b360fc21064b30e73f5626c7e3b005d048069c5", warns: 1},
		}},
		"serialize_session.meta4": {version: 4, files: []wantFile{
			{name: "t/README", size: -1, urls: []string{"http://example.org/README"}},
			{name: "t/image.iso", size: -1, urls: []string{"http://example.org/image.iso"}},
		}},
		// Its third file has only an ftp URL: slget could not download
		// it, and refuses the document rather than a part of it.
		"test.xml": {refused: `file "NoVerificationHash": no http or https URL`},
	}
	seen := 0
	for _, path := range aria2Fixtures(t) {
		base := filepath.Base(path)
		want, ok := cases[base]
		if !ok {
			t.Errorf("%s: no expectation for it", base)
			continue
		}
		seen++
		t.Run(base, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := ParseBytes(data)
			if want.refused != "" {
				var pe *ParseError
				if !errors.As(err, &pe) || !strings.Contains(err.Error(), want.refused) {
					t.Fatalf("got %v, want a refusal with %q", err, want.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if doc.Version != want.version || len(doc.Files) != len(want.files) {
				t.Fatalf("version %d with %d files, want %d with %d", doc.Version, len(doc.Files), want.version, len(want.files))
			}
			for i, w := range want.files {
				checkAria2File(t, doc.Files[i], w)
			}
		})
	}
	if seen != len(cases) {
		t.Errorf("%d of %d fixtures found", seen, len(cases))
	}
}

func checkAria2File(t *testing.T, f File, w wantFile) {
	t.Helper()
	if f.Name != w.name || f.Size != w.size {
		t.Fatalf("file %q of %d bytes, want %q of %d", f.Name, f.Size, w.name, w.size)
	}
	var urls, hashes []string
	for _, u := range f.URLs {
		urls = append(urls, u.URL)
	}
	for _, h := range f.Hashes {
		hashes = append(hashes, h.Type+":"+hex.EncodeToString(h.Sum))
	}
	if !slices.Equal(urls, w.urls) || !slices.Equal(hashes, w.hashes) {
		t.Fatalf("%s: urls %q hashes %q, want %q %q", f.Name, urls, hashes, w.urls, w.hashes)
	}
	pieces := ""
	if p := f.Pieces; p != nil {
		pieces = fmt.Sprintf("%s %d %d %x", p.Type, p.Length, len(p.Sums), p.Sums[0])
	}
	if pieces != w.pieces || len(f.Warnings) != w.warns {
		t.Fatalf("%s: pieces %q warnings %q, want %q and %d", f.Name, pieces, f.Warnings, w.pieces, w.warns)
	}
}
