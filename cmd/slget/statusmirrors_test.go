// slget status of a partial download from mirrors: bytes by mirror and
// what proves the file, as --json and as text. What the journal says of
// them is tried in the root package (TestStatusByMirror, ReadStatus).

package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestStatusShowsMirrors(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(2<<20))
	b := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(2<<20))
	dir := t.TempDir()
	ml := writeFile(t, filepath.Join(t.TempDir(), "f.meta4"), metalink4("f.iso", a, a.FileURL(), b.FileURL()))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() {
		// Interrupted once the second mirror has sent two slices.
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for b.BytesServed() < 2*256<<10 {
			select {
			case <-tick.C:
			case <-ctx.Done():
				return
			}
		}
		cancel()
	}()
	if r := slgetCtx(t, ctx, "-M", ml, "-d", dir, "-k", "256k", "-q"); r.code == 0 {
		t.Fatal("the interrupted run exited 0")
	}
	path := filepath.Join(dir, "f.iso")
	r := runSlget(t, "status", "--json", path)
	var st statusJSON
	if err := json.Unmarshal([]byte(r.stdout), &st); err != nil || r.code != 0 {
		t.Fatalf("status --json: exit %d, %v", r.code, err)
	}
	if st.ByMirror[b.FileURL()] == 0 {
		t.Errorf("bytes by mirror %v: the second mirror's are not shown", st.ByMirror)
	}
	if st.Proof != "sha-256="+a.Content().SHA256()+" from the Metalink" {
		t.Errorf("proof %q", st.Proof)
	}
	r = runSlget(t, "status", path)
	if !strings.Contains(r.stdout, "  by mirror:\n") || !strings.Contains(r.stdout, "  "+b.FileURL()+"\n") || !strings.Contains(r.stdout, "  proof:   sha-256=") {
		t.Errorf("status does not show the mirrors and the proof:\n%s", r.stdout)
	}
}
