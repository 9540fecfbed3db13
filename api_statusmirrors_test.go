// ReadStatus of a partial download from a Metalink's mirrors: the journal
// says the bytes each mirror besides the first sent, and that the
// Metalink's hash proves the file.

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
)

func TestStatusByMirror(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(2<<20))
	b := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(2<<20))
	files, err := slget.ReadMetalink(strings.NewReader(meta4("f.iso", a, a.FileURL(), b.FileURL())))
	if err != nil {
		t.Fatal(err)
	}
	f := files[0]
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
	path := filepath.Join(t.TempDir(), f.Name)
	c := newClient(t, &slget.Client{Slice: 256 << 10})
	_, err = c.Do(ctx, &slget.Request{URL: f.URLs[0], Mirrors: f.URLs[1:], Path: path, Checksum: f.Checksum, Pieces: f.Pieces})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("Do: %v, want it interrupted", err)
	}
	st, err := slget.ReadStatus(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.ByMirror[b.FileURL()] == 0 || st.ByMirror[b.FileURL()] > st.BytesDone || len(st.ByMirror) != 1 {
		t.Errorf("bytes by mirror %v of %d done: want the second mirror's alone", st.ByMirror, st.BytesDone)
	}
	if st.Proof != "sha-256="+a.Content().SHA256()+" from the Metalink" {
		t.Errorf("proof %q", st.Proof)
	}
}
