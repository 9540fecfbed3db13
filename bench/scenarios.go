//go:build unix

// The benchmark scenarios of issue 4 and their sizes.

package main

import (
	"fmt"
	"time"
)

const (
	kib = int64(1) << 10
	mib = int64(1) << 20
	gib = int64(1) << 30
)

// How a per-connection rate is enforced.
const (
	// limitNginx uses nginx's limit_rate, which limits each request (not
	// each connection) and lets every request start with about one second
	// of unthrottled bytes.
	limitNginx = "nginx"
	// limitConn has the harness's proxy shape each TCP connection, with no
	// burst allowance, in front of an unlimited nginx.
	limitConn = "conn"
)

// scenario is one table of the report.
type scenario struct {
	id    int    // the scenario number, for -scenarios
	key   string // unique, for the CSV
	title string
	n     int           // connections
	jobs  int           // downloads at once of a list; 0 leaves each tool's default
	tmpfs bool          // the downloads go to /dev/shm, not to the disk
	size  int64         // bytes per file
	files int           // number of files; more than one means a list download (-i)
	rate  int64         // per-connection rate, bytes per second; 0 is unlimited
	limit string        // limitNginx or limitConn when rate > 0
	rtt   time.Duration // added round trip, through the delaying proxy
	total int64         // the link's rate, all connections together (the proxy's TotalRate); 0 is unlimited
	conns int           // connections the origin allows at once (nginx limit_conn, 503 beyond); 0 is any
	https bool          // from nginx over TLS, which offers HTTP/2 by ALPN
	// sourceOf, if set, names the files of the scenario (variants that
	// differ only in where the downloads go share them).
	sourceOf string
	tools    []string      // which tools take part, in order
	notes    []string      // printed under the table
	goals    []goal        // what is asked of slget here
	timeout  time.Duration // per run
}

// totalBytes is what one run downloads.
func (s scenario) totalBytes() int64 { return s.size * int64(s.files) }

// ideal is the fastest a tool with the given connections can finish when the
// origin limits each connection; zero when it does not.
func (s scenario) ideal(streams int) time.Duration {
	if s.rate == 0 || streams == 0 {
		return 0
	}
	return time.Duration(float64(s.totalBytes()) / float64(int64(streams)*s.rate) * float64(time.Second))
}

// sourceKey names the files of a scenario; variants of one scenario (the
// limit modes, the connection counts) share them.
// Scenario 7's variants differ in size, so each has its own; scenario 9
// downloads scenario 2's file (the same size), to tmpfs.
func (s scenario) sourceKey() string {
	if s.sourceOf != "" {
		return s.sourceOf
	}
	if s.id == 7 || s.id == 8 {
		return s.key
	}
	return fmt.Sprintf("s%d", s.id)
}

// sourceNames are the source paths (below the nginx root) of the scenario.
func (s scenario) sourceNames() []string {
	if s.files <= 1 {
		return []string{s.sourceKey() + ".bin"}
	}
	names := make([]string, s.files)
	for i := range names {
		names[i] = fmt.Sprintf("%s/f%03d.bin", s.sourceKey(), i)
	}
	return names
}

// sizeName writes a byte count as the table titles do: 64 MiB, 1 GiB.
func sizeName(n int64) string {
	switch {
	case n >= gib && n%gib == 0:
		return fmt.Sprintf("%d GiB", n/gib)
	case n >= mib && n%mib == 0:
		return fmt.Sprintf("%d MiB", n/mib)
	case n >= kib && n%kib == 0:
		return fmt.Sprintf("%d KiB", n/kib)
	}
	return fmt.Sprintf("%d B", n)
}

