// Progress: mpb bars on a terminal, JSON lines for scripts, or nothing.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/slget/slget/fetch"
)

type progressMode int

const (
	progressNone progressMode = iota
	progressBars
	progressJSON
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
// (stdout), so bars, warnings and JSON lines never interleave mid-line.
type console struct {
	mu     sync.Mutex
	stdout io.Writer
	stderr io.Writer
	quiet  bool
	mode   progressMode
	bars   *mpb.Progress // non-nil while bars are drawn; shared by downloads at once (-j)
	active int           // downloads drawing bars now
	solo   bool          // one download at a time: also draw a bar per connection
}

// warnf prints a line for people on stderr (above the bars when drawn).
func (c *console) warnf(format string, args ...any) {
	if c.quiet {
		return
	}
	line := "slget: " + fmt.Sprintf(format, args...) + "\n"
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bars != nil {
		c.bars.Write([]byte(line))
		return
	}
	io.WriteString(c.stderr, line)
}

// errorf prints an error even with -q.
func (c *console) errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.stderr, "slget: "+format+"\n", args...)
}

// printf prints a line for people on stderr unless -q.
func (c *console) printf(format string, args ...any) {
	if c.quiet {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bars != nil { // other downloads still draw bars: print above them
		c.bars.Write([]byte(fmt.Sprintf(format, args...)))
		return
	}
	fmt.Fprintf(c.stderr, format, args...)
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
	Event   string      `json:"event"` // "start", "progress", "end"
	URL     string      `json:"url"`
	Path    string      `json:"path"`
	Size    int64       `json:"size"`
	Done    int64       `json:"done"`
	Speed   float64     `json:"bytes_per_second"`
	Conns   []connEvent `json:"connections,omitempty"`
	Retries int64       `json:"retries"`
}

type connEvent struct {
	Bytes int64 `json:"bytes"`
	Start int64 `json:"start,omitempty"`
	End   int64 `json:"end,omitempty"`
}

func doneBytes(s fetch.Stats) int64 {
	d := max(s.Done, s.Resumed+s.Written)
	if s.Size >= 0 && d > s.Size {
		d = s.Size
	}
	return d
}

// track shows the progress of one download until the returned stop is
// called with whether it succeeded.
func (c *console) track(url, path string, size int64, conns int, stats func() fetch.Stats) (stop func(ok bool)) {
	if c.quiet || c.mode == progressNone {
		return func(bool) {}
	}
	done := make(chan bool)
	var wg sync.WaitGroup
	wg.Add(1)
	start := time.Now()
	if c.mode == progressJSON {
		go func() {
			defer wg.Done()
			ev := progressEvent{Event: "start", URL: url, Path: path, Size: size}
			c.jsonLine(ev)
			t := time.NewTicker(500 * time.Millisecond)
			defer t.Stop()
			for {
				var ok, end bool
				select {
				case ok = <-done:
					end = true
				case <-t.C:
				}
				s := stats()
				ev := progressEvent{Event: "progress", URL: url, Path: path, Size: size, Done: doneBytes(s), Retries: s.Retries}
				if el := time.Since(start).Seconds(); el > 0 {
					ev.Speed = float64(s.Written) / el
				}
				for _, cs := range s.Conns {
					ev.Conns = append(ev.Conns, connEvent{Bytes: cs.Bytes, Start: cs.Range.Start, End: cs.Range.End})
				}
				if end {
					ev.Event = "end"
					if !ok {
						ev.Event = "abort"
					}
					c.jsonLine(ev)
					return
				}
				c.jsonLine(ev)
			}
		}()
		return func(ok bool) { done <- ok; wg.Wait() }
	}

	c.mu.Lock()
	if c.bars == nil {
		c.bars = mpb.New(mpb.WithOutput(c.stderr), mpb.WithWidth(64), mpb.WithRefreshRate(150*time.Millisecond), mpb.WithAutoRefresh())
	}
	c.active++
	p, solo := c.bars, c.solo
	c.mu.Unlock()
	total := p.AddBar(max(size, 0),
		mpb.PrependDecorators(decor.Name(shorten(filepath.Base(path), 24), decor.WCSyncSpaceR), decor.CountersKibiByte("% .1f / % .1f", decor.WCSyncSpace)),
		mpb.AppendDecorators(decor.EwmaSpeed(decor.SizeB1024(0), "% .1f", 30, decor.WCSyncSpace), decor.Name(" ETA "), decor.EwmaETA(decor.ET_STYLE_MMSS, 30)),
	)
	var bars []*mpb.Bar
	share := max(size, 0)/int64(max(conns, 1)) + 1 // a connection's bar fills at its fair share
	if conns > 1 && solo {
		for i := 0; i < conns; i++ {
			bars = append(bars, p.AddBar(share,
				mpb.BarRemoveOnComplete(),
				mpb.PrependDecorators(decor.Name(fmt.Sprintf("  conn %d", i+1), decor.WCSyncSpaceR), decor.CurrentKibiByte("% .1f", decor.WCSyncSpace)),
				mpb.AppendDecorators(decor.EwmaSpeed(decor.SizeB1024(0), "% .1f", 30, decor.WCSyncSpace)),
			))
		}
	}
	go func() {
		defer wg.Done()
		t := time.NewTicker(150 * time.Millisecond)
		defer t.Stop()
		last := time.Now()
		for {
			var ok, end bool
			select {
			case ok = <-done:
				end = true
			case <-t.C:
			}
			now := time.Now()
			s := stats()
			total.EwmaSetCurrent(doneBytes(s), now.Sub(last))
			for i, b := range bars {
				if i < len(s.Conns) {
					if n := s.Conns[i].Bytes; n >= share {
						b.SetTotal(n+1, false) // stealing gave it more than its share
					}
					b.EwmaSetCurrent(s.Conns[i].Bytes, now.Sub(last))
				}
			}
			last = now
			if end {
				for _, b := range bars {
					b.Abort(true)
				}
				if ok {
					total.SetTotal(-1, true)
				} else {
					total.Abort(false)
				}
				return
			}
		}
	}()
	return func(ok bool) {
		done <- ok
		wg.Wait()
		c.mu.Lock()
		c.active--
		last := c.active == 0
		if last {
			c.bars = nil
		}
		c.mu.Unlock()
		if last {
			p.Wait() // every bar of every download has ended by now
		}
	}
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
