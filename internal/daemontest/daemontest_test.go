// Tests of stopping a daemon: the sessions it forked end with it.

package daemontest

import (
	"fmt"
	"os/exec"
	"testing"
	"time"
)

// A daemon's session (here a shell's child) outlives a kill of the daemon
// alone; Stop ends it too, before it returns.
func TestStopEndsTheSessions(t *testing.T) {
	cmd := exec.Command("sh", "-c", "sleep 60 & sleep 60 & wait")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var kids []int
	for i := 0; len(kids) < 2; i++ {
		if i > 1000 {
			t.Fatalf("the shell started %d sessions, want 2", len(kids))
		}
		time.Sleep(5 * time.Millisecond)
		kids = Descendants(cmd.Process.Pid)
	}
	Stop(cmd.Process, func() { cmd.Wait() })
	for _, k := range kids {
		if !gone(k) {
			exec.Command("kill", "-KILL", fmt.Sprint(k)).Run()
			t.Errorf("session %d still runs after Stop", k)
		}
	}
}