// scenarios returns the scenarios with the given ids, full size or quick,
// with the limited ones in the given limit modes.
// It is the table of scenarios, as long as the table.
func scenarios(ids []int, quick bool, limits []string, rtt time.Duration) []scenario {
	pick := func(full, small int64) int64 {
		if quick {
			return small
		}
		return full
	}
	all4 := []string{"slget", "aria2c", "axel", "curl"}
	multi := []string{"slget", "aria2c", "axel"}
	want := make(map[int]bool)
	for _, id := range ids {
		want[id] = true
	}
	var out []scenario
	if want[1] {
		for _, l := range limits {
			s := scenario{id: 1, key: "s1-" + l, n: 8, size: pick(64*mib, 8*mib), files: 1,
				rate: 2 * mib, limit: l, tools: all4, timeout: 3 * time.Minute,
				goals: []goal{{text: "slget within 3% of the ideal and not slower than aria2c or axel",
					overIdeal: 0.03, notSlower: []string{"aria2c", "axel"}}}}
			s.title = fmt.Sprintf("1. Per-connection limited origin, %s, %s, N = %d", limitText(s.rate, l), sizeName(s.size), s.n)
			if l == limitConn {
				s.tools = multi
				s.notes = append(s.notes, fmt.Sprintf("curl (one stream) left out here: its bound is size/rate = %.0f s.",
					s.ideal(1).Seconds()))
			}
			s.notes = append(s.notes, limitNote(l))
			out = append(out, s)
		}
	}
	if want[2] {
		s := scenario{id: 2, key: "s2", n: 8, size: pick(gib, 64*mib), files: 1, tools: all4, timeout: 3 * time.Minute,
			goals: []goal{{text: "slget at least 0.9 × curl's single-stream throughput and less CPU than aria2c",
				throughputOf: "curl", throughputFrac: 0.9, lessCPUThan: "aria2c"}, cpuGoal()}}
		s.title = fmt.Sprintf("2. Unlimited loopback, %s, N = %d", sizeName(s.size), s.n)
		out = append(out, s)
	}
	if want[3] {
		for _, l := range limits {
			for _, n := range []int{8, 16} {
				s := scenario{id: 3, key: fmt.Sprintf("s3-n%d-%s", n, l), n: n, size: pick(128*mib, 16*mib), files: 1,
					rate: 4 * mib, limit: l, rtt: rtt, tools: multi, timeout: 3 * time.Minute}
				g := goal{overIdeal: 0.05, notSlower: []string{"aria2c", "axel"}}
				if n == 16 {
					g.overIdeal = 0.10
				}
				g.text = fmt.Sprintf("slget within %.0f%% of the ideal and not slower than aria2c or axel", g.overIdeal*100)
				s.goals = []goal{g}
				s.title = fmt.Sprintf("3. Latency, %v round trip, %s, %s, N = %d", rtt, limitText(s.rate, l), sizeName(s.size), n)
				s.notes = append(s.notes,
					fmt.Sprintf("The round trip is added by the harness's delaying proxy (half of it each way, connection set-up included); curl (one stream) left out: its bound is size/rate = %.0f s.", s.ideal(1).Seconds()),
					limitNote(l))
				out = append(out, s)
			}
		}
	}
	if want[4] {
		s := scenario{id: 4, key: "s4", n: 8, size: 64 * kib, files: int(pick(100, 20)), tools: all4, timeout: 30 * time.Second}
		s.title = fmt.Sprintf("4. Many small files, %d × %s via a URL list, N = %d", s.files, sizeName(s.size), s.n)
		s.notes = append(s.notes,
			"slget and aria2c read the list with -i, each with its default number of downloads at once "+
				"(-j 5 for both); "+
				"curl gets every URL in one invocation (--remote-name-all, one connection reused); "+
				"axel takes one file per run, so it runs once per file from a shell loop.")
		out = append(out, s)
	}
	if want[6] {
		for _, tmpfs := range []bool{false, true} {
			s := scenario{id: 6, key: "s6", n: 8, jobs: 8, tmpfs: tmpfs, size: 64 * kib, files: int(pick(100, 20)),
				tools:   []string{"slget", "slget-j1", "curl-parallel", "curl-parallel-sync", "curl", "aria2c"},
				timeout: 30 * time.Second}
			where := "on disk"
			if tmpfs {
				s.key, where = "s6-tmpfs", "on tmpfs (/dev/shm)"
			}
			s.title = fmt.Sprintf("6. Many small files at curl's pace, %d × %s via a URL list, -j %d, %s", s.files, sizeName(s.size), s.jobs, where)
			if !tmpfs {
				s.goals = []goal{{source: "issues 19 and 26",
					text:   "slget -j 8 at most 1.5 × `curl --parallel --parallel-max 8` on disk, and no slower than `slget -x 1 -j 1`",
					wallOf: "curl-parallel", wallFactor: 1.5, notSlower: []string{"slget-j1"}}}
			} else {
				s.goals = []goal{{source: "issue 26",
					text:   "slget -j 8 at most 1.2 × `curl --parallel --parallel-max 8` on tmpfs",
					wallOf: "curl-parallel", wallFactor: 1.2}}
			}
			s.notes = append(s.notes,
				"slget makes each file's bytes durable before it gets its final name (an fdatasync per file, run while "+
					"the next downloads transfer: a download gives its -j place away once its bytes are written) and syncs "+
					"the folder before it says a download is done (one fsync shared by the files that finish together); "+
					"curl syncs nothing, so `curl ... && sync` is the comparison on the same terms (sync writes the "+
					"dirty data of every file system, other programs' included). aria2c syncs nothing either.")
			out = append(out, s)
		}
	}
	if want[7] {
		out = append(out, autoScenarios(pick)...)
	}
	if want[8] {
		out = append(out, h2Scenarios(pick)...)
	}
	if want[9] {
		s := scenario{id: 9, key: "s9-tmpfs", sourceOf: "s2", n: 8, tmpfs: true, size: pick(gib, 64*mib), files: 1, tools: all4,
			timeout: 3 * time.Minute,
			goals: []goal{{source: "issue 26", text: "slget's CPU per GiB at most 1.2 × curl's single stream, to tmpfs",
				cpuOf: "curl", cpuFactor: 1.2}}}
		s.title = fmt.Sprintf("9. CPU per GiB, unlimited loopback to tmpfs (/dev/shm), %s, N = %d", sizeName(s.size), s.n)
		s.notes = append(s.notes,
			"The output is on tmpfs so that no disk hides the cost of the transfer itself: what is left is "+
				"the socket reads, the copy into the page cache, and each tool's own work (for slget the CRC-32C "+
				"of every slice, its fdatasync before each journal commit, which tmpfs makes cheap, and the journal).")
		out = append(out, s)
	}
	if want[5] {
		s := scenario{id: 5, key: "s5", n: 16, size: pick(2*gib, 128*mib), files: 1, tools: all4, timeout: 4 * time.Minute,
			goals: []goal{{text: "slget's peak RSS below 64 MiB", rssMiB: 64}, cpuGoal()}}
		s.title = fmt.Sprintf("5. Peak memory, %s, N = %d", sizeName(s.size), s.n)
		out = append(out, s)
	}
	return out
}

