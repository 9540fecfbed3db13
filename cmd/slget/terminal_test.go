// The terminal, read as a user sees it: slget runs in a real terminal
// (tmux) against a per-connection rate-limited origin, and the screen's
// numbers are checked against the true rates.

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// tmux runs cmd in a detached tmux session of the given size and returns
// functions to read the screen (with scrollback) and to send keys.
func tmux(t *testing.T, width, height int, cmd string) (screen func(scrollback bool) string, keys func(...string)) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is missing (.ci/run installs it)")
		}
		t.Skip("tmux is missing")
	}
	sock := filepath.Join(t.TempDir(), "tmux.sock")
	run := func(args ...string) string {
		out, err := exec.Command("tmux", append([]string{"-S", sock}, args...)...).CombinedOutput()
		if err != nil {
			t.Logf("tmux %v: %v: %s", args, err, out)
		}
		return string(out)
	}
	// The options first, in a session that waits for them: history kept,
	// and a clear of the whole screen (ESC[J from its top-left corner, as
	// any redraw that starts there does) not copied into the history,
	// which tmux does but a terminal does not.
	run("-f", "/dev/null", "new-session", "-d", "-x", strconv.Itoa(width), "-y", strconv.Itoa(height), "sleep 0.3; "+cmd+"; sleep 30")
	run("set-option", "-g", "history-limit", "5000")
	run("set-option", "-g", "scroll-on-clear", "off")
	t.Cleanup(func() { run("kill-server") })
	return func(scrollback bool) string {
			if scrollback {
				return run("capture-pane", "-p", "-S", "-5000")
			}
			return run("capture-pane", "-p")
		}, func(k ...string) {
			run(append([]string{"send-keys"}, k...)...)
		}
}

var (
	speedRe = regexp.MustCompile(`([0-9.]+) (B|KiB|MiB|GiB)/s`)
	etaRe   = regexp.MustCompile(`ETA (\d+):(\d\d)\b`)
)

func parseSpeed(s string) (float64, bool) {
	m := speedRe.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	return v * map[string]float64{"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}[m[2]], true
}

// servedSample is the origin's byte count n at t.
type servedSample struct {
	t time.Time
	n int64
}

// servedSamples is the origin's byte count, sampled every 50 ms.
type servedSamples struct {
	mu sync.Mutex
	s  []servedSample
}

func sampleServed(t *testing.T, srv *fetchtest.Server) *servedSamples {
	ss := &servedSamples{}
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	go func() {
		tk := time.NewTicker(50 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case now := <-tk.C:
				ss.mu.Lock()
				ss.s = append(ss.s, servedSample{now, srv.BytesServed()})
				ss.mu.Unlock()
			}
		}
	}()
	return ss
}

// rate is the bytes per second served over the window ending at now (or
// since the first byte, if later).
func (ss *servedSamples) rate(now time.Time, window time.Duration) float64 {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	var first, last *servedSample
	for i := range ss.s {
		x := &ss.s[i]
		if x.n == 0 || x.t.Before(now.Add(-window)) {
			continue
		}
		if first == nil {
			first = x
		}
		last = x
	}
	if first == nil || last == first {
		return 0
	}
	return float64(last.n-first.n) / last.t.Sub(first.t).Seconds()
}

// The numbers on the screen: after the first 2 s the total and
// per-connection speeds are within 15% of the true rate, and the ETA
// within 25% of the time the download really took to finish.
func TestTerminalShowsTrueRates(t *testing.T) {
	const conns, rate, size = 4, 2 << 20, 48 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate))
	dir := t.TempDir()
	cmd := fmt.Sprintf("%s -x %d -d %s %s", binary(t), conns, dir, srv.FileURL())
	screen, _ := tmux(t, 100, 20, cmd)
	start := time.Now()
	// The true rate is what the origin sends, measured over the same
	// window as the screen's (the last 5 s, or since the first byte): on
	// a busy machine the origin may fall short of its cap.
	served := sampleServed(t, srv)
	doneRe := regexp.MustCompile(`([0-9.]+) MiB/([0-9.]+) MiB`)
	for _, at := range []time.Duration{2500 * time.Millisecond, 3500 * time.Millisecond} {
		time.Sleep(time.Until(start.Add(at)))
		s := screen(false)
		t.Logf("screen at %s:\n%s", at, s)
		lines := strings.Split(s, "\n")
		var totalLine string
		var connLines []string
		for _, l := range lines {
			switch {
			case strings.Contains(l, "file.bin") && strings.Contains(l, "%"):
				totalLine = l
			case strings.HasPrefix(strings.TrimSpace(l), "#"):
				connLines = append(connLines, l)
			}
		}
		total, ok := parseSpeed(totalLine)
		if !ok {
			t.Fatalf("no speed on the total line %q", totalLine)
		}
		want := served.rate(time.Now(), slget.SpeedWindow)
		if total < 0.85*want || total > 1.15*want {
			t.Errorf("at %s the total speed shows %.1f MiB/s, the true rate is %.1f MiB/s", at, total/(1<<20), want/(1<<20))
		}
		if len(connLines) != conns {
			t.Fatalf("%d connection lines, want %d", len(connLines), conns)
		}
		for _, l := range connLines {
			sp, ok := parseSpeed(l)
			if per := want / conns; !ok || sp < 0.85*per || sp > 1.15*per {
				t.Errorf("at %s connection line %q: want about %.2f MiB/s", at, l, per/(1<<20))
			}
		}
		m := etaRe.FindStringSubmatch(totalLine)
		if m == nil {
			t.Fatalf("no ETA on the total line %q", totalLine)
		}
		mins, _ := strconv.Atoi(m[1])
		secs, _ := strconv.Atoi(m[2])
		shown := time.Duration(mins*60+secs) * time.Second
		// The truth: what is left at the true rate. (The time the rest
		// really took depends on how busy the machine is afterwards.)
		dm := doneRe.FindStringSubmatch(totalLine)
		if dm == nil {
			t.Fatalf("no done/size on the total line %q", totalLine)
		}
		done, _ := strconv.ParseFloat(dm[1], 64)
		truth := time.Duration((float64(size)/(1<<20) - done) / (want / (1 << 20)) * float64(time.Second))
		if d := shown - truth; d < -truth/4-time.Second || d > truth/4+time.Second {
			t.Errorf("at %s the ETA shows %s; %.1f MiB left at the true rate take %s", at, shown, float64(size)/(1<<20)-done, truth.Round(100*time.Millisecond))
		}
	}
	path := filepath.Join(dir, "file.bin")
	for !exists(path) && time.Since(start) < time.Minute {
		time.Sleep(20 * time.Millisecond)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
}

