// A weak ETag that changes is another version: Client.Do never passes the
// bytes of two versions as one file, or one stream, when all the origin
// gives is a weak ETag (no Last-Modified).

package slget_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// weakOnly is an origin whose only validator is a weak ETag, W/"v1", that
// becomes W/"v1-1" with new bytes of the same size after its request
// number after.
func weakOnly(t *testing.T, size int64, after int, opts ...fetchtest.Option) *fetchtest.Server {
	return fetchtest.NewServer(t, append([]fetchtest.Option{fetchtest.WithSize(size), fetchtest.WithETag(`W/"v1"`),
		fetchtest.WithoutLastModified(), fetchtest.WithChangeAfter(after)}, opts...)...)
}

func TestWeakETagChangeIsAChange(t *testing.T) {
	const size = 4<<20 + 321
	srv := weakOnly(t, size, 1)
	old := srv.Content().SHA256()
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	path := filepath.Join(t.TempDir(), "f.bin")
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path})
	if err == nil {
		// Only a download that started over on the new version may end
		// well, and then with the new version's bytes alone.
		if got := fileSHA256(path); got != srv.Content().SHA256() {
			t.Fatalf("no error, with bytes of two versions (old %s, new %s, got %s)", old, srv.Content().SHA256(), got)
		}
		return
	}
	var ce *slget.ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("Do: %v (%T), want a *ChangedError", err, err)
	}
	if exists(path) {
		t.Fatalf("Do: %v, yet %s exists", err, path)
	}
	if !strings.Contains(err.Error(), `W/"v1"`) {
		t.Errorf("the error does not name the weak ETag that changed: %q", err)
	}
}

// The same through Request.Writer: the stream holds a prefix of the old
// version and nothing of the new one, and nothing is written to disk.
func TestWeakETagChangeStream(t *testing.T) {
	const size = 8 << 20
	srv := weakOnly(t, size, 6, fetchtest.WithRateLimit(16<<20))
	old := srv.Content().Bytes(0, size)
	cwd := t.TempDir()
	t.Chdir(cwd)
	out := &sink{}
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	_, err := doStream(t, c, streamReq(srv, out, 2<<20))
	var ce *slget.ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("Do: %v (%T), want a *ChangedError", err, err)
	}
	if got := out.bytes(); len(got) >= size || !bytes.Equal(got, old[:len(got)]) {
		t.Fatalf("the stream got %d bytes, not a proper prefix of the old version", len(got))
	}
	if names := dirNames(t, cwd); len(names) != 0 {
		t.Errorf("a stream left %q on disk", names)
	}
}
