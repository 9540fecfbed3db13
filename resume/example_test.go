// Example of the journal's life over one interrupted download.

package resume_test

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

func Example() {
	dir, err := os.MkdirTemp("", "slget-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "file.iso.slget")

	// The first run: probe, create the journal, fetch some slices.
	j, err := resume.Create(path, resume.Meta{
		URL:       "https://example.com/file.iso",
		FinalURL:  "https://cdn.example.com/file.iso",
		ETag:      `"v1"`,
		Size:      10<<20 + 512, // 10.5 MiB: 11 slices, the last short
		SliceSize: 1 << 20,
		Created:   time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC),
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	// ... write slices 0, 1 and 10 to file.iso.part and fdatasync it, then:
	err = j.Commit([]resume.Record{
		{Index: 0, CRC32C: resume.SliceChecksum([]byte("slice 0")), From: segment.FromOrigin},
		{Index: 1, CRC32C: resume.SliceChecksum([]byte("slice 1")), From: segment.FromPeer},
		{Index: 10, CRC32C: resume.SliceChecksum([]byte("slice 10")), From: segment.FromOrigin},
	})
	if err != nil {
		log.Fatal(err)
	}
	j.Close() // or the process dies here

	// The second run finds the journal and resumes.
	j, err = resume.Open(path, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer j.Close()
	done := j.Done()
	fmt.Printf("%d of %d slices done\n", done.Count(), done.Len())
	fmt.Println("still to fetch:", done.Missing())
	c := j.Counts()
	fmt.Printf("bytes from origin %d, peer %d, cache %d\n", c[segment.FromOrigin], c[segment.FromPeer], c[segment.FromCache])

	// A second slget on the same file is turned away.
	_, err = resume.Open(path, nil)
	fmt.Println("second open locked out:", errors.Is(err, resume.ErrLocked))

	// Output:
	// 3 of 11 slices done
	// still to fetch: [slices [2,10)]
	// bytes from origin 1049088, peer 1048576, cache 0
	// second open locked out: true
}
