// A crash mid-slice keeps what was written: the real binary killed with
// SIGKILL while every slice is still in flight, then run again, asks only
// for the rest of each slice its journal recorded a checked prefix of.

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/resume"
)

// journalPrefixes reads the prefixes of a journal a running download
// holds, from a copy.
func journalPrefixes(t *testing.T, jpath string) []resume.Prefix {
	t.Helper()
	b, err := os.ReadFile(jpath)
	if err != nil {
		return nil
	}
	cp := filepath.Join(t.TempDir(), "copy.slget")
	if err := os.WriteFile(cp, b, 0o600); err != nil {
		t.Fatal(err)
	}
	ps, _ := resume.InspectPrefixes(cp)
	return ps
}

func TestKill9MidSliceReusesThePrefix(t *testing.T) {
	bin := binary(t)
	const size, slice = 4 << 20, 1 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(256<<10))
	dir := t.TempDir()
	args := []string{"-x", "2", "--slice", "1m", "-q", "-d", dir, srv.FileURL()}
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "file.bin")
	var ps []resume.Prefix
	deadline := time.Now().Add(20 * time.Second)
	for len(ps) < 2 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no prefixes in the journal of the running download: %+v", ps)
		}
		time.Sleep(20 * time.Millisecond)
		ps = journalPrefixes(t, path+".slget")
	}
	cmd.Process.Signal(syscall.SIGKILL)
	if err := cmd.Wait(); err == nil {
		t.Fatal("the download finished before the kill")
	}
	for srv.InFlight() > 0 {
		time.Sleep(2 * time.Millisecond)
	}
	// slget status counts the begun slices' written starts apart from
	// the done slices, as the resume will count them.
	var st statusJSON
	if out, err := exec.Command(bin, "status", "--json", path).Output(); err != nil || json.Unmarshal(out, &st) != nil {
		t.Fatalf("status --json: %v %s", err, out)
	}
	begun := int64(0)
	for _, p := range journalPrefixes(t, path+".slget") {
		begun += p.Len
	}
	if begun == 0 || st.BytesWritten != st.BytesDone+begun {
		t.Errorf("status: %d bytes written, want the %d done and the %d of the begun slices", st.BytesWritten, st.BytesDone, begun)
	}
	if out, _ := exec.Command(bin, "status", path).Output(); !strings.Contains(string(out), "begun:   "+units.Bytes(begun)+" more") {
		t.Errorf("status does not say the %s begun:\n%s", units.Bytes(begun), out)
	}
	before := srv.BytesServed()
	srv.ResetLog()
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("the run after the kill: %v\n%s", err, out)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want %s", got, srv.Content().SHA256())
	}
	// The journal's prefixes grow after the copy read: each resumed
	// request starts at or past the prefix seen, inside its slice.
	starts := map[int64]bool{}
	for _, q := range gets(srv.Requests()) {
		starts[q.Start] = true
		if !q.EndsAligned(slice, size) {
			t.Errorf("request %d asked %q: it does not end on a slice boundary", q.N, q.Range)
		}
	}
	reused := 0
	for _, p := range ps {
		for s := range starts {
			if s >= int64(p.Index)*slice+p.Len && s < int64(p.Index+1)*slice {
				reused++
				break
			}
		}
	}
	again := srv.BytesServed()
	t.Logf("killed with %d bytes served, prefixes %+v; the next run: %d bytes, requests from %v", before, ps, again, starts)
	if reused != len(ps) {
		t.Errorf("%d of the %d prefixes recorded before the kill were asked for again from their start", len(ps)-reused, len(ps))
	}
	if most := size - before + slice/2; again > most {
		t.Errorf("after the kill the origin served %d bytes, more than %d: written bytes were fetched again", again, most)
	}
}
