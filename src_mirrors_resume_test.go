// Tests of a download from mirrors across runs: the journal says which
// mirror sent each slice and what proves the file, and a resume with
// another list of mirrors (one gone, one new) goes on, the new one
// cross-checked like any.

package slget_test

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestMirrorsResumeWithAnotherList(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	opts := []fetchtest.Option{fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithRateLimit(2 << 20)}
	origin := fetchtest.NewServer(t, append(opts, fetchtest.WithReprDigest())...)
	gone := fetchtest.NewServer(t, append(opts, fetchtest.WithReprDigest())...)
	// The first run is interrupted once the mirror has sent a slice and
	// both a quarter of the file.
	go func() {
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for gone.BytesServed() < 256<<10 || gone.BytesServed()+origin.BytesServed() < mirrorSize/4 {
			select {
			case <-tick.C:
			case <-ctx.Done():
				return
			}
		}
		cancel()
	}()
	added := fetchtest.NewServer(t, opts...) // no digest: cross-checked
	path := filepath.Join(t.TempDir(), "f.iso")
	c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
	_, err := c.Do(ctx, &slget.Request{URL: origin.FileURL(), Path: path, Mirrors: []string{gone.FileURL()}})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("first run: %v, want it interrupted", err)
	}
	st, err := slget.ReadStatus(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.ByMirror[gone.FileURL()] == 0 || st.ByMirror[gone.FileURL()] > st.BySource[slget.FromOrigin] {
		t.Fatalf("the journal says %v by mirror, %v by source", st.ByMirror, st.BySource)
	}
	if !strings.HasPrefix(st.Proof, "sha-256=") || !strings.Contains(st.Proof, "Repr-Digest") {
		t.Errorf("proof %q", st.Proof)
	}
	t.Logf("first run: %d bytes done, by mirror %v", st.BytesDone, st.ByMirror)

	gone.ResetLog()
	origin.ResetLog()
	w := &warnings{}
	ctx2, cancel2 := context.WithTimeout(t.Context(), time.Minute)
	defer cancel2()
	res, err := c.Do(ctx2, &slget.Request{URL: origin.FileURL(), Path: path, Mirrors: []string{added.FileURL()}, Events: w.event})
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, w)
	}
	if fileSHA256(path) != origin.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	if res.Resumed != st.BytesWritten {
		t.Errorf("resumed %d bytes, the journal had %d written", res.Resumed, st.BytesWritten)
	}
	if n := len(gone.Requests()); n != 0 {
		t.Errorf("the mirror no longer listed got %d requests", n)
	}
	if added.BytesServed() == 0 || res.Mirrors[added.FileURL()].Bytes == 0 {
		t.Fatalf("the new mirror sent nothing: %+v\n%s", res.Mirrors, w)
	}
	// Its first slice was fetched from the origin too and compared.
	var first string
	for _, r := range added.Requests() {
		if r.Method == http.MethodGet && r.Status == 206 {
			first = r.Range
			break
		}
	}
	compared := false
	for _, r := range origin.Requests() {
		compared = compared || r.Method == http.MethodGet && r.Range == first
	}
	if !compared {
		t.Errorf("the new mirror's first slice (%s) was not compared with the origin's", first)
	}
}
