// --daemon (-D), as aria2c: the daemon goes on in the
// background, in a session of its own, and the command returns once it
// listens.
//
// Decision: detach, rather than refuse. NAS packages and start scripts run
// `aria2c -D` (or daemon=true in aria2.conf) and expect the command to
// return; refusing would break them. Go cannot fork a running process, so
// slget starts itself again with the same arguments in a new session
// (setsid), its stdin and stdout on /dev/null and its stderr on a pipe:
// the command shows what the daemon says until it listens (a port in use,
// a bad option: its exit code too), then returns 0 and leaves it running.
// Unlike aria2c, it stays in the folder it was started from, so relative
// paths (-d, --save-session, --log) mean what they meant.

package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// detachedEnv is set in the daemon that --daemon started, so that it runs
// rather than starting another.
const detachedEnv = "SLGET_DETACHED"

// detach starts the daemon in the background and returns once it listens.
func detach(con *console) error {
	attr := detachedAttr()
	if attr == nil {
		return withCode(exitBadOption, errors.New("--daemon: slget cannot detach itself on this system; run it as a service"))
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("--daemon: %v", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("--daemon: %v", err)
	}
	defer r.Close()
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Env = append(os.Environ(), detachedEnv+"=1")
	cmd.Stderr = w // stdin and stdout: /dev/null
	cmd.SysProcAttr = attr
	err = cmd.Start()
	w.Close()
	if err != nil {
		return fmt.Errorf("--daemon: %v", err)
	}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		con.print(line + "\n")
		if strings.Contains(line, "JSON-RPC on ") {
			con.print(fmt.Sprintf("slget: the daemon runs in the background as process %d\n", cmd.Process.Pid))
			return cmd.Process.Release()
		}
	}
	// It stopped before it listened: what it said is shown; its code is ours.
	err = cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return withCode(ee.ExitCode(), errors.New("the daemon stopped before it listened"))
	}
	return errors.New("the daemon stopped before it listened")
}
