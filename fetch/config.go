// A Downloader's configuration: Config, what each zero means, and the
// rate limits a transfer waits on (Limiter).

package fetch

import (
	"context"
	"time"

	"golang.org/x/time/rate"
)

// Config tunes a Downloader. The zero value is usable; each field says what
// zero means.
type Config struct {
	// Connections is how many connections fetch at once: exactly this
	// many, or with MaxConnections the number to start with. Zero means 4.
	Connections int
	// MaxConnections, when above Connections, lets the download find its
	// own count (see scaleState): it starts with Connections, adds
	// connections while the total throughput grows by more than a few
	// percent per added connection, up to MaxConnections, and retires
	// some when the server pushes back (a 429 or 503 answer, a reset
	// connection) or the time to a first byte rises with no gain. A 429
	// or 503 that comes while other connections stream is the server's
	// connection limit: the connection that got it goes away without a
	// failed try, and the download never opens more than those that
	// streamed. Zero, or not above Connections, means Connections exactly.
	MaxConnections int
	Retry          RetryPolicy   // how long a slice is tried again, and the waits between tries
	StallTimeout   time.Duration // drop and replace a connection with no bytes for this long; zero means 30s
	// LowestSpeed drops and replaces a connection that stays below this many
	// bytes per second over LowestSpeedWindow; zero means no limit.
	LowestSpeed       int64
	LowestSpeedWindow time.Duration // zero means 10s
	Limiter           Limiter       // the download's rate; nil means none
	Journal           Journal       // nil means no journal (and no fsync until the end)
	CommitEvery       time.Duration // group commit interval; zero means 250ms
	CommitSlices      int           // or after this many slices; zero means 64
	Hash              bool          // compute each slice's CRC-32C for the journal
	// BufferSize is the bytes per read per connection; zero means the
	// connections share a budget of 2 MiB (see readBudget): 256 KiB each
	// at 8 connections, 128 KiB at 16, never below 128 KiB or above 1 MiB.
	// Writes to the File go in pieces of at most 128 KiB whatever it is.
	BufferSize int
	// Buffers lends the read buffers, shared with other downloads (a
	// Client's); nil means each connection makes its own.
	Buffers *Buffers
	// Window, for a reader that takes the bytes in order through a window
	// of this many bytes (a stream; see WindowFile and Consumed), keeps
	// every claim inside the window, each at most the connections' share
	// of it, and has the end-game rescue the lowest slice first. It counts
	// whole slices, at least one. Zero means no window.
	Window int64
	// Logf, if set, is told about replaced connections and waits that are
	// not failed tries; it may be called from several workers at once.
	Logf func(format string, args ...any)
	// OnRetry, if set, is told of each failed try that will be tried again
	// (Logf is told instead when OnRetry is nil); it may be called from
	// several workers at once.
	OnRetry func(RetryInfo)
	// Prefixes are the written starts of slices not done, each re-read and
	// checked against its CRC-32C by the caller: a first copy of such a
	// slice asks only for the rest. They are used, and the prefixes of
	// this run recorded (with a PrefixJournal), only with Hash and a
	// Source that is Unaligned; otherwise slices in flight start over.
	Prefixes []Prefix
	// OnSlice, if set, is told of each slice as its first copy finishes
	// (with its CRC-32C when Hash is set), before it is committed; it may
	// be called from several workers at once.
	OnSlice func(SliceDone)
}

func (c *Config) defaults() {
	if c.Connections <= 0 {
		c.Connections = 4
	}
	c.Retry = c.Retry.withDefaults()
	if c.StallTimeout <= 0 {
		c.StallTimeout = 30 * time.Second
	}
	if c.LowestSpeedWindow <= 0 {
		c.LowestSpeedWindow = 10 * time.Second
	}
	if c.CommitEvery <= 0 {
		c.CommitEvery = 250 * time.Millisecond
	}
	if c.CommitSlices <= 0 {
		c.CommitSlices = 64
	}
	if c.BufferSize <= 0 {
		c.BufferSize = readSize(max(c.Connections, c.MaxConnections))
	}
}

// Limiter paces bytes: a *rate.Limiter, or several at once (Limiters).
type Limiter interface {
	WaitN(ctx context.Context, n int) error
	Burst() int
}

// Limiters paces by every limiter in it: a download's own cap and the cap
// of all downloads together. Burst is the smallest burst.
type Limiters []*rate.Limiter

// WaitN waits until every limiter allows n bytes.
func (ls Limiters) WaitN(ctx context.Context, n int) error {
	for _, l := range ls {
		if err := l.WaitN(ctx, n); err != nil {
			return err
		}
	}
	return nil
}

// Burst is the smallest positive burst of the limiters (0 if none has one).
func (ls Limiters) Burst() int {
	b := 0
	for _, l := range ls {
		if x := l.Burst(); x > 0 && (b == 0 || x < b) {
			b = x
		}
	}
	return b
}