// cpuGoal is what the unlimited scenarios ask of slget's CPU, speed and
// memory beside issue 4's goals: at N = 8 and N = 16 no more CPU per GiB
// than aria2c and at most 1.5 × curl's single stream, at least 0.9 × curl's
// throughput, less peak RSS than aria2c at the same N.
func cpuGoal() goal {
	return goal{source: "CPU and speed",
		text:      "slget's CPU per GiB at most aria2c's and at most 1.5 × curl's (one stream); throughput at least 0.9 × curl's; peak RSS below aria2c's",
		cpuAtMost: []string{"aria2c"}, cpuOf: "curl", cpuFactor: 1.5,
		throughputOf: "curl", throughputFrac: 0.9, rssBelow: "aria2c"}
}

// autoScenarios are issue 26's: -x auto (no -x) against -x 4, 8 and 16
// where the best count differs.
func autoScenarios(pick func(full, small int64) int64) []scenario {
	tools := []string{"slget-x4", "slget-x8", "slget-x16", "slget-auto"}
	g := goal{source: "issue 26", text: "slget without -x within 1.3 × the best fixed -x, and not slower than -x 4",
		subject: "slget-auto", bestOf: []string{"slget-x4", "slget-x8", "slget-x16"}, bestFactor: 1.3, notSlower: []string{"slget-x4"}}
	mk := func(key, title string, size int64) scenario {
		return scenario{id: 7, key: "s7-" + key, n: 16, size: size, files: 1, tools: tools, goals: []goal{g},
			timeout: 2 * time.Minute, title: "7. -x auto: " + title}
	}
	perConn := mk("conn", "", pick(48*mib, 12*mib))
	perConn.rate, perConn.limit = 1*mib, limitConn
	perConn.title += fmt.Sprintf("each connection limited, %s, %s", limitText(perConn.rate, limitConn), sizeName(perConn.size))
	total := mk("total", "", pick(96*mib, 24*mib))
	total.total = 24 * mib
	total.title += fmt.Sprintf("a link limited in total to %s/s (shared by the connections, shaped by the harness), %s", sizeName(total.total), sizeName(total.size))
	rtt := mk("rtt", "", pick(256*mib, 32*mib))
	rtt.rtt = 50 * time.Millisecond
	rtt.title += fmt.Sprintf("%v round trip, unlimited, %s", rtt.rtt, sizeName(rtt.size))
	rttConn := mk("rtt-conn", "", pick(128*mib, 32*mib))
	rttConn.rtt, rttConn.rate, rttConn.limit = 50*time.Millisecond, 4*mib, limitConn
	rttConn.title += fmt.Sprintf("%v round trip, %s, %s", rttConn.rtt, limitText(rttConn.rate, limitConn), sizeName(rttConn.size))
	three := mk("conns3", "", pick(24*mib, 12*mib))
	// nginx's own limit_rate, so that each request lasts at nginx (behind
	// the harness's proxy, nginx would hand the bytes to its buffers and be
	// done, and limit_conn would count nothing).
	three.conns, three.rate, three.limit = 3, 1*mib, limitNginx
	three.title += fmt.Sprintf("an origin that allows %d connections (nginx `limit_conn`, 503 beyond), %s, %s", three.conns, limitText(three.rate, limitNginx), sizeName(three.size))
	three.notes = []string{limitNote(limitNginx)}
	return []scenario{perConn, total, rtt, rttConn, three}
}

