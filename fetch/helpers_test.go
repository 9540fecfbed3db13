// Test helpers: an in-memory output file that checks every write, and a
// one-call download against a fetchtest origin.

package fetch_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

const kib = 1 << 10
const mib = 1 << 20

// memFile is a fetch.File in memory. Every write is checked against want
// (when set): a write of bytes that are not the resource's bytes at that
// offset (another version, a shifted range) is counted as bad, so a test can
// prove that such bytes were never written, not merely overwritten later.
type memFile struct {
	mu     sync.Mutex
	b      []byte
	grow   bool // size unknown: grow on writes past the end
	want   *fetchtest.Content
	syncs  int
	writes int
	bad    []string // descriptions of writes of wrong bytes
}

// newMemFile returns a file of size bytes whose writes must match want
// (nil: no check). A negative size makes a file that grows.
func newMemFile(size int64, want *fetchtest.Content) *memFile {
	if size < 0 {
		return &memFile{grow: true, want: want}
	}
	return &memFile{b: make([]byte, size), want: want}
}

func (f *memFile) WriteAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if off < 0 {
		return 0, errors.New("memFile: negative offset")
	}
	end := off + int64(len(p))
	if end > int64(len(f.b)) {
		if !f.grow {
			return 0, fmt.Errorf("memFile: write of [%d,%d) past the end %d", off, end, len(f.b))
		}
		f.b = append(f.b, make([]byte, end-int64(len(f.b)))...)
	}
	if f.want != nil {
		if w := f.want.Bytes(off, int64(len(p))); string(w) != string(p) {
			f.bad = append(f.bad, fmt.Sprintf("[%d,%d)", off, end))
		}
	}
	f.writes++
	copy(f.b[off:], p)
	return len(p), nil
}

func (f *memFile) Sync() error {
	f.mu.Lock()
	f.syncs++
	f.mu.Unlock()
	return nil
}

// sum is the lower-case hex SHA-256 of the file.
func (f *memFile) sum() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	h := sha256.Sum256(f.b)
	return hex.EncodeToString(h[:])
}

func (f *memFile) badWrites() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.bad...)
}

// recorder collects the strings a download reports through Warn and Logf.
type recorder struct {
	mu    sync.Mutex
	lines []string
}

func (r *recorder) add(s string) {
	r.mu.Lock()
	r.lines = append(r.lines, s)
	r.mu.Unlock()
}

func (r *recorder) logf(format string, args ...any) { r.add(fmt.Sprintf(format, args...)) }

func (r *recorder) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.lines...)
}

func (r *recorder) count(substr string) int {
	n := 0
	for _, l := range r.all() {
		if strings.Contains(l, substr) {
			n++
		}
	}
	return n
}

// result is one finished (or failed) download.
type result struct {
	probe   *fetch.Probe
	plan    segment.Plan
	want    fetchtest.Content // the content at the start
	out     *memFile
	d       *fetch.Downloader
	warn    recorder // Origin.Warn
	log     recorder // Config.Logf
	elapsed time.Duration
}

