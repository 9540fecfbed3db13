// The floor of the promised file steps for many small files: create NAME.part,
// write, two extended attributes, fdatasync, rename, and the folder's fsync,
// with nothing else (no HTTP, no journal), so a list's wall time can be set
// beside what those steps alone cost on the same disk.
//
//	go run ./bench/floor -dir /tmp/floor -files 100 -size 64k -par 8 -dirsync group -runs 7
//
// -dirsync: "end" (one fsync of the folder after the last rename), "group"
// (each rename waits for an fsync of the folder begun after it, shared by
// the renames that finish together, as slget does) or "each" (one fsync per
// rename, one at a time). It prints the median wall time of -runs runs.
//
// -list FILE takes each file's bytes from a URL of FILE (one per line,
// -files ignored) with one GET of net/http asking for the first slice
// (Range: bytes=0-1048575), as slget's probe does: the floor of a Go
// program that keeps the file promises, set beside slget and curl on the
// same list (run it with -runs 1 under a timer to count its start too).
//
// -ring makes the data and folder syncs through slget's osfile.Syncer
// (an io_uring where the kernel gives one) instead of the system calls.

//go:build linux

package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/slget/slget/internal/osfile"
)

func main() {
	dir := flag.String("dir", filepath.Join(os.TempDir(), "slget-floor"), "the folder to write in (made, emptied and removed)")
	files := flag.Int("files", 100, "files per run")
	size := flag.String("size", "64k", "bytes per file (k and m suffixes)")
	par := flag.Int("par", 8, "files at once")
	mode := flag.String("dirsync", "group", "end, group or each")
	runs := flag.Int("runs", 7, "runs; the median is printed")
	list := flag.String("list", "", "a file of URLs to fetch, one per line (see above)")
	ring := flag.Bool("ring", false, "sync through osfile.Syncer (see above)")
	flag.Parse()
	var urls []string
	if *list != "" {
		b, err := os.ReadFile(*list)
		if err != nil {
			fmt.Fprintln(os.Stderr, "floor:", err)
			os.Exit(1)
		}
		urls = strings.Fields(string(b))
		*files = len(urls)
	}
	n, err := parseSize(*size)
	if err != nil || *files < 1 || *par < 1 || *runs < 1 || (*mode != "end" && *mode != "group" && *mode != "each") {
		fmt.Fprintln(os.Stderr, "floor: bad flags (see -h)")
		os.Exit(2)
	}
	var took []time.Duration
	for r := 0; r < *runs; r++ {
		d, err := run(*dir, *files, *par, n, *mode, urls, newSyncs(*ring))
		if err != nil {
			fmt.Fprintln(os.Stderr, "floor:", err)
			os.Exit(1)
		}
		took = append(took, d)
	}
	os.RemoveAll(*dir)
	slices.Sort(took)
	fmt.Printf("%d files of %d bytes, %d at once, folder fsync %s: median %.1f ms of %d runs (min %.1f, max %.1f)\n",
		*files, n, *par, *mode, ms(took[len(took)/2]), len(took), ms(took[0]), ms(took[len(took)-1]))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func parseSize(s string) (int, error) {
	mult := 1
	switch {
	case strings.HasSuffix(s, "k"):
		mult, s = 1<<10, strings.TrimSuffix(s, "k")
	case strings.HasSuffix(s, "m"):
		mult, s = 1<<20, strings.TrimSuffix(s, "m")
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return v * mult, nil
}

// syncs are the floor's two syncs, of a file's data and of the folder:
// the system calls, or those of an osfile.Syncer (-ring).
type syncs struct {
	data func(*os.File) error
	dir  func(*os.File) error
}

func newSyncs(ring bool) syncs {
	if !ring {
		return syncs{data: osfile.Datasync, dir: (*os.File).Sync}
	}
	sy := &osfile.Syncer{}
	return syncs{data: sy.Datasync, dir: func(d *os.File) error { sy.SyncDir(d.Name()); return nil }}
}

// run writes files files of size bytes in dir, par at once, and returns
// the wall time from the first create to the last folder sync.
func run(dir string, files, par, size int, mode string, urls []string, sy syncs) (time.Duration, error) {
	if err := os.RemoveAll(dir); err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	d, err := os.Open(dir)
	if err != nil {
		return 0, err
	}
	defer d.Close()
	g := newGroup(d, sy.dir)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: par, DisableCompression: true}}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex // "each": one fsync at a time
		first error
		errMu sync.Mutex
	)
	fail := func(err error) {
		errMu.Lock()
		if first == nil {
			first = err
		}
		errMu.Unlock()
	}
	next := make(chan int)
	start := time.Now()
	for w := 0; w < par; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, size)
			for i := range next {
				b := buf
				if urls != nil {
					var err error
					if b, err = get(client, urls[i], buf[:cap(buf)]); err != nil {
						fail(err)
						continue
					}
				}
				if err := oneFile(dir, i, b, sy); err != nil {
					fail(err)
					continue
				}
				switch mode {
				case "each":
					mu.Lock()
					err = sy.dir(d)
					mu.Unlock()
				case "group":
					err = g.sync()
				}
				if err != nil {
					fail(err)
				}
			}
		}()
	}
	for i := 0; i < files; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if mode == "end" {
		if err := sy.dir(d); err != nil {
			return 0, err
		}
	}
	return time.Since(start), first
}

// get reads url's first slice into buf, which must hold it all.
func get(c *http.Client, url string, buf []byte) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Range", "bytes=0-1048575")
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusPartialContent && resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	n, err := io.ReadFull(resp.Body, buf)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	} else if err == nil {
		err = fmt.Errorf("%s: larger than -size", url)
	}
	return buf[:n], err
}

// oneFile is one file's promised steps but the folder's fsync.
func oneFile(dir string, i int, buf []byte, sy syncs) error {
	part := filepath.Join(dir, fmt.Sprintf("f%03d.bin.part", i))
	f, err := os.OpenFile(part, os.O_RDWR|os.O_CREATE|os.O_EXCL|unix.O_NOFOLLOW, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.WriteAt(buf, 0); err != nil {
		return err
	}
	fd := int(f.Fd())
	for _, a := range []string{"user.xdg.origin.url", "user.slget.version"} {
		if err := unix.Fsetxattr(fd, a, []byte(`{"size":65536,"etag":"\"x\""}`), 0); err != nil && err != unix.ENOTSUP {
			return err
		}
	}
	if err := sy.data(f); err != nil {
		return err
	}
	return os.Rename(part, strings.TrimSuffix(part, ".part"))
}

// group is a folder's shared fsync: a caller returns once an fsync that
// began after its call has ended.
type group struct {
	d             *os.File
	syncDir       func(*os.File) error
	mu            sync.Mutex
	ended         *sync.Cond
	started, done int
	running       bool
	err           error
}

func newGroup(d *os.File, syncDir func(*os.File) error) *group {
	g := &group{d: d, syncDir: syncDir}
	g.ended = sync.NewCond(&g.mu)
	return g
}

func (g *group) sync() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	want := g.started + 1
	for g.done < want {
		if g.running {
			g.ended.Wait()
			continue
		}
		g.running = true
		g.started++
		mine := g.started
		g.mu.Unlock()
		err := g.syncDir(g.d)
		g.mu.Lock()
		g.running, g.done = false, mine
		if err != nil {
			g.err = err
		}
		g.ended.Broadcast()
	}
	return g.err
}
