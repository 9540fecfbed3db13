// The fleet benchmark: four clients at once, straight to a per-connection
// rate-limited origin, against the same four through one slget serve;
// origin bytes and wall time per round.
//
//	go test ./cmd/slget -run '^$' -bench Fleet -benchtime 3x

package main

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// BenchmarkFleet downloads a 64 MiB file with 4 clients at once (-x 4),
// from an origin that gives each TCP connection 4 MiB/s as nginx's
// limit_rate does: slget straight to the origin, aria2c straight to the
// origin, and slget through a cold slget serve (a fresh cache each round).
// It reports the wall time of a round and what the origin sent.
func BenchmarkFleet(b *testing.B) {
	const (
		size    = 64 << 20
		clients = 4
		rate    = 4 << 20
	)
	origin := fetchtest.NewServer(b, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate))
	want := origin.Content().SHA256()
	// round runs b.N rounds of the clients run makes; before, if not nil,
	// readies each round (outside its time) and returns what ends it.
	round := func(b *testing.B, before func() func(), run func(i int, dir string) *exec.Cmd) {
		var originBytes int64
		var wall time.Duration
		for range b.N {
			dir := b.TempDir()
			after := func() {}
			if before != nil {
				after = before()
			}
			origin.ResetLog()
			start := time.Now()
			runs := atOnce(clients, func(i int) *exec.Cmd { return run(i, dir) })
			wall += time.Since(start)
			originBytes += origin.BytesServed()
			after()
			for i, r := range runs {
				if r.err != nil {
					b.Fatalf("%v\n%s%s", r.err, r.stdout, r.stderr)
				}
				if got := fileSHA(b, fmt.Sprintf("%s/f-%d", dir, i)); got != want {
					b.Fatalf("client %d: SHA-256 %s, want %s", i, got, want)
				}
			}
		}
		b.ReportMetric(0, "ns/op")
		b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s/round")
		b.ReportMetric(float64(originBytes)/float64(b.N)/(1<<20), "origin-MiB/round")
		b.ReportMetric(float64(clients*size)/(1<<20)/(wall.Seconds()/float64(b.N)), "delivered-MiB/s")
	}
	slget := binary(b)
	b.Run("slget-direct", func(b *testing.B) {
		round(b, nil, func(i int, dir string) *exec.Cmd {
			return exec.Command(slget, "-q", "--no-journal", "-x", "4", "-d", dir, "-o", fmt.Sprintf("f-%d", i), origin.FileURL())
		})
	})
	b.Run("aria2c-direct", func(b *testing.B) {
		aria := requireTool(b, "aria2c")
		round(b, nil, func(i int, dir string) *exec.Cmd {
			return exec.Command(aria, "-q", "-x", "4", "-s", "4", "-k", "1M", "--file-allocation=none", "--allow-overwrite=true",
				"-d", dir, "-o", fmt.Sprintf("f-%d", i), origin.FileURL())
		})
	})
	b.Run("slget-via-serve", func(b *testing.B) {
		var p *servedPeer
		cold := func() func() { // a fresh server and cache each round
			p = startServe(b, b.TempDir(), "--allow", strings.TrimPrefix(origin.URL, "http://"))
			return func() { p.stop(b) }
		}
		round(b, cold, func(i int, dir string) *exec.Cmd {
			return exec.Command(slget, "-q", "--no-journal", "-x", "4", "--peer", p.url, "-d", dir, "-o", fmt.Sprintf("f-%d", i), origin.FileURL())
		})
	})
}