// newClient returns a client for conns connections, closed at the end of
// the test.
func newClient(t testing.TB, conns int) *fetch.Client {
	t.Helper()
	c, err := fetch.NewClient(fetch.ClientOptions{Connections: conns, ConnectTimeout: 5 * time.Second, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.CloseIdle)
	return c
}

// download probes srv and runs a Downloader with cfg for the rest, into a
// memFile that checks every write against the content served at the start.
// It fails the test if the probe fails or finds no ranges; the error is the
// Downloader's.
func download(t *testing.T, srv *fetchtest.Server, slice int64, cfg fetch.Config) (*result, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	res := &result{want: srv.Content()}
	client := newClient(t, cfg.Connections)
	start := time.Now()
	p, err := client.Probe(ctx, srv.FileURL(), slice)
	if err != nil {
		t.Fatalf("probe: %v", err)
	}
	res.probe = p
	if !p.Ranged {
		p.Body.Close()
		t.Fatalf("probe: not ranged")
	}
	if p.Validator.Size != res.want.Size {
		t.Fatalf("probe: size %d, want %d", p.Validator.Size, res.want.Size)
	}
	res.plan, err = segment.NewPlan(p.Validator.Size, slice)
	if err != nil {
		t.Fatal(err)
	}
	origin := fetch.NewOrigin(client, p)
	origin.Warn = res.warn.add
	cfg.Logf = res.log.logf
	res.out = newMemFile(p.Validator.Size, &res.want)
	if j, ok := cfg.Journal.(interface{ setOut(*memFile) }); ok {
		j.setOut(res.out)
	}
	res.d = fetch.NewDownloader(cfg, res.plan, nil, origin, res.out)
	err = res.d.Run(ctx, p.Body)
	res.elapsed = time.Since(start)
	return res, err
}

// mustDownload is download for runs that must succeed with the right bytes.
func mustDownload(t *testing.T, srv *fetchtest.Server, slice int64, cfg fetch.Config) *result {
	t.Helper()
	res, err := download(t, srv, slice, cfg)
	if err != nil {
		t.Fatalf("download: %v\nlog:\n%s\nrequests:\n%s", err, strings.Join(res.log.all(), "\n"), dumpLog(srv.Requests()))
	}
	res.check(t)
	return res
}

// check verifies the output: the right SHA-256, no wrong write ever, and
// progress numbers that add up.
func (res *result) check(t *testing.T) {
	t.Helper()
	if got, want := res.out.sum(), res.want.SHA256(); got != want {
		t.Errorf("SHA-256 of the output %s, want %s", got, want)
	}
	if bad := res.out.badWrites(); len(bad) > 0 {
		t.Errorf("%d writes of wrong bytes, first at %s", len(bad), bad[0])
	}
	st := res.d.Stats()
	if st.Done != res.want.Size || st.Written < res.want.Size {
		t.Errorf("stats: done %d, written %d; want done %d", st.Done, st.Written, res.want.Size)
	}
	if !res.d.Done().Full() {
		t.Errorf("done-set not full: %d of %d", res.d.Done().Count(), res.plan.N())
	}
}

// fileGets returns the GET requests for path, in arrival order.
func fileGets(reqs []fetchtest.Request, path string) []fetchtest.Request {
	var out []fetchtest.Request
	for _, r := range reqs {
		if r.Path == path && r.Method == http.MethodGet {
			out = append(out, r)
		}
	}
	return out
}

// checkAligned asserts that the first request for the file is the probe of
// slice 0 and that every request for it is slice-aligned.
func checkAligned(t *testing.T, reqs []fetchtest.Request, slice, size int64) {
	t.Helper()
	if len(reqs) == 0 {
		t.Fatal("no requests for the file")
	}
	if want := fmt.Sprintf("bytes=0-%d", slice-1); reqs[0].Range != want {
		t.Errorf("probe asked %q, want %q", reqs[0].Range, want)
	}
	for _, r := range reqs {
		if !r.Aligned(slice, size) {
			t.Errorf("request %d asked %q: not aligned to %d-byte slices of %d bytes", r.N, r.Range, slice, size)
		}
	}
}

// rangeCount counts the requests per Range header.
func rangeCount(reqs []fetchtest.Request) map[string]int {
	m := make(map[string]int)
	for _, r := range reqs {
		m[r.Range]++
	}
	return m
}

func dumpLog(reqs []fetchtest.Request) string {
	var b strings.Builder
	for _, r := range reqs {
		fmt.Fprintf(&b, "  #%d conn %d %s %s range=%q if-range=%q -> %d %q %d bytes\n",
			r.N, r.Conn, r.Method, r.Path, r.Range, r.IfRange, r.Status, r.ContentRange, r.BodyBytes)
	}
	return b.String()
}

// arrivals records when each file request arrived, by its fault number n.
type arrivals struct {
	mu sync.Mutex
	at map[int]time.Time
}

func (a *arrivals) fault(_ *http.Request, n int) fetchtest.Fault {
	a.mu.Lock()
	if a.at == nil {
		a.at = make(map[int]time.Time)
	}
	a.at[n] = time.Now()
	a.mu.Unlock()
	return fetchtest.Fault{}
}

func (a *arrivals) get(n int) time.Time {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.at[n]
}
