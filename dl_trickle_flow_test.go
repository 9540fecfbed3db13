// No connection can hold a download, in Client.Do: a probe body of one
// slice that trickles is finished by an end-game duplicate, a whole-file
// answer that trickles is cut by the lowest speed, and a server too slow
// on every try fails with ErrTooSlow.

package slget_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestTrickledProbeOfOneSliceFinishes(t *testing.T) {
	const size = 700 << 10 // one slice of the default 1 MiB
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithTrickle(1, 0, 10))
	c := newClient(t, &slget.Client{Connections: 4})
	path := filepath.Join(t.TempDir(), "file.bin")
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second) // the trickle alone would take 20 hours
	defer cancel()
	if _, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path}); err != nil {
		t.Fatal(err)
	}
	if fileSHA256(path) != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	n := 0
	for _, q := range srv.Requests() {
		if strings.HasPrefix(q.Range, "bytes=0-") {
			n++
		}
	}
	if n < 2 {
		t.Errorf("slice 0 asked for %d times, want the probe and a duplicate", n)
	}
}

// Every body under the speed rules: a server that ignores Range and
// trickles its whole-file answer to the probe (10 B/s, never still long
// enough for the stall timeout) is cut by LowestSpeed, as a range would
// be, and the download starts over on a new connection.
func TestTrickledWholeFileCutByLowestSpeed(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(700<<10), fetchtest.WithNoRanges(), fetchtest.WithTrickle(1, 0, 10))
	c := newClient(t, &slget.Client{LowestSpeed: 1 << 10, Retry: slget.RetryPolicy{Wait: 50 * time.Millisecond}})
	_, w := get(t, c, srv, nil) // the trickle alone would take 20 hours; get gives it a minute
	if w.count("lowest speed limit; starting over") != 1 {
		t.Errorf("the warnings do not say the connection was cut:\n%s", w)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want the trickled probe and one more", n)
	}
}

// A server too slow on every try: the error is ErrTooSlow, not a network
// failure (the command's exit 5, as aria2c's for --lowest-speed-limit).
func TestTooSlowEveryTry(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(700<<10), fetchtest.WithRateLimit(2<<10))
	c := newClient(t, &slget.Client{LowestSpeed: 100 << 10, Retry: slget.RetryPolicy{MaxTries: 1}})
	ctx, cancel := context.WithTimeout(t.Context(), 40*time.Second)
	defer cancel()
	_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "file.bin")})
	if !errors.Is(err, slget.ErrTooSlow) {
		t.Fatalf("Do: %v (%T), want ErrTooSlow", err, err)
	}
}

// A server without ranges that stays below the lowest speed on every try:
// each try starts from byte 0 again, so the download is given up after
// the second drop (about two speed windows), not ridden out under the
// retry budget (nine tries and 132 s at the defaults), with an error that
// names the URL and offers a lower speed.
func TestTooSlowWithoutRangesGivesUp(t *testing.T) {
	t.Parallel()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithNoRanges(), fetchtest.WithRateLimit(8<<10))
	c := newClient(t, &slget.Client{LowestSpeed: 100 << 10}) // the default retry budget
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	start := time.Now()
	_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "file.bin")})
	took := time.Since(start)
	t.Logf("%v after %s", err, took.Round(time.Millisecond))
	var se *slget.SlowStreamError
	if !errors.As(err, &se) || !errors.Is(err, slget.ErrTooSlow) {
		t.Fatalf("Do: %v (%T), want a *SlowStreamError that matches ErrTooSlow", err, err)
	}
	if !strings.Contains(err.Error(), srv.FileURL()) || !slices.Contains(slget.Remedies(err), slget.RemedyLowerSpeed) {
		t.Errorf("the error does not name the URL or offer a lower speed: %v, %v", err, slget.Remedies(err))
	}
	if n := len(srv.Requests()); n != slowWholeTries {
		t.Errorf("%d requests, want %d", n, slowWholeTries)
	}
	if took > 40*time.Second {
		t.Errorf("gave up after %s, want about two speed windows (20 s)", took)
	}
}

// slowWholeTries is the tries a stream without ranges gets under the
// lowest speed.
const slowWholeTries = 2