// h2Scenarios are issue 26's HTTP/2 ones, from nginx over TLS with
// http2: many small files against curl's multiplexing, and a big file as N
// streams of one HTTP/2 connection against N HTTP/1.1 connections where
// each connection is limited and where the round trip is long.
func h2Scenarios(pick func(full, small int64) int64) []scenario {
	var out []scenario
	for _, tmpfs := range []bool{false, true} {
		s := scenario{id: 8, key: "s8-small", n: 8, jobs: 8, https: true, tmpfs: tmpfs, size: 64 * kib, files: int(pick(100, 20)),
			tools: []string{"slget", "slget-h1", "curl-h2-parallel", "aria2c"}, timeout: 30 * time.Second}
		where := "on disk"
		if tmpfs {
			s.key, where = "s8-small-tmpfs", "on tmpfs (/dev/shm)"
		}
		s.sourceOf = "s8-small"
		s.title = fmt.Sprintf("8. HTTP/2: many small files, %d × %s over TLS from nginx with http2, -j %d, %s", s.files, sizeName(s.size), s.jobs, where)
		s.goals = []goal{{source: "issue 26", text: "slget -j 8 at most 1.5 × `curl --http2 --parallel --parallel-max 8`",
			wallOf: "curl-h2-parallel", wallFactor: 1.5}}
		s.notes = append(s.notes, "slget and curl multiplex the files as HTTP/2 streams of one connection; "+
			"`--http2=false` is slget on HTTP/1.1 connections (one per download at once); aria2c speaks HTTP/1.1 only. "+
			"slget syncs each file before its final name, curl and aria2c sync nothing. "+
			"slget is given the origin's CA with `--ca-certificate` (besides the system's roots, which it reads "+
			"only for a server that CA does not sign), curl with `--cacert`.")
		out = append(out, s)
	}
	tools := []string{"slget", "slget-h2streams"}
	perConn := scenario{id: 8, key: "s8-conn", n: 8, https: true, size: pick(16*mib, 4*mib), files: 1, rate: 1 * mib, limit: limitConn,
		tools: tools, timeout: 2 * time.Minute}
	perConn.title = fmt.Sprintf("8. HTTP/2: a big file, %s, %s, N = 8 connections or 8 streams of one", limitText(perConn.rate, limitConn), sizeName(perConn.size))
	perConn.notes = []string{limitNote(limitConn)}
	rtt := scenario{id: 8, key: "s8-rtt", n: 8, https: true, size: pick(128*mib, 32*mib), files: 1, rtt: 50 * time.Millisecond,
		tools: tools, timeout: 2 * time.Minute}
	rtt.title = fmt.Sprintf("8. HTTP/2: a big file, %v round trip, unlimited, %s, N = 8 connections or 8 streams of one", rtt.rtt, sizeName(rtt.size))
	rtt.notes = []string{"The round trip is added by the harness's delaying proxy in front of nginx's TLS port; TCP itself sees loopback."}
	return append(out, perConn, rtt)
}

func limitText(rate int64, mode string) string {
	if mode == limitConn {
		return fmt.Sprintf("%s/s per connection (shaped by the harness)", sizeName(rate))
	}
	return fmt.Sprintf("nginx `limit_rate %s`", rateName(rate))
}

func limitNote(mode string) string {
	if mode == limitConn {
		return "Each TCP connection is shaped to the rate by the harness's proxy in front of an unlimited nginx, " +
			"with no credit saved up while idle, so the ideal is a true bound for every tool."
	}
	return "nginx's `limit_rate` limits each request, not each connection, and lets every request send about " +
		"one second's worth of bytes unthrottled (`rate × (elapsed s + 1)`, whole seconds), so a tool that " +
		"asks for many short ranges can beat the ideal, and even one long request finishes up to a second early."
}
