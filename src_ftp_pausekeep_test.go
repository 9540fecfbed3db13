// An ftp:// download stopped mid-slice keeps the slices it had begun, as
// over HTTP: the rerun reads only their rest (a REST past a slice's
// start), and the file comes out exact.

package slget_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/ftpdtest"
)

func TestFTPStopKeepsBegunSlices(t *testing.T) {
	const size, slice = 4 << 20, 512 << 10
	s := ftpdtest.Start(t)
	want := ftpFile(t, s.Dir, size)
	c := newClient(t, &slget.Client{Connections: 4, Slice: slice, RateLimit: 1 << 20})
	path := filepath.Join(t.TempDir(), "f.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	// Stopped with about a third written: each connection mid-way in a slice.
	_, err := c.Do(ctx, &slget.Request{URL: s.URL("data.bin"), Path: path, Events: onProgress(ctx, size/3+slice/3, cancel)})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("the stopped run: %v, want it interrupted", err)
	}
	st, err := slget.ReadStatus(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.SlicesDone == st.Slices {
		t.Fatalf("%d of %d slices done at the stop: the test proves nothing", st.SlicesDone, st.Slices)
	}
	before := len(rests(s))
	res, err := newClient(t, &slget.Client{Connections: 4, Slice: slice}).Do(t.Context(), &slget.Request{URL: s.URL("data.bin"), Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if got := fileSHA256(res.Path); got != want {
		t.Fatalf("SHA-256 %s, want %s", got, want)
	}
	mid := 0
	for _, r := range rests(s)[before:] {
		if r%slice != 0 {
			mid++
		}
	}
	if mid == 0 {
		t.Errorf("the rerun's RESTs %v all start a slice: the slices begun before the stop were read whole again", rests(s)[before:])
	}
}
