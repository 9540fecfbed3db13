// What a validator cannot prove, in Client.Do: a file replaced under the
// same ETag between two runs is caught by the content a resume compares,
// at the cost of one slice; a checksum the origin's bytes fail offers a
// way that leads somewhere.

package slget_test

import (
	"encoding/hex"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// A file replaced by other bytes of the same size, keeping its ETag and
// Last-Modified (a copy with its mtime), between two runs: the resume
// compares slices it has with the server's and starts over, or stops
// with the partial download kept under NoRestart; never a file of two
// versions.
func TestReusedETagIsCaughtOnResume(t *testing.T) {
	for _, noRestart := range []bool{false, true} {
		t.Run(map[bool]string{false: "starts over", true: "NoRestart"}[noRestart], func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(2<<20))
			c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
			path := filepath.Join(t.TempDir(), "file.bin")
			stoppedDownload(t, c, srv, path, 3<<20)
			if !exists(path + ".slget") {
				t.Fatal("the stopped download kept no journal")
			}
			oldETag := srv.ETag()
			srv.ReplaceKeepingValidator()
			if srv.ETag() != oldETag {
				t.Fatal("the test origin changed its ETag")
			}
			if !noRestart {
				res, w := get(t, c, srv, &slget.Request{Path: path})
				if res.Resumed != 0 || w.count("other bytes") != 1 || w.count("starting over") != 1 {
					t.Errorf("resumed %d bytes; warnings:\n%s\nwant a start over that says the bytes differ", res.Resumed, w)
				}
				return
			}
			_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, NoRestart: true})
			var ke *slget.KeptError
			var ce *slget.ChangedError
			if !errors.As(err, &ke) || !ke.Changed || !ke.NoRestart || !errors.As(err, &ce) || !strings.Contains(err.Error(), "other bytes") {
				t.Fatalf("Do: %v (%T), want a *KeptError of a change, saying the bytes differ", err, err)
			}
			if exists(path) || !exists(path+".part") {
				t.Fatal("want the partial download kept and no file at the name")
			}
		})
	}
}

// The same check, where the file did not change: a resume costs the
// origin the slices it lacks and one finished slice more (slice 0 comes
// with the probe), not a byte of the rest.
func TestResumeCostsOneSlice(t *testing.T) {
	const size, slice = 8 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2<<20))
	c := newClient(t, &slget.Client{Connections: 4, Slice: slice})
	path := filepath.Join(t.TempDir(), "file.bin")
	st := stoppedDownload(t, c, srv, path, 3<<20)
	settled(srv)
	before := srv.BytesServed()
	res, _ := get(t, c, srv, &slget.Request{Path: path})
	sent, missing := srv.BytesServed()-before, size-st.BytesDone
	if res.Resumed != st.BytesWritten {
		t.Errorf("resumed %d bytes, the journal had %d written", res.Resumed, st.BytesWritten)
	}
	// The probe's slice 0, the slices missing (those in flight at the
	// stop among them), and one finished slice to compare.
	if sent > missing+2*slice {
		t.Fatalf("the resume cost the origin %d bytes for %d missing: more than one slice besides the probe's", sent, missing)
	}
}

// A checksum that the origin's own bytes fail: the same download again
// would only check them again, so the remedy is Restart, and it works. A
// file of one slice has no journal to resume it: nothing is kept, and
// nothing offered.
func TestChecksumFailureOffersARestart(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20))
	c := newClient(t, &slget.Client{})
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	wrong := &slget.Checksum{Algo: "sha-256", Sum: make([]byte, 32)}
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, Checksum: wrong})
	var ce *slget.ChecksumError
	if !errors.As(err, &ce) || ce.Removed || ce.From != "" || !exists(ce.Path) || exists(path) {
		t.Fatalf("Do: %v (%T), want a *ChecksumError keeping the bytes, not at the name", err, err)
	}
	if got := slget.Remedies(err); !slices.Equal(got, []slget.Remedy{slget.RemedyRestart}) {
		t.Errorf("remedies %v, want Restart", got)
	}

	one := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	onePath := filepath.Join(dir, "one.bin")
	_, err = c.Do(t.Context(), &slget.Request{URL: one.FileURL(), Path: onePath, Checksum: wrong})
	if !errors.As(err, &ce) || !ce.Removed || slget.Remedies(err) != nil {
		t.Fatalf("one slice: %v (%T), want a *ChecksumError that removed the file and offers nothing", err, err)
	}
	if exists(onePath+".part") || exists(onePath) {
		t.Fatal("one slice: the file that failed its checksum was kept")
	}

	sum, _ := hex.DecodeString(srv.Content().SHA256())
	res, _ := get(t, c, srv, &slget.Request{Path: path, Restart: true, Checksum: &slget.Checksum{Algo: "sha-256", Sum: sum}})
	if res.Verified != "sha-256" {
		t.Errorf("verified %q after Restart, want sha-256", res.Verified)
	}
}
