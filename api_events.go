// Events: what a download reports while it runs (Started, Retrying,
// Warning, Syncing, Finishing), told to Request.Events one at a time.

package slget

import (
	"time"

	"github.com/slget/slget/fetch"
)

// Event is something a download reports while it runs: *Warning,
// *Started, *Retrying, *Syncing or *Finishing.
type Event interface{ event() }

// Warning is something a user should know that does not stop the download.
type Warning struct {
	URL     string // redacted
	Message string
	Help    []Remedy // what would avoid it next time; nil for nothing
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
	Proxy string
	// Protocol says how the requests go: "HTTP/1.1", "HTTP/2", or for
	// a ranged download from a server that speaks HTTP/2 whether its
	// connections are streams of one HTTP/2 connection or HTTP/1.1
	// connections of their own (Client.HTTP2Streams), in words.
	Protocol string
	// Cache says, in words, what a cache in front (one the probe's
	// answer named, or the proxy) said of the file and how the download
	// goes because of it: "Apache Traffic Server holds (or is filling)
	// the file: ranges from it". It is "" when no cache showed, and when
	// a warning already said it (a whole answer that fills the cache).
	Cache    string
	Progress func() Progress
	// SlicesDone reports which slices are finished now (index i is the
	// slice of Slice bytes at i×Slice); nil without ranges.
	SlicesDone func() []bool
}

// Retrying is a failed try of a slice that will be tried again after
// Wait. A download gives up on the slice (and fails) after MaxTries, or,
// under the time rule of RetryPolicy.Budget (MaxTries zero), when its
// budget is spent.
type Retrying struct {
	URL      string // redacted
	Slice    int    // the slice whose try failed
	Err      error  // why it failed
	Try      int    // the try that comes next: 2 for the first retry
	MaxTries int    // zero under the time rule
	// Left is, under the time rule, what will be left of the budget after
	// Wait (negative for no limit); zero under MaxTries.
	Left time.Duration
	Wait time.Duration
}

// String says the next try as a line: "try 2 of 5 in 1s", or under the
// time rule "try 7 in 8s (giving up in 1m40s)".
func (e *Retrying) String() string { return fetch.TryLine(e.Try, e.MaxTries, e.Left, e.Wait) }

// Syncing is sent when every byte of the file is written (and checked,
// when a checksum was asked) under its partial name, and what remains is
// to make it durable: the data sync, the rename to Path (the name it is
// meant to take) and the fsync of its folder. The download uses no
// connection any more. It is not done: Do returns when the folder is
// synced, and a crash before the rename leaves the file under its partial
// name. A program that caps how many downloads transfer at once may start
// the next one now, so that the data syncs of files that finish together
// run side by side (the disk flushes its cache once for those that meet)
// while the next downloads transfer.
type Syncing struct {
	URL  string // redacted
	Path string
}

// Finishing is sent when the file is complete under its final name, Path,
// and the download waits only for its folder to be synced, an fsync it
// shares with the downloads that finish beside it. The download is not
// done: Do returns when the folder is synced (a crash before then may
// leave the file under its partial name). A program that caps how many
// downloads run at once may start the next one now, so that the fsync
// covers more of them.
type Finishing struct {
	URL  string // redacted
	Path string
}

func (*Warning) event() {}

func (*Started) event() {}

func (*Retrying) event() {}

func (*Syncing) event() {}

func (*Finishing) event() {}
