// Client, Request and Result: what a Go program sets up to download a file,
// and what it gets back.

package slget

import (
	"context"
	"io"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// Client downloads files. The zero value is usable: 4 connections, 1 MiB
// slices, the defaults of HTTPOptions for everything else. A Client is safe for
// concurrent use, and its downloads at once never pick the same output
// name. Set its fields before the first Do.
type Client struct {
	// HTTP makes the requests (see NewHTTPClient for headers, proxies,
	// TLS and timeouts); nil means one with the defaults and Connections.
	HTTP        *HTTPClient
	Connections int   // per download; zero means 4
	Slice       int64 // slice size for new downloads; zero means 1 MiB
	Retry       RetryPolicy
	// StallTimeout replaces a connection that brings no bytes for this
	// long (the probe's included); zero means 30s.
	StallTimeout time.Duration
	// LowestSpeed replaces a connection slower than this many bytes per
	// second over 10s; zero means no limit.
	LowestSpeed int64
	// RateLimit caps each download at this many bytes per second; zero
	// means no cap.
	RateLimit int64
	// TotalRateLimit caps all the downloads of the Client together at
	// this many bytes per second; zero means no cap.
	TotalRateLimit int64

	// Cache, if set, is the local slice cache (see OpenCache): the slices
	// of a download found in it are copied into the partial file instead
	// of being fetched, and the slices fetched from the origin are stored
	// in it after they are committed (those from peers only once a
	// Checksum has proved the whole file). Only a resource with a strong
	// ETag uses it, and only in the cache's slice size. A full disk never
	// fails a download: the rest is then not stored. The Client does not
	// close it.
	Cache *Cache
	// Peers are slget peers (`slget serve`), as http://HOST:PORT or
	// http://slget:TOKEN@HOST:PORT, asked for each run of slices before
	// the origin, in proxy form pinned with If-Match to the version the
	// Client's own probe of the origin found. A peer that misses, is slow,
	// refuses or fails leaves the slices to the origin; one whose slice
	// fails its checksum is dropped for the rest of the download and the
	// slice fetched from the origin. A peer that sends consistent wrong
	// bytes (with checksums that match them) is caught only by a
	// Request.Checksum, which then fetches the slices that came from peers
	// again from the origin: without one, the file has its bytes. Only a
	// resource with a strong ETag is asked of peers.
	Peers []string
	// PeerOptions configure the connections to Peers.
	PeerOptions PeerOptions

	httpOnce   sync.Once
	sharedOnce sync.Once
	sh         *shared
	peersOnce  sync.Once
	peers      []*fetch.Peer // Peers, parsed
	peersErr   error
}

// shared is what a Client and its clones have in common.
type shared struct {
	mu        sync.Mutex
	taken     map[string]bool // output paths of the downloads running now
	totalOnce sync.Once
	total     *rate.Limiter
}

func (c *Client) shared() *shared {
	c.sharedOnce.Do(func() {
		if c.sh == nil {
			c.sh = &shared{}
		}
	})
	return c.sh
}

// Clone returns a copy of c whose settings can be changed for some
// downloads (another slice size, other headers through another HTTP
// client). c and its clones never pick the same output name at once, and
// share one TotalRateLimit (c's), the Cache and the Peers.
func (c *Client) Clone() *Client {
	return &Client{
		HTTP: c.http(), Connections: c.Connections, Slice: c.Slice, Retry: c.Retry, StallTimeout: c.StallTimeout,
		LowestSpeed: c.LowestSpeed, RateLimit: c.RateLimit, TotalRateLimit: c.TotalRateLimit,
		Cache: c.Cache, Peers: c.Peers, PeerOptions: c.PeerOptions,
		sh: c.shared(),
	}
}

// Request is one download.
type Request struct {
	URL string
	// Path is the file to save as. "" means a name from the server (a
	// sanitised Content-Disposition filename, else the URL's last path
	// segment, else index.html) in Dir.
	Path string
	Dir  string // where a name from the server goes; "" means "."
	// Connections overrides Client.Connections for this download.
	Connections int
	// Checksum, if set, is checked against the whole file before it gets
	// its final name.
	Checksum *Checksum
	// SHA256 asks for the file's SHA-256 in Result.SHA256 (one more read
	// of the file at the end, unless Checksum is SHA-256).
	SHA256 bool

	AllowOverwrite bool // replace an existing file at the output name
	// AutoRename saves as NAME.1.ext (NAME.2.ext, ...) when the output name
	// is taken by a file, another URL's partial download or a partial file
	// that is not slget's; false makes that an *ExistsError.
	AutoRename bool
	// Continue also adopts a partial file without a journal (curl's,
	// wget's), once its last whole slice matches the server's.
	Continue bool
	// Restart discards this URL's partial download and its journal.
	Restart bool
	// NoRestart stops with a *ChangedError, keeping the partial
	// download, when the remote file changed since it was made; the default
	// starts over.
	NoRestart bool
	// NoJournal keeps no journal: no resume after a crash.
	NoJournal bool
	// SkipIntegrity resumes without re-reading the finished slices of the
	// partial download. By default every one is read back and checked
	// against the CRC-32C its journal recorded, and those that fail are
	// fetched again (aria2's --check-integrity, on by default here): a
	// partial file damaged between two runs must not end in a wrong file.
	SkipIntegrity bool

	// DryRun only probes and decides on the output name: Do returns the
	// Result (size, version, ranges, final URL, Path and Plan) and touches
	// nothing on disk.
	DryRun bool
	// IfNewer downloads only when the remote file is newer than the file at
	// the output name (If-Modified-Since, aria2c's --conditional-get), and
	// then replaces it; an unchanged file is Result.NotModified.
	IfNewer bool
	// RemoteTime gives the file the server's Last-Modified time.
	RemoteTime bool

	// Writer, if set, receives the file's bytes in order instead of a file
	// (a stream, as slget -o - writes to stdout): nothing is written to
	// disk; there is no output name, lock, journal or resume. Slices that
	// come ahead of the Writer wait in a window of StreamWindow bytes, the
	// connections claim only slices inside it, and a connection that runs
	// ahead waits for it to move. Every check holds as for a file; when
	// the file changes midway the Writer has received bytes of the old
	// version only, and Do returns a *ChangedError. Checksum and
	// SHA256 are computed on the way out; DryRun only probes. Path,
	// Continue and IfNewer must be unset; Dir, AllowOverwrite, AutoRename,
	// Restart, NoRestart, NoJournal, SkipIntegrity and RemoteTime do not
	// apply. Do returns when its context ends even if a Write blocks;
	// nothing is written after that Write returns.
	Writer io.Writer
	// StreamWindow is the most bytes of the file held in memory for Writer
	// (besides a read buffer per connection); zero means
	// DefaultStreamWindow. It must hold one slice at least.
	StreamWindow int64

	// Events, if set, is told what happens: a *Started event when the
	// transfer begins, then *Retrying and *Warning events. It is called
	// once at a time for a download, in the order the events happened
	// (the download's connections wait for it), never after Do returns;
	// it must not block for long.
	Events func(Event)
}

// Result is what a download did. Do returns it, filled as far as the
// download got, with every error too.
type Result struct {
	URL       string // as given, its password redacted
	FinalURL  string // after redirects, redacted
	Path      string // where the file is (or would have been)
	Size      int64  // bytes; -1 when the server sent no length and nothing came
	Validator Validator
	Ranged    bool // the server answered ranges: parallel and resumable
	// Resumed is the bytes already on disk when this run began (a journal,
	// or adopted with Continue); Transferred the bytes that came in this
	// run, duplicates of end-game slices included.
	Resumed, Transferred int64
	// BySource is the bytes of the file by where they came from, resumed
	// ones included.
	BySource map[Source]int64
	SHA256   string // hex, when Request.SHA256 or a SHA-256 Checksum asked for it
	Duration time.Duration
	// AlreadyComplete is true when nothing had to be downloaded: the file
	// was found complete (a crash after its rename, or Continue with a
	// Checksum that matches it).
	AlreadyComplete bool
	// NotModified is true when IfNewer found the local file up to date.
	NotModified bool
	// Plan says, for a DryRun, what a download would do at Path: "new",
	// "resume" (with Resumed bytes), "complete", or why Path was chosen
	// over the name first tried.
	Plan string
}

// Event is something a download reports while it runs: *Warning, *Started
// or *Retrying.
type Event interface{ event() }

// Warning is something a user should know that does not stop the download.
type Warning struct {
	URL     string // redacted
	Message string
}

// Started is sent when the transfer begins. Progress returns a snapshot of
// the download's progress; it may be called from any goroutine, as often
// as wanted (each call is a sample of the speeds), until Do returns.
type Started struct {
	URL         string // redacted
	Path        string
	Size        int64 // -1 when unknown
	Resumed     int64 // bytes already done
	Connections int
	Ranged      bool
	Slices      int   // 0 without ranges
	Slice       int64 // the slice size; 0 without ranges
	// Proxy is the HTTP proxy (without credentials) that answers the
	// download's requests, and so may keep a connection waiting while it
	// fills its cache; "" when the server answers them, directly or
	// through a tunnel.
	Proxy    string
	Progress func() Progress
}

// Retrying is a failed try of a slice that will be tried again after
// Wait. A download gives up on the slice (and fails) after MaxTries.
type Retrying struct {
	URL      string // redacted
	Slice    int    // the slice whose try failed
	Err      error  // why it failed
	Try      int    // the try that comes next: 2 for the first retry
	MaxTries int
	Wait     time.Duration
}

func (*Warning) event()  {}
func (*Started) event()  {}
func (*Retrying) event() {}

// Get downloads url into the current directory (or to path, if not "")
// with a zero Client, resuming a partial download of it if there is one.
func Get(ctx context.Context, url, path string) (*Result, error) {
	var c Client
	// Nobody can reach c afterwards: its idle connections would otherwise
	// hold a descriptor and two goroutines each until the idle timeout.
	defer func() {
		if c.HTTP != nil {
			c.HTTP.CloseIdle()
		}
	}()
	return c.Do(ctx, &Request{URL: url, Path: path})
}

func (c *Client) http() *HTTPClient {
	c.httpOnce.Do(func() {
		if c.HTTP == nil {
			c.HTTP, _ = fetch.NewClient(fetch.ClientOptions{Connections: c.connections(nil)}) // zero options cannot fail
		}
	})
	return c.HTTP
}

// total is the limiter all downloads share, or nil.
func (c *Client) total() *rate.Limiter {
	sh := c.shared()
	sh.totalOnce.Do(func() {
		if c.TotalRateLimit > 0 {
			sh.total = newLimiter(c.TotalRateLimit)
		}
	})
	return sh.total
}

func (c *Client) connections(r *Request) int {
	switch {
	case r != nil && r.Connections > 0:
		return r.Connections
	case c.Connections > 0:
		return c.Connections
	}
	return 4
}

func (c *Client) slice() int64 {
	if c.Slice > 0 {
		return c.Slice
	}
	return segment.DefaultSlice
}

// reserve claims path for one download of this Client, so that two
// downloads at once never pick the same name; it reports false when the
// path is taken. unreserve gives it back.
func (c *Client) reserve(path string) bool {
	sh := c.shared()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.taken == nil {
		sh.taken = make(map[string]bool)
	}
	if sh.taken[path] {
		return false
	}
	sh.taken[path] = true
	return true
}

func (c *Client) unreserve(path string) {
	sh := c.shared()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	delete(sh.taken, path)
}

// identity is what makes two URLs name the same download: scheme, host and
// path. A new query string (a re-signed URL) is the same download, as long
// as the server's version is the same.
func identity(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host) + u.EscapedPath()
}
