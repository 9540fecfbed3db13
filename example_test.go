// Example: a download with resume, in a few lines.

package slget_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// A first run is interrupted; the same request again resumes from the
// journal beside the partial file and finishes the file.
func Example() {
	srv, err := fetchtest.Start(fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	dir, err := os.MkdirTemp("", "slget-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	c := &slget.Client{Connections: 4, Slice: 256 << 10}
	req := &slget.Request{URL: srv.FileURL(), Path: filepath.Join(dir, "file.bin")}

	// The first run stops after half a second, as if interrupted.
	ctx, cancel := context.WithTimeout(context.Background(), 500_000_000)
	_, err = c.Do(ctx, req)
	cancel()
	var ie *slget.InterruptedError
	fmt.Println("first run interrupted:", errors.As(err, &ie))

	// The second run resumes.
	res, err := c.Do(context.Background(), req)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("resumed some:", res.Resumed > 0, "of", res.Size)
	fmt.Println("right bytes:", fileSHA256(res.Path) == srv.Content().SHA256())
	// Output:
	// first run interrupted: true
	// resumed some: true of 8388608
	// right bytes: true
}
