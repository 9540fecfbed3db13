// Example: a program that downloads three files at once with a progress
// line each, cancels one and resumes it, and tells every kind of error
// apart, with the slget import alone (the origin is the test server).

package slget_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func Example_program() {
	srv, err := fetchtest.Start(fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(2<<20))
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	dir, err := os.MkdirTemp("", "slget-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	c := &slget.Client{Connections: 4, Slice: 256 << 10, Retry: slget.RetryPolicy{MaxTries: 2, Wait: 10 * time.Millisecond}}
	defer c.CloseIdle()

	// Three downloads at once; the second is cancelled once it is a
	// quarter done. Each draws its own progress line from snapshots.
	ctx, cancelSecond := context.WithCancel(context.Background())
	defer cancelSecond()
	var wg sync.WaitGroup
	results := make([]error, 3)
	for i := range 3 {
		wg.Go(func() {
			dctx := context.Background()
			if i == 1 {
				dctx = ctx
			}
			req := &slget.Request{URL: srv.FileURL(), Path: filepath.Join(dir, fmt.Sprintf("file%d.bin", i))}
			finished := make(chan struct{}) // the progress line ends with Do, however it ends
			req.Events = func(e slget.Event) {
				if s, ok := e.(*slget.Started); ok {
					go func() {
						for {
							p := s.Progress()
							// A program would draw: fmt.Printf("\r%3.0f%% %6.1f MiB/s ETA %s", ...)
							_ = fmt.Sprintf("%3.0f%% %.1f MiB/s ETA %s", 100*p.Fraction(), p.BytesPerSecond/(1<<20), p.ETA)
							if i == 1 && p.Fraction() >= 0.25 {
								cancelSecond()
							}
							if p.Done == p.Size {
								return
							}
							select {
							case <-finished:
								return
							case <-time.After(20 * time.Millisecond):
							}
						}
					}()
				}
			}
			_, results[i] = c.Do(dctx, req)
			close(finished)
		})
	}
	wg.Wait()
	var interrupted *slget.InterruptedError
	fmt.Println("file0:", results[0], "| file2:", results[2])
	fmt.Println("file1 interrupted:", errors.As(results[1], &interrupted), "remedies:", slget.Remedies(results[1]))

	// The same request again resumes it.
	res, err := c.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(dir, "file1.bin")})
	fmt.Println("file1 resumed:", err == nil && res.Resumed > 0, "right bytes:", fileSHA256(res.Path) == srv.Content().SHA256())

	// Every kind of error, told apart with errors.As and errors.Is.
	missing, _ := fetchtest.Start(fetchtest.WithStatusFor(404, 1000, ""))
	defer missing.Close()
	_, err = c.Do(context.Background(), &slget.Request{URL: missing.FileURL(), Path: filepath.Join(dir, "missing.bin")})
	var he *slget.HTTPError
	fmt.Println("404:", errors.As(err, &he) && he.Status == 404, "retryable:", slget.Retryable(err))

	// The same download again finds file0.bin complete (res.AlreadyComplete,
	// where the file system keeps extended attributes; elsewhere it saves
	// file0.1.bin); another file to its name meets the file that is there.
	_, err = c.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(dir, "file0.bin"), AutoRename: true})
	fmt.Println("again:", err == nil)
	other, _ := fetchtest.Start(fetchtest.WithSize(1<<20), fetchtest.WithSeed(7))
	defer other.Close()
	_, err = c.Do(context.Background(), &slget.Request{URL: other.FileURL(), Path: filepath.Join(dir, "file0.bin")})
	var ee *slget.ExistsError
	fmt.Println("exists:", errors.As(err, &ee), "remedies:", slget.Remedies(err))

	bad, _ := slget.ParseChecksum("sha-256=" + fmt.Sprintf("%064x", 0))
	_, err = c.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(dir, "bad.bin"), Checksum: bad})
	var ce *slget.ChecksumError
	fmt.Println("checksum:", errors.As(err, &ce))

	changing, _ := fetchtest.Start(fetchtest.WithSize(4<<20), fetchtest.WithChangeAfter(3))
	defer changing.Close()
	_, err = c.Do(context.Background(), &slget.Request{URL: changing.FileURL(), Path: filepath.Join(dir, "changing.bin"), NoRestart: true})
	var ch *slget.ChangedError
	fmt.Println("changed:", errors.As(err, &ch))

	// Output:
	// file0: <nil> | file2: <nil>
	// file1 interrupted: true remedies: [run the same download again to resume it]
	// file1 resumed: true right bytes: true
	// 404: true retryable: false
	// again: true
	// exists: true remedies: [allow overwriting to replace it allow renaming to save beside it]
	// checksum: true
	// changed: true
}
