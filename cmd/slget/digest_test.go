// What the command adds to the origin's own digests: the digest that
// proved the file, named in --json. Asking for them, checking them, and
// keeping them for a resume are the root package's tests
// (TestOriginDigestIsChecked, TestOriginDigestAcrossAResume).

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// verified is the "verified" field of the one --json record in out.
func verified(t *testing.T, out string) string {
	t.Helper()
	var rec struct {
		Verified string `json:"verified"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &rec); err != nil {
		t.Fatalf("--json: %v: %q", err, out)
	}
	return rec.Verified
}

func TestOriginDigestNamedInJSON(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithReprDigest())
	dir := t.TempDir()
	r := mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-x", "4", "--json", "-d", dir, srv.FileURL())
	if got := verified(t, r.stdout); got != "sha-256 (Repr-Digest)" {
		t.Errorf("verified %q, want %q", got, "sha-256 (Repr-Digest)")
	}
}
