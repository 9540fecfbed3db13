// Tests of DryRun: what it says a download would do is what the download
// then does.

package slget_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// A file a download finished, by its record, is complete already: the dry
// run says so, as the real run finds it, instead of refusing a file
// already there.
func TestDryRunFindsACompleteFile(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	path := filepath.Join(t.TempDir(), "f.bin")
	c := &slget.Client{Connections: 2, Slice: 1 << 20}
	ctx := context.Background()
	if _, err := c.Do(ctx, &slget.Request{URL: s.FileURL(), Path: path}); err != nil {
		t.Fatal(err)
	}
	dry, err := c.Do(ctx, &slget.Request{URL: s.FileURL(), Path: path, DryRun: true})
	if err != nil {
		t.Fatalf("dry run: %v (plan %q)", err, dry.Plan)
	}
	real, err := c.Do(ctx, &slget.Request{URL: s.FileURL(), Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if !real.AlreadyComplete {
		t.Skip("this file system keeps no extended attributes: a rerun cannot know the file is complete")
	}
	if dry.Path != path || !strings.Contains(dry.Plan, "complete already") {
		t.Fatalf("dry run: path %q, plan %q; the real run found %s complete", dry.Path, dry.Plan, real.Path)
	}
}
