// Metalinks as RFC 5854 writes them, through the command: names with
// folders saved beneath -d (never through a link planted there), a
// malformed hash left out with a line, and the document's <size> checked
// against every URL.

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// docFile is one <file> of a Metalink 4 document: its name, the <size>
// it states (-1 for none), its hashes (type to hex) and URLs.
type docFile struct {
	name   string
	size   int64
	hashes [][2]string
	urls   []string
}

func metalinkDoc(files ...docFile) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<metalink xmlns="urn:ietf:params:xml:ns:metalink">`)
	for _, f := range files {
		fmt.Fprintf(&b, `<file name="%s">`, f.name)
		if f.size >= 0 {
			fmt.Fprintf(&b, `<size>%d</size>`, f.size)
		}
		for _, h := range f.hashes {
			fmt.Fprintf(&b, `<hash type="%s">%s</hash>`, h[0], h[1])
		}
		for i, u := range f.urls {
			fmt.Fprintf(&b, `<url priority="%d">%s</url>`, i+1, u)
		}
		b.WriteString("</file>")
	}
	b.WriteString("</metalink>\n")
	return b.String()
}

// aria2's serialize_session.meta4 names t/README and t/image.iso: saved
// beneath -d with their folders, as aria2c saves them.
func TestMetalinkFolderNames(t *testing.T) {
	readme := fetchtest.NewServer(t, fetchtest.WithSize(300<<10), fetchtest.WithSeed(3))
	iso := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(4))
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	ml := writeFile(t, filepath.Join(dir, "s.meta4"), metalinkDoc(
		docFile{name: "t/README", size: -1, hashes: [][2]string{{"sha-256", readme.Content().SHA256()}}, urls: []string{readme.FileURL()}},
		docFile{name: "t/sub/image.iso", size: mirSize, urls: []string{iso.FileURL()}},
	))
	r := runSlget(t, "-M", ml, "-d", out, "-q")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if fileSHA(t, filepath.Join(out, "t", "README")) != readme.Content().SHA256() ||
		fileSHA(t, filepath.Join(out, "t", "sub", "image.iso")) != iso.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	for _, side := range []string{"t/README.part", "t/README.slget", "t/sub/image.iso.part", "t/sub/image.iso.slget"} {
		mustNotExist(t, filepath.Join(out, side))
	}
}

// A folder of a Metalink's name that is a symbolic link planted beneath
// -d (to a folder outside it, or at any depth) is not written through:
// the download stops with exit 16 and a line that says why, and nothing
// appears where the link leads.
func TestMetalinkFolderLinkRefused(t *testing.T) {
	for _, c := range []struct{ name, link string }{
		{"t/README", "t"},
		{"t/sub/README", "t/sub"},
	} {
		t.Run(strings.ReplaceAll(c.link, "/", "_"), func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(300<<10))
			dir, elsewhere := t.TempDir(), t.TempDir()
			out := filepath.Join(dir, "out")
			if err := os.MkdirAll(filepath.Dir(filepath.Join(out, c.link)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(elsewhere, filepath.Join(out, c.link)); err != nil {
				t.Fatal(err)
			}
			ml := writeFile(t, filepath.Join(dir, "l.meta4"), metalinkDoc(docFile{name: c.name, size: -1, urls: []string{srv.FileURL()}}))
			r := runSlget(t, "-M", ml, "-d", out)
			if r.code != exitFileCreate || !strings.Contains(r.stderr, "symbolic link") || !strings.Contains(r.stderr, filepath.Join(out, c.link)) {
				t.Errorf("exit %d, %q; want %d naming the link", r.code, r.stderr, exitFileCreate)
			}
			if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
				t.Errorf("written through the link: %v", entries)
			}
			if n := len(srv.Requests()); n > 1 {
				t.Errorf("%d requests: want the probe at most", n)
			}
		})
	}
}

// A malformed hash beside a usable one (aria2's metalink4.xml has a
// 31-digit md5) is left out with a line; the file is checked against the
// other.
func TestMetalinkMalformedHashLeftOut(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(300<<10))
	dir := t.TempDir()
	ml := writeFile(t, filepath.Join(dir, "h.meta4"), metalinkDoc(docFile{name: "f.bin", size: 300 << 10,
		hashes: [][2]string{{"md5", "cbd18db4cc2f85cedef654fccc4a4d8"}, {"sha-256", srv.Content().SHA256()}}, urls: []string{srv.FileURL()}}))
	r := runSlget(t, "-M", ml, "-d", dir, "--json")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "f.bin")) != srv.Content().SHA256() {
		t.Fatalf("exit %d", r.code)
	}
	if !strings.Contains(r.stderr, `md5 hash "cbd18db4cc2f85cedef654fccc4a4d8" is not 32 hex digits: it is ignored`) || !strings.Contains(r.stderr, ml) {
		t.Errorf("no line for the malformed hash: %q", r.stderr)
	}
	if v := verified(t, r.stdout); !strings.Contains(v, "sha-256") {
		t.Errorf("proven by %q, want the sha-256", v)
	}
}

// A Metalink whose <size> says 1000 bytes for a file of 3 MiB: no URL has
// the document's size, so nothing is downloaded, with aria2c's exit code
// for it (8) and a line naming the URL.
func TestMetalinkSizeNoSource(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(mirSize))
	dir := t.TempDir()
	ml := writeFile(t, filepath.Join(dir, "s.meta4"), metalinkDoc(docFile{name: "f.bin", size: 1000, urls: []string{srv.FileURL()}}))
	r := runSlget(t, "-M", ml, "-d", dir)
	if r.code != exitNoResume || !strings.Contains(r.stderr, fmt.Sprintf("%s has %d bytes; the document says 1000", srv.FileURL(), mirSize)) ||
		!strings.Contains(r.stderr, "no URL of f.bin has the 1000 bytes its Metalink gives") {
		t.Errorf("exit %d, %q; want %d naming the URL and both sizes", r.code, r.stderr, exitNoResume)
	}
	for _, p := range []string{"f.bin", "f.bin.part", "f.bin.slget"} {
		mustNotExist(t, filepath.Join(dir, p))
	}
}

// Every URL of a Metalink is held to its <size>: a first URL of another
// size gives its place to the next, a mirror of another size is left out,
// each with a line that names it; the file comes whole from the one that
// has the size.
func TestMetalinkSizeEverySource(t *testing.T) {
	short := fetchtest.NewServer(t, fetchtest.WithSize(mirSize/2), fetchtest.WithSeed(2))
	good := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1))
	long := fetchtest.NewServer(t, fetchtest.WithSize(mirSize*2), fetchtest.WithSeed(1))
	dir := t.TempDir()
	ml := writeFile(t, filepath.Join(dir, "s.meta4"), metalinkDoc(docFile{name: "f.bin", size: mirSize,
		hashes: [][2]string{{"sha-256", good.Content().SHA256()}}, urls: []string{short.FileURL(), good.FileURL(), long.FileURL()}}))
	r := runSlget(t, "-M", ml, "-d", dir, "--json")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "f.bin")) != good.Content().SHA256() {
		t.Fatalf("exit %d or wrong bytes", r.code)
	}
	if !strings.Contains(r.stderr, fmt.Sprintf("%s has %d bytes; the document says %d", short.FileURL(), mirSize/2, mirSize)) ||
		!strings.Contains(r.stderr, fmt.Sprintf("mirror %s left out: its file has %d bytes, not %d as the document says", long.FileURL(), mirSize*2, mirSize)) {
		t.Errorf("no line naming each URL of another size: %q", r.stderr)
	}
	var res result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatal(err)
	}
	if res.ByMirror[good.FileURL()] != mirSize || !strings.Contains(res.Dropped[long.FileURL()], fmt.Sprintf("not %d as the document says", mirSize)) {
		t.Errorf("bytes by mirror %v, dropped %v", res.ByMirror, res.Dropped)
	}
	if n := servedGET(long); n != 0 {
		t.Errorf("the mirror of another size sent %d bytes", n)
	}
	if n := len(short.Requests()); n != 1 {
		t.Errorf("the first URL, of another size, was asked %d times: want its probe alone", n)
	}
}

// TestMetalinkBesideAria2c runs aria2c on the same two documents: a name
// with a folder is saved beneath -d by both, and a <size> no URL has ends
// in exit 8 for both (aria2c leaves a partial file; slget nothing).
func TestMetalinkBesideAria2c(t *testing.T) {
	aria2c := requireTool(t, "aria2c")
	srv := fetchtest.NewServer(t, fetchtest.WithSize(mirSize))
	dir := t.TempDir()
	for _, c := range []struct {
		doc  string
		size int64
		code int
	}{{"right.meta4", mirSize, 0}, {"wrong.meta4", 1000, exitNoResume}} {
		ml := writeFile(t, filepath.Join(dir, c.doc), metalinkDoc(docFile{name: "t/f.bin", size: c.size, urls: []string{srv.FileURL()}}))
		ad, sd := filepath.Join(dir, "aria2-"+c.doc), filepath.Join(dir, "slget-"+c.doc)
		cmd := exec.Command(aria2c, "-M", ml, "-d", ad, "--max-tries=2", "--retry-wait=0", "--console-log-level=warn", "--summary-interval=0")
		out, err := cmd.CombinedOutput()
		t.Logf("aria2c %s: %v\n%s", c.doc, err, out)
		if got := cmd.ProcessState.ExitCode(); got != c.code {
			t.Errorf("aria2c on %s: exit %d, want %d", c.doc, got, c.code)
		}
		r := runSlget(t, "-M", ml, "-d", sd, "-q")
		if r.code != c.code {
			t.Errorf("slget on %s: exit %d, want %d as aria2c", c.doc, r.code, c.code)
		}
		if c.code == 0 {
			for _, d := range []string{ad, sd} {
				if fileSHA(t, filepath.Join(d, "t", "f.bin")) != srv.Content().SHA256() {
					t.Errorf("%s: wrong bytes", d)
				}
			}
		}
	}
}
