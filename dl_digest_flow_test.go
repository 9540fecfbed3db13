// The origin's own digests (RFC 9530 Repr-Digest, RFC 3230 Digest) in
// Client.Do: asked for by the probe, checked without the program asking,
// kept in the journal for a resume, and sparing the resume its check.

package slget_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

func TestOriginDigestIsChecked(t *testing.T) {
	for _, tc := range []struct {
		name     string
		opt      fetchtest.Option
		verified string
		from     string // the header of a digest that fails; "" for a download that succeeds
	}{
		{"Repr-Digest", fetchtest.WithReprDigest(), "sha-256 (Repr-Digest)", ""},
		{"the older Digest", fetchtest.WithLegacyDigest(), "sha-256 (Digest)", ""},
		{"a wrong Repr-Digest", fetchtest.WithWrongReprDigest(), "", "Repr-Digest"},
		{"none", nil, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), tc.opt)
			c := newClient(t, &slget.Client{Connections: 4})
			path := filepath.Join(t.TempDir(), "file.bin")
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			res, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path})
			if tc.from != "" {
				var ce *slget.ChecksumError
				if !errors.As(err, &ce) || ce.From != tc.from || !strings.Contains(err.Error(), tc.from) {
					t.Fatalf("Do: %v (%T), want a *ChecksumError from %s that names it", err, err, tc.from)
				}
				if exists(path) {
					t.Fatal("a file whose digest failed got its final name")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Verified != tc.verified {
				t.Errorf("Verified %q, want %q", res.Verified, tc.verified)
			}
			if fileSHA256(path) != srv.Content().SHA256() {
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
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(2<<20), fetchtest.WithReprDigest())
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	path := filepath.Join(t.TempDir(), "file.bin")
	stoppedDownload(t, c, srv, path, 2<<20)
	srv.ReplaceKeepingValidator()
	res, w := get(t, c, srv, &slget.Request{Path: path})
	if w.count("digest of the file changed") != 1 || w.count("starting over") != 1 {
		t.Errorf("the warnings do not say the digest changed and it started over:\n%s", w)
	}
	if res.Resumed != 0 || res.Verified != "sha-256 (Repr-Digest)" {
		t.Fatalf("resumed %d bytes, verified %q: want the new version from zero, proven by its digest", res.Resumed, res.Verified)
	}
}

// With the same digest from the server as the journal kept, the content is
// pinned: a resume compares no finished slice with the origin's.
func TestOriginDigestSparesTheResumeCheck(t *testing.T) {
	const size, slice = 8 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20), fetchtest.WithReprDigest())
	c := newClient(t, &slget.Client{Connections: 4, Slice: slice})
	path := filepath.Join(t.TempDir(), "file.bin")
	stoppedDownload(t, c, srv, path, 3<<20)
	settled(srv)
	_, done, _, err := resume.Inspect(path + ".slget")
	if err != nil {
		t.Fatal(err)
	}
	srv.ResetLog()
	get(t, c, srv, &slget.Request{Path: path})
	plan, _ := segment.NewPlan(size, slice)
	for _, q := range srv.Requests()[1:] {
		for i := plan.Index(q.Start); i >= 0 && i < plan.N() && plan.SliceRange(i).Start < q.End; i++ {
			if done.Has(i) {
				t.Errorf("request %d (%s) asks for slice %d, done and pinned by the digest", q.N, q.Range, i)
			}
		}
	}
}
