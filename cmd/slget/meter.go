// Columns of a progress line that fit a terminal's width: speeds, ETA,
// gauges, and which columns go first when it is narrow.

package main

import (
	"fmt"
	"strings"
	"time"
)

// eta formats the time left (a Progress's ETA), or "" when it cannot be
// told (0).
func eta(left time.Duration) string {
	if left <= 0 {
		return ""
	}
	s := int64(left.Round(time.Second) / time.Second)
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
