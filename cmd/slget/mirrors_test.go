// Tests of mirrors from the command: tab lines in -i, -M with a Metalink
// and what --json says of it, a bad Metalink's exit code, and beside
// aria2c on a stale first mirror. The download from mirrors is tried in
// the root package (TestMirrorListWithAStaleOne, TestMirrorsShareTheWork).

package main

import (
	"crypto/sha1"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

const mirSize = 3<<20 + 4321

// metalink4 is a Metalink 4 document for want's content at the urls, with
// SHA-1 pieces of 256 KiB (as MirrorBrain serves them).
func metalink4(name string, want *fetchtest.Server, urls ...string) string {
	c := want.Content()
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<metalink xmlns="urn:ietf:params:xml:ns:metalink"><generator>MirrorBrain/2.19.0</generator>
<file name="%s"><size>%d</size><hash type="sha-256">%s</hash><pieces length="262144" type="sha-1">`, name, c.Size, c.SHA256())
	for off := int64(0); off < c.Size; off += 262144 {
		fmt.Fprintf(&b, "<hash>%x</hash>", sha1.Sum(c.Bytes(off, min(262144, c.Size-off))))
	}
	b.WriteString("</pieces>")
	for i, u := range urls {
		fmt.Fprintf(&b, `<url location="de" priority="%d">%s</url>`, i+1, u)
	}
	b.WriteString("</file></metalink>\n")
	return b.String()
}

func writeFile(t *testing.T, path, s string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func servedGET(srv *fetchtest.Server) int64 {
	var n int64
	for _, r := range srv.Requests() {
		if r.Method == "GET" && r.Status == 206 {
			n += r.BodyBytes
		}
	}
	return n
}

// -M FILE downloads the Metalink's file from its mirrors, and --json
// says what each did: which sent the bytes, which was dropped, and that
// the document's hash proved the file. (The flow, the stale mirror caught
// at its first piece, is tried in the root: TestMetalinkStaleFirstMirror.)
func TestMetalinkFileOption(t *testing.T) {
	stale := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(2))
	good := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1))
	dir := t.TempDir()
	ml := writeFile(t, filepath.Join(dir, "f.meta4"), metalink4("f.iso", good, stale.FileURL(), good.FileURL()))
	r := runSlget(t, "-M", ml, "-d", dir, "--json")
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	if fileSHA(t, filepath.Join(dir, "f.iso")) != good.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	var res result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatal(err)
	}
	if res.ByMirror[good.FileURL()] < mirSize || res.Dropped[stale.FileURL()] == "" || res.Verified == "" {
		t.Fatalf("bytes by mirror %v, dropped %v, verified %q", res.ByMirror, res.Dropped, res.Verified)
	}
}

// A tab-separated line of -i lists mirrors of one file, each used: the
// stale one is asked (and dropped), the slow one carries some. (What the
// download does with them is tried in the root: TestMirrorListWithAStaleOne.)
func TestTabMirrorsShareAndCompare(t *testing.T) {
	fast := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(4<<20))
	slow := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
	stale := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(9))
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "in.txt"), fast.FileURL()+"\t"+stale.FileURL()+"\t"+slow.FileURL()+"\n  out=x.bin\n")
	r := runSlget(t, "-i", in, "-d", dir, "-x", "2", "-k", "256k", "--json")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "x.bin")) != fast.Content().SHA256() {
		t.Fatalf("exit %d or wrong bytes", r.code)
	}
	if strings.Contains(r.stderr, "not supported") {
		t.Error("tab mirrors still refused")
	}
	if servedGET(slow) == 0 || len(stale.Requests()) == 0 {
		t.Errorf("slow sent %d, stale got %d requests: want every mirror of the line used", servedGET(slow), len(stale.Requests()))
	}
}

func TestMetalinkRefused(t *testing.T) {
	dir := t.TempDir()
	for name, doc := range map[string]string{
		"path":   `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="../../x"><url>http://127.0.0.1:1/x</url></file></metalink>`,
		"nourl":  `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="x"><url>ftp://a/x</url></file></metalink>`,
		"hash":   `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="x"><hash type="crc32">0</hash><url>http://127.0.0.1:1/x</url></file></metalink>`,
		"broken": `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="x">`,
	} {
		ml := writeFile(t, filepath.Join(dir, name+".meta4"), doc)
		r := runSlget(t, "-M", ml, "-d", dir)
		if r.code != exitMetalink || !strings.Contains(r.stderr, ml) || !strings.Contains(r.stderr, "nothing downloaded") {
			t.Errorf("%s: exit %d, %q", name, r.code, r.stderr)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 4 {
		t.Errorf("files written: %v", entries)
	}
}

// TestMetalinkStaleFirstBesideAria2c runs aria2c on the same Metalink:
// it finds the bad piece and gives up; slget goes on from the other.
func TestMetalinkStaleFirstBesideAria2c(t *testing.T) {
	aria2c := requireTool(t, "aria2c")
	stale := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(2))
	good := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1))
	dir := t.TempDir()
	ml := writeFile(t, filepath.Join(dir, "f.meta4"), metalink4("f.iso", good, stale.FileURL(), good.FileURL()))
	ad := filepath.Join(dir, "aria2")
	out, err := exec.Command(aria2c, "-M", ml, "-d", ad, "--max-tries=2", "--retry-wait=0", "--console-log-level=warn", "--summary-interval=0").CombinedOutput()
	t.Logf("aria2c: %v\n%s", err, out)
	ariaOK := err == nil && fileSHA(t, filepath.Join(ad, "f.iso")) == good.Content().SHA256()
	r := runSlget(t, "-M", ml, "-d", filepath.Join(dir, "slget"), "-q")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "slget", "f.iso")) != good.Content().SHA256() {
		t.Fatalf("slget: exit %d", r.code)
	}
	t.Logf("aria2c complete and right: %v; slget: yes", ariaOK)
}
