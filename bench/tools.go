//go:build unix

// The programs compared and the command line each one gets.

package main

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// job is one download as every tool is asked to do it.
type job struct {
	n    int      // connections
	jobs int      // downloads at once of a list; 0 leaves the tool's default
	urls []string // one URL, or many for a list download
	list string   // a file with urls, one a line (list downloads only)
	dir  string   // where the output goes
	name string   // output name (single downloads only)
	ca   string   // the origin's CA certificate (PEM), for https:// URLs; "" for http://
}

// caFlag is flag and the CA's path when j's origin is over TLS.
func caFlag(j job, flag string) []string {
	if j.ca == "" {
		return nil
	}
	return []string{flag, j.ca}
}

// tool is one program compared by the harness, run in one way: a program
// may be several tools (slget with -j 8 and with -j 1, curl one file after
// another and in parallel).
type tool struct {
	name    string
	program string // the binary, when not name
	bin     string // absolute path; "" if missing
	why     string // why bin is "" (not installed, build failed)

	// label shows the options the tool runs with for n connections and
	// jobs downloads at once.
	label func(n, jobs int) string
	// streams is the number of connections the tool opens for n.
	streams func(n int) int
	// argv returns the command for j.
	argv func(bin string, j job) []string
}

func fixed(n int) func(int) int { return func(int) int { return n } }
func same(n int) int            { return n }

// prog is the program t runs.
func (t *tool) prog() string {
	if t.program != "" {
		return t.program
	}
	return t.name
}

// jobsFlag is "-j N" for a list with N downloads at once, or nothing.
func jobsFlag(j job) []string {
	if j.list == "" || j.jobs <= 0 {
		return nil
	}
	return []string{"-j", fmt.Sprint(j.jobs)}
}

// withJobs adds " -j N" to a label when jobs is set.
func withJobs(label string, jobs int) string {
	if jobs > 0 {
		return fmt.Sprintf("%s -j %d", label, jobs)
	}
	return label
}

// curlParallel is curl's command for a list fetched jobs at a time.
func curlParallel(bin string, j job) []string {
	a := append([]string{bin, "-sS", "--fail", "--parallel", "--parallel-max", fmt.Sprint(max(j.jobs, 1)),
		"--remote-name-all", "--output-dir", j.dir}, caFlag(j, "--cacert")...)
	return append(a, j.urls...)
}

// slgetFixed is slget with -x n whatever the scenario's n, beside -x auto.
func slgetFixed(n int) *tool {
	return &tool{
		name: fmt.Sprintf("slget-x%d", n), program: "slget",
		label:   func(int, int) string { return fmt.Sprintf("slget -x %d --slice 1m", n) },
		streams: fixed(n),
		argv: func(bin string, j job) []string {
			return append(append([]string{bin, "-x", fmt.Sprint(n), "-d", j.dir, "--slice", "1m", "-q"}, caFlag(j, "--ca-certificate")...), "-o", j.name, j.urls[0])
		},
	}
}

// slgetWith is slget as the "slget" tool runs it, with flag added.
// streams is how many TCP connections it opens for n.
func slgetWith(name, flag string, streams func(int) int) *tool {
	return &tool{
		name: name, program: "slget",
		label:   func(n, jobs int) string { return withJobs(fmt.Sprintf("slget -x %d --slice 1m %s", n, flag), jobs) },
		streams: streams,
		argv: func(bin string, j job) []string {
			a := append([]string{bin, "-x", fmt.Sprint(j.n), "-d", j.dir, "--slice", "1m", "-q", flag}, caFlag(j, "--ca-certificate")...)
			if j.list != "" {
				return append(append(a, jobsFlag(j)...), "-i", j.list)
			}
			return append(a, "-o", j.name, j.urls[0])
		},
	}
}

