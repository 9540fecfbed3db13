// Signals that come while the daemon ends after aria2.shutdown: the
// shutdown was asked for, so the exit is 0 whatever the signals.

package main

import (
	"os"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestRPCSignalAfterShutdownExitsZero(t *testing.T) {
	for _, tc := range []struct {
		name    string
		running bool // a slow download runs at the shutdown
	}{{"downloading", true}, {"idle", false}} {
		t.Run(tc.name, func(t *testing.T) {
			d := startDaemon(t, "k", "-d", t.TempDir(), "--slice=256k")
			if tc.running {
				// Ending the download takes a while: the signal lands
				// in the daemon's shutdown.
				srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<20), fetchtest.WithRateLimit(256<<10))
				var gid string
				d.must(t, &gid, "aria2.addUri", []string{srv.FileURL()}, map[string]string{"out": "big.bin", "split": "4"})
				deadline := time.Now().Add(30 * time.Second)
				for srv.BytesServed() < 256<<10 {
					if time.Now().After(deadline) {
						t.Fatalf("the origin served %d bytes in 30s", srv.BytesServed())
					}
					time.Sleep(5 * time.Millisecond)
				}
			}
			d.must(t, nil, "aria2.shutdown")
			// A user's Ctrl-C right after the front end's Quit, pressed
			// again and again until the daemon is gone: none may change
			// the exit code or kill it, up to its very end.
			exited := make(chan error, 1)
			go func() { exited <- d.exited(t) }()
			tick := time.NewTicker(time.Millisecond)
			defer tick.Stop()
			for {
				_ = d.cmd.Process.Signal(os.Interrupt)
				select {
				case err := <-exited:
					if err != nil {
						t.Fatalf("SIGINT after aria2.shutdown's answer: the daemon exited with %v, want 0\n%s", err, d.errText())
					}
					return
				case <-tick.C:
				}
			}
		})
	}
}
