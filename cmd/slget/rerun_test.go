// What the command prints for a script's rerun of files a run finished.
// That they are found complete by their recorded URL and version, fetched
// again only when the server's file changed, never saved twice as
// NAME.1.ext, is the root package's
// TestRerunOfAFinishedFileFetchesNothing.

package main

import (
	"encoding/json"
	"errors"
	"os"
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

// What the command prints for a rerun of a finished batch: one
// already_complete record a file with --json, and one line a file
// without, not a warning besides it.
func TestRerunOfAFinishedBatchSaysCompleteOnce(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithPath("/a.bin"))
	b := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithPath("/b.bin"), fetchtest.WithSeed(2))
	dir := t.TempDir()
	needXattrs(t, dir)
	args := []string{"-x", "2", "-j", "2", "-d", dir, a.FileURL(), b.FileURL()}
	if r := runSlget(t, args...); r.code != 0 {
		t.Fatalf("first run: exit %d: %s", r.code, r.stderr)
	}
	r := runSlget(t, append([]string{"--json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("rerun: exit %d: %s", r.code, r.stderr)
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
	plain := runSlget(t, args...)
	if plain.code != 0 || strings.Count(plain.stdout+plain.stderr, "complete already") != 2 {
		t.Errorf("a rerun says each file is complete once:\n%s%s", plain.stdout, plain.stderr)
	}
}
