// A helper process in a namespace: started, its output read line by line,
// stopped when the test ends.

package netnstest

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Process is a command running in a namespace.
type Process struct {
	// Lines are the lines of its stdout and stderr as they come (a line
	// is dropped when nobody reads and 1024 wait).
	Lines <-chan string
	stop  sync.Once
	stopf func()
}

// Stop closes the process's stdin and waits for it to end: up to 5s,
// then it is sent SIGINT, and after 20s more killed.
func (p *Process) Stop() { p.stop.Do(p.stopf) }

// Start starts name with args in ns (env added to this process's
// environment). The process is stopped (see Stop) when the test ends, if
// not before. logf, if not nil, is told
// each line.
func (l *LAN) Start(t TB, ns string, env []string, logf func(string, ...any), name string, args ...string) *Process {
	t.Helper()
	cmd := l.Command(context.Background(), ns, name, args...)
	cmd.Env = append(os.Environ(), env...)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s in %s: %v", name, ns, err)
	}
	lines := make(chan string, 1024)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if logf != nil {
				logf("%s: %s", filepath.Base(name), sc.Text())
			}
			select {
			case lines <- sc.Text():
			default:
			}
		}
	}()
	p := &Process{Lines: lines}
	p.stopf = func() {
		stdin.Close()
		waited := make(chan struct{})
		go func() { cmd.Wait(); close(waited) }()
		select {
		case <-waited:
		case <-time.After(5 * time.Second):
			cmd.Process.Signal(os.Interrupt)
			select {
			case <-waited:
			case <-time.After(20 * time.Second):
				cmd.Process.Kill()
				<-waited
			}
		}
		pw.Close()
		<-done
	}
	t.Cleanup(p.Stop)
	return p
}

// WaitLine waits up to a minute for a line that contains s, and returns
// it; ok is false when none came.
func (p *Process) WaitLine(s string) (line string, ok bool) { return p.WaitLineWithin(s, time.Minute) }

// WaitLineWithin is WaitLine within d.
func (p *Process) WaitLineWithin(s string, d time.Duration) (line string, ok bool) {
	deadline := time.After(d)
	for {
		select {
		case l := <-p.Lines:
			if strings.Contains(l, s) {
				return l, true
			}
		case <-deadline:
			return "", false
		}
	}
}
