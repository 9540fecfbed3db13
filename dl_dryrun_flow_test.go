// DryRun of new files tried through Client.Do: the name a download would
// save as in Dir, its plan and whether it would be ranged, from the probe
// alone, with nothing on disk.

package slget_test

import (
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestDryRunOfNewFiles(t *testing.T) {
	dir := t.TempDir()
	c := newClient(t, &slget.Client{Connections: 4})
	for _, tc := range []struct {
		name string
		size int64
	}{
		{"a.bin", 3 << 20},
		{"b.bin", 64 << 10}, // less than a slice
	} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(tc.size), fetchtest.WithPath("/"+tc.name))
		res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, DryRun: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if want := filepath.Join(dir, tc.name); res.Path != want || res.Plan != "new" || !res.Ranged || res.Size != tc.size {
			t.Errorf("%s: path %q, plan %q, ranged %v, size %d; want %s, new, ranged, %d", tc.name, res.Path, res.Plan, res.Ranged, res.Size, want, tc.size)
		}
		if n := len(srv.Requests()); n != 1 {
			t.Errorf("%s: the origin got %d requests, want the probe alone", tc.name, n)
		}
	}
	if got := dirNames(t, dir); len(got) != 0 {
		t.Errorf("a dry run left %q", got)
	}
}
