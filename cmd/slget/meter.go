// Meter: a transfer rate over a sliding window of the bytes moved in this
// run, and the columns of a progress line that fit a terminal's width.

package main

import (
	"fmt"
	"strings"
	"time"
)

// speedWindow is how far back a speed looks: long enough to smooth out the
// bursts of a rate limiter (nginx's limit_rate grants a second's worth up
// front), short enough to follow a real change within seconds.
const speedWindow = 5 * time.Second

// meter measures a rate from samples of a growing byte count. The rate is
// the bytes moved over the last speedWindow (or since the first sample,
// if that is more recent), with the window's start interpolated between
// the two samples around it, so that every moment in the window weighs
// the same. It is not safe for concurrent use.
type meter struct {
	samples []sample // oldest first; the first one is at or before the window's start
}

type sample struct {
	t time.Time
	n int64
}

// add records that n bytes had been moved by t.
func (m *meter) add(t time.Time, n int64) {
	m.samples = append(m.samples, sample{t, n})
	// Keep one sample at or before the window's start, drop the older.
	start := t.Add(-speedWindow)
	k := 0
	for k+1 < len(m.samples) && !m.samples[k+1].t.After(start) {
		k++
	}
	m.samples = m.samples[k:]
}

// rate is the bytes per second over the window ending at the last sample,
// or 0 until the samples span a quarter of a second.
func (m *meter) rate() float64 {
	if len(m.samples) < 2 {
		return 0
	}
	last := m.samples[len(m.samples)-1]
	first := m.samples[0]
	start := last.t.Add(-speedWindow)
	if first.t.Before(start) && len(m.samples) > 1 {
		next := m.samples[1]
		// Interpolate the count at the window's start.
		f := float64(start.Sub(first.t)) / float64(next.t.Sub(first.t))
		first = sample{start, first.n + int64(f*float64(next.n-first.n))}
	}
	el := last.t.Sub(first.t).Seconds()
	if el < 0.25 {
		return 0
	}
	return float64(last.n-first.n) / el
}

// eta is the time left for left bytes at rate, or "" when it cannot be
// told.
func eta(left int64, rate float64) string {
	if rate <= 0 || left < 0 {
		return ""
	}
	s := int64(float64(left)/rate + 0.5)
	if s >= 100*3600 {
		return ""
	}
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// speed formats a rate for a progress line.
func speed(r float64) string {
	switch {
	case r <= 0:
		return "--/s"
	case r < 1<<10:
		return fmt.Sprintf("%.0f B/s", r)
	case r < 1<<20:
		return fmt.Sprintf("%.1f KiB/s", r/(1<<10))
	case r < 1<<30:
		return fmt.Sprintf("%.1f MiB/s", r/(1<<20))
	}
	return fmt.Sprintf("%.2f GiB/s", r/(1<<30))
}

// column is one part of a progress line; the lower its rank, the longer it
// stays when the terminal is narrow.
type column struct {
	text string
	rank int
}

// fit joins the columns, in their order, dropping the highest-ranked
// first until the line fits width (in runes; 0 means no limit). A column
// is dropped whole, never cut mid-word.
func fit(cols []column, width int) string {
	keep := make([]bool, len(cols))
	for i := range cols {
		keep[i] = cols[i].text != ""
	}
	for {
		var parts []string
		for i, c := range cols {
			if keep[i] {
				parts = append(parts, c.text)
			}
		}
		line := strings.Join(parts, "  ")
		if width <= 0 || len([]rune(line)) <= width {
			return line
		}
		drop := -1
		for i, c := range cols {
			if keep[i] && (drop < 0 || c.rank > cols[drop].rank) {
				drop = i
			}
		}
		if drop < 0 {
			return ""
		}
		keep[drop] = false
	}
}

// gauge draws a bar of width w filled to frac.
func gauge(frac float64, w int) string {
	if w < 3 {
		return ""
	}
	in := w - 2
	n := int(frac*float64(in) + 0.5)
	n = max(0, min(in, n))
	return "[" + strings.Repeat("=", n) + strings.Repeat(" ", in-n) + "]"
}
