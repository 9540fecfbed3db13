// slget demo: a real parallel download from an origin on loopback that is
// rate-limited per connection like a WAN link.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/units"
)

func demoCommand(con *console) *cli.Command {
	return &cli.Command{
		Name:  "demo",
		Usage: "download from a built-in origin on loopback and show the speed-up over one connection",
		Description: "Starts an origin on 127.0.0.1 that serves generated data at a fixed rate per\n" +
			"connection (as a WAN link or nginx's limit_rate would), measures one connection\n" +
			"for a moment, then downloads the whole file with -x connections, verifies its\n" +
			"SHA-256 and prints the speed-up. It needs no network.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "connections", Aliases: []string{"x"}, Value: 8, Usage: "parallel connections (1 to 64)"},
			&cli.StringFlag{Name: "size", Value: "32m", Usage: "`SIZE` of the demo file"},
			&cli.StringFlag{Name: "rate", Value: "1m", Usage: "per-connection `RATE` of the origin, bytes/s"},
			&cli.StringFlag{Name: "slice", Value: "1m", Usage: "slice `SIZE`"},
			&cli.StringFlag{Name: "dir", Aliases: []string{"d"}, Usage: "keep the file in `DIR` (default: a temporary directory, removed after)"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print only the summary"},
		},
		Action: func(c *cli.Context) error { return runDemo(c, con) },
	}
}

// runDemo is slget demo: an origin of its own started, a download from it
// run and checked, and the summary.
// Like the quick start it runs, it reads top to bottom; each step uses the
// one before.
func runDemo(c *cli.Context, con *console) error {
	ctx := c.Context
	x := c.Int("connections")
	if x < 1 || x > maxConnections {
		return withCode(exitBadOption, fmt.Errorf("-x %d: want 1 to %d connections", x, maxConnections))
	}
	size, err := units.ParseSize(c.String("size"))
	if err != nil || size < 1 || size > 8<<30 {
		return withCode(exitBadOption, fmt.Errorf("--size %q: want 1 byte to 8g", c.String("size")))
	}
	rate, err := units.ParseSize(c.String("rate"))
	if err != nil || rate < 16<<10 {
		return withCode(exitBadOption, fmt.Errorf("--rate %q: want at least 16k bytes/s", c.String("rate")))
	}
	slice, err := parseSlice(c.String("slice"))
	if err != nil {
		return withCode(exitBadOption, fmt.Errorf("--slice: %v", err))
	}
	dir := c.String("dir")
	if dir == "" {
		if dir, err = os.MkdirTemp("", "slget-demo-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	}
	con.quiet = c.Bool("quiet")
	con.solo = true
	if con.mode, err = progressModeOf("auto", con.stderr); err != nil {
		return err
	}

	srv, err := startDemoOrigin(size, rate)
	if err != nil {
		return fmt.Errorf("cannot start the demo origin: %w", err)
	}
	defer srv.Close()
	con.printf("demo origin: %s (%s, %s/s per connection, ETag %s)\n", srv.url, units.Bytes(size), units.Bytes(rate), srv.etag)
	want, err := newDemoBytes(size).sha256()
	if err != nil {
		return err
	}
	// The library checks the whole file against the SHA-256 the origin's
	// bytes have: a mismatch is exit 32, as with --checksum.
	sum, err := slget.ParseChecksum("sha-256=" + want)
	if err != nil {
		return err
	}

	cfg := config{connections: x, dir: dir, slice: slice, jobs: 1, maxTries: 5, retryWait: 200 * time.Millisecond,
		timeout: 30 * time.Second, connectTimeout: 5 * time.Second, stallTimeout: 10 * time.Second, checksum: sum}
	a, err := newApp(con, nil, cfg)
	if err != nil {
		return err
	}
	defer a.client.HTTP.CloseIdle()

	// One connection for a short sample: the baseline.
	single, err := sampleOne(ctx, a.client.HTTP, srv.url, slice, 1500*time.Millisecond)
	if err != nil {
		return fmt.Errorf("demo: measuring one connection: %w", err)
	}
	con.printf("one connection: %s/s (measured for 1.5s)\n", units.Bytes(int64(single)))

	start := time.Now()
	res, err := a.get(ctx, srv.url, nil)
	if err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	if res.Verified == "" {
		return withCode(exitChecksum, fmt.Errorf("demo: %s was not checked against its SHA-256", res.Path))
	}
	speed := float64(size) / secs
	ideal := float64(size) / (float64(x) * float64(rate))
	fmt.Fprintf(con.stderr, "%d connections: %s in %.2fs = %s/s, %.1fx one connection (ideal %.2fs); SHA-256 %s… verified\n",
		x, units.Bytes(size), secs, units.Bytes(int64(speed)), speed/single, ideal, want[:16])
	// Every GET asks for whole slices; a HEAD carries no range (the one
	// after the last byte asks whether the version is still the same).
	reqs, aligned, heads := srv.requests(slice)
	confirmed := ""
	if heads > 0 {
		confirmed = fmt.Sprintf("; %d HEAD confirmed the version after the last byte", heads)
	}
	fmt.Fprintf(con.stderr, "origin saw %d ranged requests, %d of them slice-aligned%s\n", reqs, aligned, confirmed)
	if aligned != reqs {
		return withCode(exitBadResponse, errors.New("demo: a request was not slice-aligned"))
	}
	return nil
}

// sampleOne downloads from rawURL on one connection for d, as a stream
// that goes nowhere, and returns the speed in bytes per second.
func sampleOne(ctx context.Context, hc *slget.HTTPClient, rawURL string, slice int64, d time.Duration) (float64, error) {
	c := &slget.Client{HTTP: hc, Connections: 1, Slice: slice}
	var progress func() slget.Progress
	req := &slget.Request{URL: rawURL, Writer: io.Discard, Events: func(e slget.Event) {
		if s, ok := e.(*slget.Started); ok {
			progress = s.Progress
		}
	}}
	sctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	start := time.Now()
	var moved int64
	res, err := c.Do(sctx, req)
	el := time.Since(start).Seconds()
	switch {
	case err == nil:
		moved = res.Transferred
	case errors.Is(err, context.DeadlineExceeded) && progress != nil:
		moved = progress().ThisRun
	default:
		return 0, err
	}
	hc.CloseIdle()
	return float64(moved) / el, nil
}