// A narrow terminal drops whole columns, never wraps a line or cuts the
// ETA mid-word; Ctrl-C leaves the last line whole and says what was kept.
func TestTerminalNarrowAndCtrlC(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	screen, keys := tmux(t, 60, 12, fmt.Sprintf("%s -x 4 -d %s %s", binary(t), dir, srv.FileURL()))
	time.Sleep(2500 * time.Millisecond)
	s := screen(false)
	t.Logf("60 columns:\n%s", s)
	for _, l := range strings.Split(s, "\n") {
		if n := len([]rune(l)); n >= 60 {
			t.Errorf("a line of %d columns in a 60-column terminal: %q", n, l)
		}
		if i := strings.Index(l, "ETA"); i >= 0 && !etaRe.MatchString(l[i:]) {
			t.Errorf("the ETA is cut: %q", l)
		}
	}
	if !strings.Contains(s, "%") || !speedRe.MatchString(s) {
		t.Fatalf("no percentage or speed on a 60-column screen:\n%s", s)
	}
	keys("C-c")
	time.Sleep(time.Second)
	s = screen(true)
	t.Logf("after Ctrl-C:\n%s", s)
	if !strings.Contains(s, "interrupted") || !strings.Contains(s, "resume") {
		t.Fatalf("no interrupted message after Ctrl-C:\n%s", s)
	}
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "%") && !strings.Contains(l, "file.bin") && !regexp.MustCompile(`^\s*\d+%`).MatchString(l) {
			t.Errorf("a half-drawn line after Ctrl-C: %q", l)
		}
	}
}

// 25 downloads in a 15-line pane: finished downloads collapse to their
// "saved" line, failed ones to their error, and the results table ends the
// run; the scrollback holds no pile of stale progress lines.
func TestTerminalManyDownloads(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(2<<20))
	dir := t.TempDir()
	list := filepath.Join(dir, "urls.txt")
	// 23 files and 2 that are missing, among them: each failure is told
	// as it happens, above the live lines, not wiped by their redraw.
	// Each its own URL (the same URL twice is downloaded once).
	files := func(from, n int) (s string) {
		for i := from; i < from+n; i++ {
			s += fmt.Sprintf("%s?n=%d\n", srv.FileURL(), i)
		}
		return s
	}
	urls := files(0, 10) + srv.URL + "/missing-a\n" + files(10, 10) + srv.URL + "/missing-b\n" + files(20, 3)
	os.WriteFile(list, []byte(urls), 0o644)
	screen, _ := tmux(t, 100, 15, fmt.Sprintf("%s -x 2 -j 5 -d %s -i %s", binary(t), filepath.Join(dir, "out"), list))
	deadline := time.Now().Add(90 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		if s = screen(true); strings.Contains(s, "Status Legend") {
			break
		}
	}
	t.Logf("scrollback:\n%s", s)
	if !strings.Contains(s, "Download Results") {
		t.Fatal("no results table")
	}
	stale := 0
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "%") && strings.Contains(l, "/s") {
			stale++
		}
	}
	if stale > 5 {
		t.Errorf("%d progress lines left in the scrollback, want at most the 5 downloads at once", stale)
	}
	if n := strings.Count(s, "|OK") + strings.Count(s, "OK  |"); n != 23 {
		t.Errorf("%d OK rows in the results table, want 23", n)
	}
	for _, m := range []string{"missing-a", "missing-b"} {
		if !strings.Contains(s, "slget: "+srv.URL+"/"+m+": server answered 404") {
			t.Errorf("no line told of %s's 404 when it happened", m)
		}
	}
}
