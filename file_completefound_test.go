// A crash between the final rename and the journal's removal, through
// Client.Do: the complete file is recognised by its journal, its size and
// its slices' checksums, and the journal cleaned up; a file that does not
// match its journal is not taken for complete, nor touched.

package slget_test

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// leaveFullJournal writes, beside the file at path, the journal a crash
// after its rename leaves: every slice done, with its CRC-32C as the file
// reads now.
func leaveFullJournal(t *testing.T, srv *fetchtest.Server, path string, slice int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	size := int64(len(b))
	j, err := resume.Create(path+".slget", resume.Meta{URL: srv.FileURL(), FinalURL: srv.FileURL(), ETag: srv.ETag(),
		LastModified: srv.LastModified().UTC().Format(http.TimeFormat), Size: size, SliceSize: slice}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var recs []resume.Record
	for i := int64(0); i*slice < size; i++ {
		recs = append(recs, resume.Record{Index: int(i), CRC32C: resume.SliceChecksum(b[i*slice : min((i+1)*slice, size)]), From: segment.FromOrigin})
	}
	if err := j.Commit(recs); err != nil {
		t.Fatal(err)
	}
	j.Close()
}

// Before, the next run downloaded everything again as NAME.1 and left
// NAME.slget for ever.
func TestCrashAfterRenameIsRecognised(t *testing.T) {
	const size, slice = 3<<20 + 100, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	c := newClient(t, &slget.Client{Slice: slice})
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	get(t, c, srv, &slget.Request{Path: path})

	leaveFullJournal(t, srv, path, slice)
	srv.ResetLog()
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, AutoRename: true})
	if err != nil || !res.AlreadyComplete || res.Path != path {
		t.Fatalf("Do: %v, %+v; want the file found complete", err, res)
	}
	if exists(path+".slget") || exists(filepath.Join(dir, "file.1.bin")) || fileSHA256(path) != srv.Content().SHA256() {
		t.Fatalf("journal left %v, file.1.bin made %v; want neither, and the file as it was", exists(path+".slget"), exists(filepath.Join(dir, "file.1.bin")))
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want only the probe", n)
	}

	// The same journal beside a file that is not what it says: not
	// complete, left as it is, and the download saved beside it.
	leaveFullJournal(t, srv, path, slice)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt([]byte("rot"), 5000)
	f.Close()
	rotten := fileSHA256(path)
	res, err = c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, AutoRename: true})
	if err != nil || res.AlreadyComplete || res.Path != filepath.Join(dir, "file.1.bin") {
		t.Fatalf("Do: %v, %+v; want the damaged file left alone and the download saved as file.1.bin", err, res)
	}
	if fileSHA256(res.Path) != srv.Content().SHA256() || fileSHA256(path) != rotten {
		t.Errorf("file.1.bin is not the file, or the damaged file was changed")
	}
}
