// Aria2's event hooks (--on-download-start, -pause, -stop,
// -complete, -error): the command run with the GID, the number of files
// and the path, one at a time, beside the downloads.

package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget/queue"
)

const catHooks = "Event hooks (as aria2c's)"

// hookNames are aria2's hook options, on-bt-download-complete included
// (accepted, not applied): none can be set over RPC.
const hookNames = "on-download-start on-download-pause on-download-stop on-download-complete on-download-error on-bt-download-complete"

func hookFlags() []cli.Flag {
	const run = " (as COMMAND GID 1 PATH, without a shell; set here or in aria2.conf only, never over RPC)"
	return []cli.Flag{
		&cli.StringFlag{Name: "on-download-start", Category: catHooks, Usage: "run `COMMAND` when a download starts" + run},
		&cli.StringFlag{Name: "on-download-pause", Category: catHooks, Usage: "run `COMMAND` when a download is paused" + run},
		&cli.StringFlag{Name: "on-download-stop", Category: catHooks, Usage: "run `COMMAND` when a download stops: removed, or complete or failed when --on-download-complete or --on-download-error is not given" + run},
		&cli.StringFlag{Name: "on-download-complete", Category: catHooks, Usage: "run `COMMAND` when a download is complete" + run},
		&cli.StringFlag{Name: "on-download-error", Category: catHooks, Usage: "run `COMMAND` when a download fails" + run},
	}
}

// hookRefused is the error for a hook option given over RPC, in aria2c's
// words for an option it cannot take, or nil for another option.
func hookRefused(name string) error {
	if !hasWord(hookNames, name) {
		return nil
	}
	//lint:ignore ST1005 aria2c's own words for an option it cannot take, which front ends show as they are
	return fmt.Errorf("We encountered a problem while processing the option '--%s': an event hook runs a command on this machine, so it is set only on the command line or in aria2.conf, never over RPC", name)
}

// hookWaitDelay bounds how long a hook that has ended may keep its
// output open through a process it left behind.
const hookWaitDelay = 2 * time.Second

// hookRun is one command to run.
type hookRun struct {
	option, command, gid, path string
}

// hookCmd is the command an event runs, and the option that gave it.
type hookCmd struct{ option, command string }

// hooks runs the event hooks of one invocation. nil runs none.
type hooks struct {
	cmds map[queue.EventKind]hookCmd // the command of each event, by aria2c's rules
	con  *console

	mu      sync.Mutex
	pending []hookRun
	running bool
	done    chan struct{} // closed when the runner is idle; nil before one starts
}

// hooksOf reads the hook options. aria2c's rule: on-download-complete and
// on-download-error, when given, run instead of on-download-stop.
func hooksOf(c *cli.Context, con *console) *hooks {
	h := &hooks{cmds: map[queue.EventKind]hookCmd{}, con: con}
	stop := c.String("on-download-stop")
	for kind, name := range map[queue.EventKind]string{
		queue.EventStart: "on-download-start", queue.EventPause: "on-download-pause", queue.EventStop: "on-download-stop",
		queue.EventComplete: "on-download-complete", queue.EventError: "on-download-error",
	} {
		cmd := c.String(name)
		if cmd == "" && (kind == queue.EventComplete || kind == queue.EventError) {
			cmd, name = stop, "on-download-stop"
		}
		if cmd != "" {
			h.cmds[kind] = hookCmd{option: name, command: cmd}
		}
	}
	return h
}

// event runs the hook of kind, if one is set, for the download gid whose
// file is path: queued behind the hooks still running, never waited for.
func (h *hooks) event(kind queue.EventKind, gid, path string) {
	if h == nil {
		return
	}
	c, ok := h.cmds[kind]
	if !ok {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.pending = append(h.pending, hookRun{option: c.option, command: c.command, gid: gid, path: path})
	if h.running {
		return
	}
	h.running = true
	h.done = make(chan struct{})
	go h.runAll(h.done)
}

// runAll runs the pending hooks in order until none is left.
func (h *hooks) runAll(done chan struct{}) {
	defer close(done)
	for {
		h.mu.Lock()
		if len(h.pending) == 0 {
			h.running = false
			h.mu.Unlock()
			return
		}
		r := h.pending[0]
		h.pending = h.pending[1:]
		h.mu.Unlock()
		h.run(r)
	}
}

// run runs one hook: the command itself (no shell: a path, or a name
// looked up in PATH, as aria2c's execlp) with GID, 1 and PATH, no
// input, its output to stderr and the log, line by line.
func (h *hooks) run(r hookRun) {
	h.con.logf(levelInfo, "%s: running %s %s 1 %s", r.option, r.command, r.gid, r.path)
	cmd := exec.Command(r.command, r.gid, "1", r.path)
	out := &hookOutput{con: h.con, prefix: r.option + " " + r.gid + ": "}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = hookWaitDelay
	err := cmd.Run()
	out.flush()
	if errors.Is(err, exec.ErrWaitDelay) && cmd.ProcessState.Success() {
		// It ended well and left a process of its own holding its output
		// (a background upload): not a failure.
		h.con.logf(levelInfo, "%s %s: ended; a process it started still runs", r.option, r.gid)
		return
	}
	if err != nil {
		h.con.warnf("%s %s %s 1 %s: %v (the download is not affected)", r.option, r.command, r.gid, r.path, err)
	}
}

// wait waits until every hook queued has run, or until ctx ends: then
// the hooks not yet started are dropped, named in the log, and one that
// runs is left to end on its own.
func (h *hooks) wait(ctx context.Context) {
	if h == nil {
		return
	}
	h.mu.Lock()
	done := h.done
	h.mu.Unlock()
	if done == nil {
		return
	}
	select {
	case <-done:
	case <-ctx.Done():
		h.mu.Lock()
		dropped := h.pending
		h.pending = nil
		h.mu.Unlock()
		for _, r := range dropped {
			h.con.logf(levelWarn, "%s %s %s 1 %s: not run: slget was stopped", r.option, r.command, r.gid, r.path)
		}
	}
}

// hookOutput passes a hook's output on, a line at a time.
type hookOutput struct {
	con    *console
	prefix string
	mu     sync.Mutex
	buf    []byte
}

func (o *hookOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.buf = append(o.buf, p...)
	for {
		i := bytes.IndexByte(o.buf, '\n')
		if i < 0 {
			break
		}
		o.line(string(o.buf[:i]))
		o.buf = o.buf[i+1:]
	}
	if len(o.buf) > 64<<10 { // no end of line in sight
		o.line(string(o.buf))
		o.buf = o.buf[:0]
	}
	return len(p), nil
}

func (o *hookOutput) flush() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.buf) > 0 {
		o.line(string(o.buf))
		o.buf = nil
	}
}

// line says one line of the hook's output on stderr (not with -q) and in
// the log.
func (o *hookOutput) line(s string) {
	s = strings.TrimSuffix(s, "\r")
	o.con.logf(levelInfo, "%s%s", o.prefix, s)
	if !o.con.quiet {
		o.con.print(o.prefix + s + "\n")
	}
}

// newCommandGID is a GID for a download of the command line, as aria2c
// gives one to each: 16 hex digits, random, not zero.
func newCommandGID() string {
	var b [8]byte
	for {
		_, _ = rand.Read(b[:])
		if b != [8]byte{} {
			return hex.EncodeToString(b[:])
		}
	}
}
