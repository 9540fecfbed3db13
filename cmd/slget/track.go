// Tracking one download on the console: live lines, summary lines, JSON
// lines; and the results table after several downloads.

package main

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/units"
)

// sampleEvery is how often the live lines take a snapshot of the stats.
const sampleEvery = 200 * time.Millisecond

// track shows the progress of one download until the returned stop is
// called with whether it succeeded.
func (c *console) track(ev *slget.Started) (stop func(ok bool)) {
	if c.logs(levelInfo) { // no size formatted for a log that takes no info line
		c.logf(levelInfo, "%s: downloading to %s (%s, %d connections, %s)", ev.URL, ev.Path, units.Bytes(ev.Size), ev.Connections, ev.Protocol)
	}
	if ev.Cache != "" {
		c.logf(levelInfo, "%s: %s", ev.URL, ev.Cache)
	}
	if c.verbose && !c.quiet { // the log has it already
		c.print("slget: " + ev.URL + ": " + ev.Protocol + "\n")
		if ev.Cache != "" {
			c.print("slget: " + ev.URL + ": " + ev.Cache + "\n")
		}
	}
	if c.logs(levelDebug) {
		// Progress into the log every 5 s, whatever the screen shows.
		stopLog := c.every(ev, 5*time.Second, false, func(v *view, final, ok bool) {
			c.logf(levelDebug, "%s: %s", ev.URL, v.line(0))
		})
		stop := c.trackScreen(ev)
		return func(ok bool) { stop(ok); stopLog(ok) }
	}
	return c.trackScreen(ev)
}

// trackScreen shows the progress of one download on the console.
func (c *console) trackScreen(ev *slget.Started) (stop func(ok bool)) {
	if c.quiet {
		return func(bool) {}
	}
	switch c.mode {
	case progressJSON:
		return c.every(ev, 500*time.Millisecond, true, c.jsonProgress)
	case progressSummary:
		if c.interval > 0 {
			return c.every(ev, c.interval, false, func(v *view, final, ok bool) {
				if !final {
					c.print("slget: [summary] " + v.line(0) + "\n")
				}
			})
		}
	case progressBars:
		return c.bar(ev)
	}
	return func(bool) {}
}

// every samples the download every sampleEvery and calls show every
// period (and at once, if first), and once more, final, when stop is
// called.
func (c *console) every(ev *slget.Started, period time.Duration, first bool, show func(v *view, final, ok bool)) func(bool) {
	v := newView(ev)
	v.sample()
	if first {
		show(v, false, false)
	}
	done := make(chan bool)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(min(sampleEvery, period))
		defer t.Stop()
		next := time.Now().Add(period)
		for {
			select {
			case ok := <-done:
				v.sample()
				show(v, true, ok)
				return
			case now := <-t.C:
				v.sample()
				if !now.Before(next) {
					show(v, false, false)
					next = now.Add(period)
				}
			}
		}
	}()
	return func(ok bool) { done <- ok; wg.Wait() }
}

// jsonProgress writes the --progress=json line of v.
func (c *console) jsonProgress(v *view, final, ok bool) {
	ev := progressEvent{Event: "progress", URL: v.ev.URL, Path: v.ev.Path, Size: v.ev.Size, Done: v.done(),
		Resumed: v.ev.Resumed, Speed: v.last.BytesPerSecond, Retries: v.last.Retries,
		Open: v.last.Open, Peak: v.last.Peak}
	switch {
	case final && ok:
		ev.Event = "end"
	case final:
		ev.Event = "abort"
	case v.last.ThisRun == 0 && time.Since(v.start) < time.Second:
		ev.Event = "start"
	}
	ev.ETA = v.last.ETA.Seconds()
	for _, cs := range v.last.Conns {
		ev.Conns = append(ev.Conns, connEvent{Bytes: cs.Bytes, Start: cs.Range.Start, End: cs.Range.End,
			Speed: cs.BytesPerSecond, Retries: cs.Retries, Waiting: cs.Waiting})
	}
	c.jsonLine(ev)
}

// bar draws the download's live line, and with one download at a time a
// line per connection, until stop.
func (c *console) bar(ev *slget.Started) func(bool) {
	c.mu.Lock()
	if c.bars == nil {
		c.bars = mpb.New(mpb.WithOutput(c.stderr), mpb.WithRefreshRate(150*time.Millisecond), mpb.WithAutoRefresh())
	}
	c.active++
	p, solo := c.bars, c.solo
	c.mu.Unlock()

	v := newView(ev)
	var vmu sync.Mutex // the view is read by mpb's renderer and written by the sampler
	v.sample()
	text := func(f func(width int) string) decor.Decorator {
		return decor.Any(func(s decor.Statistics) string {
			vmu.Lock()
			defer vmu.Unlock()
			return f(s.AvailableWidth - 1)
		})
	}
	total := p.New(0, mpb.NopStyle(), mpb.PrependDecorators(text(v.line)))
	var conns []*mpb.Bar
	if solo && ev.Connections > 1 {
		for i := 0; i < ev.Connections; i++ {
			conns = append(conns, p.New(0, mpb.NopStyle(), mpb.PrependDecorators(text(func(w int) string { return v.connLine(i, w) }))))
		}
	}
	done := make(chan bool)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(sampleEvery)
		defer t.Stop()
		for {
			select {
			case ok := <-done:
				vmu.Lock()
				v.sample()
				vmu.Unlock()
				for _, b := range conns {
					b.Abort(true)
				}
				// A finished download leaves its one "saved" line (printed
				// by the caller); a failed one its last state.
				total.Abort(ok)
				return
			case <-t.C:
				vmu.Lock()
				v.sample()
				vmu.Unlock()
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
			p.Wait() // every line of every download has ended by now
		}
	}
}

// printResults prints aria2c's "Download Results" table: a line per URL,
// in input order, with its status, average speed, and path or error.
func (c *console) printResults(urls []string, res []result) {
	var b strings.Builder
	b.WriteString("\nDownload Results:\nstat|avg speed  |path/error\n====+===========+===============================================\n")
	seen := map[string]bool{}
	for i := range urls {
		r := res[i]
		stat, spd, what := "OK", "", r.Path
		switch {
		case r.ExitCode == exitUnfinished:
			// Stopped (Ctrl-C) before or while it ran: its partial file
			// and journal, if any, are kept for the next run.
			stat, what = "INPR", r.URL
		case r.ExitCode != 0:
			stat, what = "ERR", firstLine(r.Error)
		case r.AlreadyComplete:
			what += " (already complete)"
		case r.DryRun && r.Would != nil:
			// As aria2c: where it would be saved, and no speed.
			spd, what = "n/a", r.Would.SaveAs
		}
		seen[stat] = true
		if r.Seconds > 0 && r.ExitCode == 0 && !r.DryRun {
			spd = speed(float64(r.Transferred) / r.Seconds)
		}
		fmt.Fprintf(&b, "%-4s|%11s|%s\n", stat, spd, what)
	}
	// aria2c's legend: the statuses shown, on one line.
	b.WriteString("\nStatus Legend:\n")
	for _, l := range []struct{ stat, means string }{{"OK", "download completed."}, {"INPR", "download in-progress."}, {"ERR", "error occurred."}} {
		if seen[l.stat] {
			fmt.Fprintf(&b, "(%s):%s", l.stat, l.means)
		}
	}
	b.WriteString("\n")
	c.print(b.String())
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
