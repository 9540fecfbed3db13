// Progress: lines on a terminal (mpb), a summary line now and then when
// stderr is not a terminal, JSON lines for scripts, or nothing.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/units"
)

type progressMode int

const (
	progressNone    progressMode = iota
	progressBars                 // live lines on a terminal
	progressJSON                 // JSON lines on stdout
	progressSummary              // a line every --summary-interval on stderr
)

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// console serialises what slget prints for people (stderr) and scripts
// (stdout), so lines, warnings and JSON never interleave mid-line.
type console struct {
	mu       sync.Mutex
	stdout   io.Writer
	stderr   io.Writer
	quiet    bool
	verbose  bool // --verbose: say how each download connects
	mode     progressMode
	solo     bool          // one download at a time: also a line per connection
	interval time.Duration // --summary-interval; 0 means none
	bars     *mpb.Progress // non-nil while lines are drawn; shared by downloads at once (-j)
	active   int           // downloads drawing lines now
	log      io.Writer     // --log; nil for none
	logLevel int           // the least level written to log
}

// Log levels of --log-level, as aria2c's.
const (
	levelDebug = iota
	levelInfo
	levelNotice
	levelWarn
	levelError
)

var levelNames = [...]string{"DEBUG", "INFO", "NOTICE", "WARN", "ERROR"}

// logf writes a line to --log at level, with the time, if the level is on.
// The caller holds no lock.
func (c *console) logf(level int, format string, args ...any) {
	if !c.logs(level) {
		return
	}
	line := fmt.Sprintf("%s [%s] %s", time.Now().Format("2006-01-02 15:04:05.000"), levelNames[level], fmt.Sprintf(format, args...))
	line = strings.TrimRight(line, "\n") + "\n"
	c.mu.Lock()
	defer c.mu.Unlock()
	io.WriteString(c.log, line)
}

// warnf prints a line for people on stderr (above the live lines).
func (c *console) warnf(format string, args ...any) {
	c.logf(levelWarn, format, args...)
	if c.quiet {
		return
	}
	c.print("slget: " + fmt.Sprintf(format, args...) + "\n")
}

// errorf prints an error even with -q, above the live lines when they are
// drawn: written under them, the next redraw would wipe it.
func (c *console) errorf(format string, args ...any) {
	c.logf(levelError, format, args...)
	c.print("slget: " + fmt.Sprintf(format, args...) + "\n")
}

// says reports whether a line at level goes anywhere (the screen or the
// log), so that a line nobody reads is not formatted (with -q, once per
// file of a list).
func (c *console) says(level int) bool {
	return !c.quiet || c.logs(level)
}

// logs reports whether the log (--log) takes a line at level.
func (c *console) logs(level int) bool {
	return c.log != nil && level >= c.logLevel
}

// printf prints for people on stderr unless -q.
func (c *console) printf(format string, args ...any) {
	c.logf(levelInfo, format, args...)
	if c.quiet {
		return
	}
	c.print(fmt.Sprintf(format, args...))
}

func (c *console) print(s string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bars != nil { // live lines are drawn: print above them
		c.bars.Write([]byte(s))
		return
	}
	io.WriteString(c.stderr, s)
}

// jsonLine writes one JSON object as a line on stdout.
func (c *console) jsonLine(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stdout.Write(append(b, '\n'))
}

// progressEvent is a --progress=json line.
type progressEvent struct {
	Event   string      `json:"event"` // "start", "progress", "end", "abort"
	URL     string      `json:"url"`
	Path    string      `json:"path"`
	Size    int64       `json:"size"`
	Done    int64       `json:"done"`
	Resumed int64       `json:"resumed"`
	Speed   float64     `json:"bytes_per_second"` // over the last 5s of this run
	ETA     float64     `json:"eta_seconds,omitempty"`
	Conns   []connEvent `json:"connections,omitempty"`
	Retries int64       `json:"retries"`
	// Open is how many connections run now, Peak the most at once so far.
	Open int `json:"open_connections"`
	Peak int `json:"max_connections"`
}

type connEvent struct {
	Bytes   int64   `json:"bytes"`
	Start   int64   `json:"start,omitempty"`
	End     int64   `json:"end,omitempty"`
	Speed   float64 `json:"bytes_per_second"`
	Retries int64   `json:"retries"`
	Waiting bool    `json:"waiting,omitempty"`
}

