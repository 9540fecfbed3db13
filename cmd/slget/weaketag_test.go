// A weak ETag that changes is another version: slget never passes the
// bytes of two versions as one file, or one stream, when all it has is a
// weak ETag (no Last-Modified).

package main

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// weakOnly is an origin whose only validator is a weak ETag, W/"v1", that
// becomes W/"v1-1" with new bytes of the same size after the probe.
func weakOnly(t *testing.T, size int64, after int, opts ...fetchtest.Option) *fetchtest.Server {
	return fetchtest.NewServer(t, append([]fetchtest.Option{fetchtest.WithSize(size), fetchtest.WithETag(`W/"v1"`),
		fetchtest.WithoutLastModified(), fetchtest.WithChangeAfter(after)}, opts...)...)
}

func TestWeakETagChangeIsAChange(t *testing.T) {
	const size = 4<<20 + 321
	srv := weakOnly(t, size, 1)
	old := srv.Content().SHA256()
	dir := t.TempDir()
	b := startBinary(t, "-x", "4", "--slice", "256k", "--retry-wait", "0.01", "-d", dir, srv.FileURL())
	code, out := b.waitFor(t, time.Minute)
	path := filepath.Join(dir, "file.bin")
	if code == 0 {
		// Only a download that started over on the new version may end
		// well, and then with the new version's bytes alone.
		if got := fileSHA(t, path); got != srv.Content().SHA256() {
			t.Fatalf("exit 0 with bytes of two versions (old %s, new %s, got %s)\n%s\n%s", old, srv.Content().SHA256(), got, out, dumpLog(srv))
		}
		return
	}
	if code != exitChanged {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitChanged, out, dumpLog(srv))
	}
	if exists(path) {
		t.Fatalf("exit %d, yet %s exists", code, path)
	}
	if !strings.Contains(out, `W/"v1"`) {
		t.Errorf("the message does not name the weak ETag that changed: %q", out)
	}
}

// The same through -o -: the pipe holds a prefix of the old version and
// nothing of the new one.
func TestWeakETagChangeStream(t *testing.T) {
	const size = 8 << 20
	srv := weakOnly(t, size, 6, fetchtest.WithRateLimit(16<<20))
	old := srv.Content().Bytes(0, size)
	p := startPiped(t, "-x", "4", "--slice", "256k", "--stream-window", "2m", "--retry-wait", "0.01", "-o", "-", srv.FileURL())
	got, err := io.ReadAll(p.stdout)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := p.wait(t); code != exitChanged {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitChanged, p.stderr.String(), dumpLog(srv))
	}
	if len(got) >= size || !bytes.Equal(got, old[:len(got)]) {
		t.Fatalf("the pipe got %d bytes, not a proper prefix of the old version", len(got))
	}
	p.nothingOnDisk(t)
}
