// Tests of the origin's own digests (RFC 9530 Repr-Digest, RFC 3230
// Digest) through the binary: asked for by the probe, checked without the
// user asking, kept for a resume, and named in --json.

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
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

func TestOriginDigestIsChecked(t *testing.T) {
	for _, tc := range []struct {
		name     string
		opt      fetchtest.Option
		code     int
		verified string
	}{
		{"Repr-Digest", fetchtest.WithReprDigest(), 0, "sha-256 (Repr-Digest)"},
		{"the older Digest", fetchtest.WithLegacyDigest(), 0, "sha-256 (Digest)"},
		{"a wrong Repr-Digest", fetchtest.WithWrongReprDigest(), exitChecksum, ""},
		{"none", nil, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), tc.opt)
			dir := t.TempDir()
			r := runSlget(t, "-x", "4", "--json", "-d", dir, srv.FileURL())
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.stderr)
			}
			if got := verified(t, r.stdout); got != tc.verified {
				t.Errorf("verified %q, want %q", got, tc.verified)
			}
			if tc.code == exitChecksum {
				if !strings.Contains(r.stderr, "Repr-Digest") {
					t.Errorf("the error does not say whose digest failed: %s", r.stderr)
				}
				mustNotExist(t, filepath.Join(dir, "file.bin"))
				return
			}
			if fileSHA(t, filepath.Join(dir, "file.bin")) != srv.Content().SHA256() {
				t.Fatal("wrong bytes")
			}
			probe := srv.Requests()[0]
			if got := probe.Header.Get("Want-Repr-Digest"); !strings.Contains(got, "sha-256") {
				t.Errorf("the probe asked Want-Repr-Digest %q", got)
			}
		})
	}
}

// A file replaced under the same ETag but with its digest: the resume
// compares the digest the journal kept with the server's, sees it change
// and starts over.
func TestOriginDigestAcrossAResume(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(20<<20), fetchtest.WithRateLimit(2<<20), fetchtest.WithReprDigest())
	dir := t.TempDir()
	args := []string{"-x", "4", "-d", dir, srv.FileURL()}
	interrupted(t, srv, 8<<20, args...)
	srv.ReplaceKeepingValidator()
	r := runSlget(t, append([]string{"--json"}, args...)...)
	if r.code != 0 || !strings.Contains(r.stderr, "digest of the file changed") {
		t.Fatalf("exit %d, want 0 after starting over for the new digest: %s", r.code, r.stderr)
	}
	if fileSHA(t, filepath.Join(dir, "file.bin")) != srv.Content().SHA256() || verified(t, r.stdout) != "sha-256 (Repr-Digest)" {
		t.Fatalf("not the new version, proven by its digest: %s", r.stdout)
	}
}

// With the same digest from the server as the journal kept, the content is
// pinned: a resume compares no finished slice with the origin's.
func TestOriginDigestSparesTheResumeCheck(t *testing.T) {
	const size, slice = 8 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20), fetchtest.WithReprDigest())
	dir := t.TempDir()
	args := []string{"-x", "4", "--slice", "256k", "-d", dir, srv.FileURL()}
	interrupted(t, srv, 3<<20, args...)
	path := filepath.Join(dir, "file.bin")
	_, done, _, err := resume.Inspect(journalPath(path))
	if err != nil || done.Count() < 2 {
		t.Fatalf("journal after the interruption: %v, %d slices done", err, done.Count())
	}
	srv.ResetLog()
	mustFetch(t, path, srv.Content().SHA256(), args...)
	plan, _ := segment.NewPlan(size, slice)
	for _, q := range srv.Requests()[1:] {
		for i := plan.Index(q.Start); i >= 0 && i < plan.N() && plan.SliceRange(i).Start < q.End; i++ {
			if done.Has(i) {
				t.Errorf("request %d (%s) asks for slice %d, done and pinned by the digest", q.N, q.Range, i)
			}
		}
	}
}
