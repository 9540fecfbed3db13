// Tests of a script's rerun through the binary: files a run finished are
// found complete by their recorded URL and version, fetched again only
// when the server's file changed, never saved twice as NAME.1.ext.

package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/osfile"
)

// needXattrs skips where the test's folder keeps no extended attributes
// (a laptop's tmpfs without user xattrs); CI's does.
func needXattrs(t *testing.T, dir string) {
	t.Helper()
	f, err := os.CreateTemp(dir, "xattr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := osfile.SetXattr(f, "user.slget.test", []byte("1")); errors.Is(err, osfile.ErrXattrUnsupported) {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI's temporary folder keeps no extended attributes: %v", err)
		}
		t.Skip("the temporary folder keeps no extended attributes")
	}
	os.Remove(f.Name())
}

func TestRerunOfAFinishedBatchFetchesNothing(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithPath("/a.bin"))
	b := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithPath("/b.bin"), fetchtest.WithSeed(2))
	dir := t.TempDir()
	needXattrs(t, dir)
	args := []string{"-x", "2", "-j", "2", "--json", "-d", dir, a.FileURL(), b.FileURL()}
	if r := runSlget(t, args...); r.code != 0 {
		t.Fatalf("first run: exit %d: %s", r.code, r.stderr)
	}
	before := a.BytesServed() + b.BytesServed()
	r := runSlget(t, args...)
	if r.code != 0 {
		t.Fatalf("rerun: exit %d: %s", r.code, r.stderr)
	}
	// The probes' slice 0 is all that moves: no slice of either file again.
	if sent := a.BytesServed() + b.BytesServed() - before; sent > 2*(1<<20) {
		t.Errorf("the rerun moved %d bytes, more than the two probes", sent)
	}
	for _, name := range []string{"a.1.bin", "b.1.bin"} {
		mustNotExist(t, filepath.Join(dir, name))
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var rec struct {
			AlreadyComplete bool `json:"already_complete"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil || !rec.AlreadyComplete {
			t.Errorf("--json line %q does not say already complete", line)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d --json lines, want 2", n)
	}
	// One line a file, not a warning besides it.
	plain := runSlget(t, "-x", "2", "-j", "2", "-d", dir, a.FileURL(), b.FileURL())
	if plain.code != 0 || strings.Count(plain.stdout+plain.stderr, "complete already") != 2 {
		t.Errorf("a rerun says each file is complete once:\n%s%s", plain.stdout, plain.stderr)
	}
	// -c on a complete file: likewise.
	if r := runSlget(t, "-c", "-d", dir, a.FileURL()); r.code != 0 || !strings.Contains(r.stderr+r.stdout, "complete") {
		t.Fatalf("-c on the complete file: exit %d: %s", r.code, r.stderr)
	}
	mustNotExist(t, filepath.Join(dir, "a.1.bin"))
}

// A file changed on the server since the run that finished it is fetched
// again (beside it, as any file at the name), by ETag or, under the same
// ETag, by its first slice.
func TestRerunAfterTheFileChanged(t *testing.T) {
	for _, sameETag := range []bool{false, true} {
		name := "new ETag"
		if sameETag {
			name = "same ETag, other bytes"
		}
		t.Run(name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
			dir := t.TempDir()
			needXattrs(t, dir)
			mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-d", dir, srv.FileURL())
			if sameETag {
				srv.ReplaceKeepingValidator()
			} else {
				srv.Change()
			}
			mustFetch(t, filepath.Join(dir, "file.1.bin"), srv.Content().SHA256(), "-d", dir, srv.FileURL())
		})
	}
}
