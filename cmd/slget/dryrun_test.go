// --dry-run --json: pure JSON on stdout, one object per URL, marked as a
// dry run and saying what would happen. What a dry run decides and that
// it touches nothing is tested in the root package (TestDryRunOfNewFiles).

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestDryRunJSONIsPureJSON(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithPath("/a.bin"))
	b := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithPath("/b.bin"))
	dir := t.TempDir()
	r := runSlget(t, "--dry-run", "--json", "-x", "4", "-d", dir, a.FileURL(), b.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines on stdout, want 2 JSON objects:\n%s", len(lines), r.stdout)
	}
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q: %v", l, err)
		}
		if m["dry_run"] != true || m["path"] != nil {
			t.Errorf("%s: want dry_run true and no path", l)
		}
		would, _ := m["would"].(map[string]any)
		name := filepath.Base(m["url"].(string))
		if would == nil || would["save_as"] != filepath.Join(dir, name) || would["plan"] != "new" || would["ranged"] != true {
			t.Errorf("%s: want would.save_as %s, plan new, ranged", l, filepath.Join(dir, name))
		}
	}
}