// knownTools lists every tool the harness knows, in table order.
// It is the table of tools, as long as the table.
func knownTools() []*tool {
	return []*tool{
		{
			name:    "slget",
			label:   func(n, jobs int) string { return withJobs(fmt.Sprintf("slget -x %d --slice 1m", n), jobs) },
			streams: same,
			argv: func(bin string, j job) []string {
				a := append([]string{bin, "-x", fmt.Sprint(j.n), "-d", j.dir, "--slice", "1m", "-q"}, caFlag(j, "--ca-certificate")...)
				if j.list != "" {
					return append(append(a, jobsFlag(j)...), "-i", j.list)
				}
				return append(a, "-o", j.name, j.urls[0])
			},
		},
		slgetFixed(4), slgetFixed(8), slgetFixed(16),
		slgetWith("slget-h2streams", "--http2-streams", fixed(1)), // n streams, one connection
		slgetWith("slget-h1", "--http2=false", same),
		{
			// No -x: the count is found (-x auto).
			name: "slget-auto", program: "slget",
			label:   func(int, int) string { return "slget --slice 1m (-x auto)" },
			streams: fixed(16),
			argv: func(bin string, j job) []string {
				return append(append([]string{bin, "-d", j.dir, "--slice", "1m", "-q"}, caFlag(j, "--ca-certificate")...), "-o", j.name, j.urls[0])
			},
		},
		{
			// A list one file at a time on one connection: what -j and -x
			// must not be slower than.
			name: "slget-j1", program: "slget",
			label:   func(int, int) string { return "slget -x 1 -j 1 --slice 1m" },
			streams: fixed(1),
			argv: func(bin string, j job) []string {
				return append(append([]string{bin, "-x", "1", "-j", "1", "-d", j.dir, "--slice", "1m", "-q"}, caFlag(j, "--ca-certificate")...), "-i", j.list)
			},
		},
		{
			name: "aria2c",
			label: func(n, jobs int) string {
				return withJobs(fmt.Sprintf("aria2c -x %d -s %d -k 1M", n, n), jobs)
			},
			streams: same,
			argv: func(bin string, j job) []string {
				a := []string{bin, "-x", fmt.Sprint(j.n), "-s", fmt.Sprint(j.n), "-k", "1M",
					"-d", j.dir, "-q", "--allow-overwrite=true", "--auto-file-renaming=false"}
				a = append(a, caFlag(j, "--ca-certificate")...)
				if j.list != "" {
					return append(append(a, jobsFlag(j)...), "-i", j.list)
				}
				return append(a, "-o", j.name, j.urls[0])
			},
		},
		{
			name:    "axel",
			label:   func(n, _ int) string { return fmt.Sprintf("axel -n %d", n) },
			streams: same,
			argv: func(bin string, j job) []string {
				if j.list != "" {
					// axel takes one file per run (several URLs are mirrors
					// of one file), so a list is a shell loop of runs.
					script := `cd "$1" && shift && for u; do "$0" -q -n ` + fmt.Sprint(j.n) +
						` "$u" >/dev/null || exit 1; done`
					return append([]string{"/bin/sh", "-c", script, bin, j.dir}, j.urls...)
				}
				return []string{bin, "-q", "-n", fmt.Sprint(j.n), "-o", j.dir + "/" + j.name, j.urls[0]}
			},
		},
		{
			name:    "curl",
			label:   func(int, int) string { return "curl (1 stream)" },
			streams: fixed(1),
			argv: func(bin string, j job) []string {
				a := append([]string{bin, "-sS", "--fail"}, caFlag(j, "--cacert")...)
				if j.list != "" {
					// One process, one connection reused for every URL.
					a = append(a, "--remote-name-all", "--output-dir", j.dir)
					return append(a, j.urls...)
				}
				return append(a, "-o", j.dir+"/"+j.name, j.urls[0])
			},
		},
		{
			name: "curl-parallel", program: "curl",
			label:   func(_, jobs int) string { return fmt.Sprintf("curl --parallel --parallel-max %d", jobs) },
			streams: same,
			argv:    curlParallel,
		},
		{
			name: "curl-h2-parallel", program: "curl",
			label: func(_, jobs int) string {
				return fmt.Sprintf("curl --http2 --parallel --parallel-max %d", jobs)
			},
			streams: fixed(1),
			argv: func(bin string, j job) []string {
				a := curlParallel(bin, j)
				return append([]string{a[0], "--http2"}, a[1:]...)
			},
		},
		{
			// curl syncs nothing: with sync after it, its files are on
			// the disk when it is done, as slget's are (sync writes every
			// file system's dirty data, other programs' included).
			name: "curl-parallel-sync", program: "curl",
			label:   func(_, jobs int) string { return fmt.Sprintf("curl --parallel --parallel-max %d && sync", jobs) },
			streams: same,
			argv: func(bin string, j job) []string {
				return append([]string{"/bin/sh", "-c", `"$0" "$@" && sync`}, curlParallel(bin, j)...)
			},
		},
	}
}

// version asks a program for its version and returns the first useful line.
func version(ctx context.Context, argv ...string) string {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return "unknown"
}

// versionArgs is how each tool prints its version.
func versionArgs(t *tool) []string {
	switch t.name {
	case "nginx":
		return []string{t.bin, "-v"}
	default:
		return []string{t.bin, "--version"}
	}
}
