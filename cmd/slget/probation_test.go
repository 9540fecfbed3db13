// Mirrors of a TAB line of -i that no digest covers: one that lies after
// its first answer ends in the file's exact bytes and exit 0, named in the
// lines and in --json's proof; honest ones are said to be proven by a
// sample, not by a digest.

package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestTabMirrorLiesAfterItsFirstAnswer(t *testing.T) {
	const size = 8 << 20
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithRateLimit(512<<10))
	liar := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithOtherBytesAfter(1))
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "in.txt"), origin.FileURL()+"\t"+liar.FileURL()+"\n  out=x.bin\n")
	r := runSlget(t, "-i", in, "-d", dir, "-x", "4", "-k", "256k", "--json")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "x.bin")) != origin.Content().SHA256() {
		t.Fatalf("exit %d or wrong bytes\n%s", r.code, r.stderr)
	}
	if servedGET(liar) < 2*256<<10 {
		t.Fatalf("the liar sent %d bytes: the test proves nothing", servedGET(liar))
	}
	var res result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatal(err)
	}
	if res.Proof == nil || !slices.Contains(res.Proof.Blamed, liar.FileURL()) || res.Proof.Refetched == 0 {
		t.Errorf("--json proof %+v: want the liar blamed and its slices fetched again", res.Proof)
	}
	if !strings.Contains(r.stderr, "mirror "+liar.FileURL()+" dropped: slice ") {
		t.Errorf("no line names the liar and its slice:\n%s", r.stderr)
	}
}

func TestTabMirrorsProvenBySample(t *testing.T) {
	const size = 4 << 20
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
	mirror := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithRateLimit(4<<20))
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "in.txt"), origin.FileURL()+"\t"+mirror.FileURL()+"\n  out=x.bin\n")
	r := runSlget(t, "-i", in, "-d", dir, "-x", "4", "-k", "256k", "--summary-interval=0")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "x.bin")) != origin.Content().SHA256() {
		t.Fatalf("exit %d or wrong bytes\n%s", r.code, r.stderr)
	}
	if out := r.stdout + r.stderr; !strings.Contains(out, "no digest proves "+filepath.Join(dir, "x.bin")+": ") || !strings.Contains(out, "cross-checked (a sample, not every byte)") {
		t.Errorf("no line says the file is proven by a sample only:\n%s", out)
	}
}

// aria2.addUri with several URIs (mirrors of one file, as aria2c takes
// them): one that lies after its first answer is caught, and the file is
// exact.
func TestRPCAddUriMirrorLies(t *testing.T) {
	const size = 8 << 20
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithRateLimit(512<<10))
	liar := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithOtherBytesAfter(1))
	root := t.TempDir()
	d := startDaemon(t, "s3cr3t", "-d", root, "--slice=256k")
	var gid string
	d.must(t, &gid, "aria2.addUri", []string{origin.FileURL(), liar.FileURL()}, map[string]any{"out": "x.bin", "split": "4"})
	d.waitStatus(t, gid, "complete")
	if got := fileSHA(t, filepath.Join(root, "x.bin")); got != origin.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want %s", got, origin.Content().SHA256())
	}
	if servedGET(liar) < 2*256<<10 {
		t.Fatalf("the liar sent %d bytes: the test proves nothing", servedGET(liar))
	}
	d.must(t, nil, "aria2.shutdown")
	if err := d.exited(t); err != nil {
		t.Fatal(err)
	}
}