// view is what one download shows: the last snapshot of its progress
// (the library measures the speeds over a sliding window of this run).
type view struct {
	ev    *slget.Started
	name  string
	start time.Time
	last  slget.Progress
}

func newView(ev *slget.Started) *view {
	return &view{ev: ev, name: filepath.Base(ev.Path), start: time.Now()}
}

// sample takes a snapshot.
func (v *view) sample() { v.last = v.ev.Progress() }

func (v *view) done() int64 { return v.last.Done }

// line is the download's line for a terminal width columns wide (0: any).
func (v *view) line(width int) string {
	done, size := v.done(), v.ev.Size
	rate := v.last.BytesPerSecond
	cols := []column{{shorten(v.name, 32), 5}}
	if size > 0 {
		frac := float64(done) / float64(size)
		cols = append(cols, column{fmt.Sprintf("%3.0f%%", 100*frac), 0}, column{gauge(frac, 22), 6},
			column{units.Bytes(done) + "/" + units.Bytes(size), 3})
	} else {
		cols = append(cols, column{units.Bytes(done), 0})
	}
	cols = append(cols, column{speed(rate), 1})
	if size > 0 {
		if e := eta(v.last.ETA); e != "" {
			cols = append(cols, column{"ETA " + e, 2})
		}
	}
	if v.ev.Resumed > 0 {
		cols = append(cols, column{"(" + units.Bytes(v.ev.Resumed) + " resumed)", 7})
	}
	if p := v.last.BySource[slget.FromPeer]; p > 0 && size > 0 {
		cols = append(cols, column{fmt.Sprintf("%.0f%% from peers", 100*float64(p)/float64(size)), 6})
	}
	if v.last.Retries > 0 {
		cols = append(cols, column{plural(int(v.last.Retries), "retry"), 4})
	}
	return fit(cols, width)
}

// connLine is connection i's line: what it fetches, its speed and retries.
func (v *view) connLine(i, width int) string {
	if i >= len(v.last.Conns) {
		return ""
	}
	c := v.last.Conns[i]
	cols := []column{{fmt.Sprintf("  #%-2d", i+1), 0}}
	switch {
	case !c.Active:
		cols = append(cols, column{"idle", 1})
	case c.Waiting:
		cols = append(cols, column{slicesOf(c.Range, v.ev.Slice), 2}, column{v.waitingFor(), 1})
	default:
		cols = append(cols, column{slicesOf(c.Range, v.ev.Slice), 2}, column{speed(c.BytesPerSecond), 1})
	}
	if c.Retries > 0 {
		cols = append(cols, column{plural(int(c.Retries), "retry"), 3})
	}
	if c.Active && c.From != 0 && c.From != slget.FromOrigin {
		cols = append(cols, column{"from " + c.From.String(), 4})
	}
	return fit(cols, width)
}

// waitingFor says what a connection with its request out and no byte of
// the answer yet waits for: a caching proxy may hold a far range until its
// own fetch from the start of the file gets there.
func (v *view) waitingFor() string {
	if v.ev.Proxy != "" {
		return "waiting for the proxy"
	}
	return "waiting for the server's first byte"
}

// slicesOf names the slices of range r: "slice 12" or "slices 12-15".
func slicesOf(r slget.Range, slice int64) string {
	if slice <= 0 || r.End <= r.Start {
		return ""
	}
	first, last := r.Start/slice, (r.End-1)/slice
	if first == last {
		return fmt.Sprintf("slice %d", first)
	}
	return fmt.Sprintf("slices %d-%d", first, last)
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// openLog opens --log FILE ("-" for stdout) at --log-level.
func (c *console) openLog(name, level string) error {
	lv := -1
	for i, n := range levelNames {
		if strings.EqualFold(n, level) {
			lv = i
		}
	}
	if lv < 0 {
		return withCode(exitBadOption, fmt.Errorf("--log-level %q: want debug, info, notice, warn or error", level))
	}
	c.logLevel = lv
	switch name {
	case "":
		return nil
	case "-":
		c.log = c.stdout
		return nil
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return withCode(exitFileCreate, fmt.Errorf("--log: %v", err))
	}
	c.log = f
	return nil
}

// closeLog closes a --log file.
func (c *console) closeLog() {
	if f, ok := c.log.(*os.File); ok && c.log != c.stdout {
		f.Close()
	}
}
