// The tries of a stream without ranges: each starts again from byte 0, so
// a failure that another try would only repeat ends the download instead.

package slget

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/slget/slget/fetch"
)

// slowWholeTries is how many tries of a stream without ranges the lowest
// speed may cut before the download is given up: the first, and one more
// on a new connection.
//
// Such a stream cannot resume: every try throws away what came and asks
// for the file from byte 0 again, and a server that stayed under the limit
// for a whole window will most likely do so again. Under the time budget
// of the retry policy it was asked nine times (132 s at the defaults)
// before the download failed, where aria2c gives up after the first drop
// (about 10 s). One more try is kept because it can help: a new
// connection may take another path or reach another server behind a
// balancer, and one answer that trickled (a moment's congestion) is then
// done. A second drop ends the download in about two speed windows (some
// 20 s at the defaults).
const slowWholeTries = 2

// wholeTries counts the failed tries of a whole-resource stream for the
// retry policy: how many, when the first ended, how many the lowest speed
// cut, and where the last answer cut short ended.
type wholeTries struct {
	url   string // for messages
	cache string // what the probe's answer said of a cache in front; "" for none
	n     int
	first time.Time
	slow  int   // tries cut by the lowest speed
	cutAt int64 // the bytes of the last answer that ended early; -1 for none
}

// newWholeTries counts the tries of url, whose probe's answer said cache
// of a cache in front ("" for none).
func newWholeTries(url, cache string) wholeTries {
	return wholeTries{url: url, cache: cache, cutAt: -1}
}

// failed counts a failed try whose error was err after got bytes of its
// answer, and says what comes next: the wait before the next try and the
// words for it ("try 2 of 5 in 1s"), or a non-nil error to give up with
// (err itself, or one that says why another try would not help).
func (t *wholeTries) failed(p fetch.RetryPolicy, lowest int64, err error, got int64) (wait time.Duration, line string, final error) {
	if t.n++; t.n == 1 {
		t.first = time.Now()
	}
	if errors.Is(err, fetch.ErrTooSlow) {
		if t.slow++; t.slow >= slowWholeTries {
			return 0, "", &SlowStreamError{URL: t.url, Lowest: lowest, Tries: t.slow, Err: err}
		}
	}
	if got > 0 && errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, fetch.ErrTooSlow) {
		// The same byte twice, or a cache that names itself cutting
		// twice (where it cuts may move as it evicts).
		if got == t.cutAt || (t.cutAt >= 0 && t.cache != "") {
			return 0, "", &SameCutError{URL: t.url, At: got, Before: t.cutAt, Cache: t.cache, Err: err}
		}
		t.cutAt = got
	}
	wait, left, ok := p.Next(t.n, time.Since(t.first), err)
	if !ok {
		return 0, "", err
	}
	if errors.Is(err, fetch.ErrTooSlow) {
		return wait, fmt.Sprintf("try %d in %s, the last if it is as slow", t.n+1, wait.Round(time.Millisecond)), nil
	}
	return wait, fetch.TryLine(t.n+1, p.TriesFor(err), left, wait), nil
}
