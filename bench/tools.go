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
	urls []string // one URL, or many for a list download
	list string   // a file with urls, one a line (list downloads only)
	dir  string   // where the output goes
	name string   // output name (single downloads only)
}

// tool is one program compared by the harness.
type tool struct {
	name string
	bin  string // absolute path; "" if missing
	why  string // why bin is "" (not installed, build failed)

	// label shows the options the tool runs with for n connections.
	label func(n int) string
	// streams is the number of connections the tool opens for n.
	streams func(n int) int
	// argv returns the command for j.
	argv func(bin string, j job) []string
}

func fixed(n int) func(int) int { return func(int) int { return n } }
func same(n int) int            { return n }

// knownTools lists every tool the harness knows, in table order.
func knownTools() []*tool {
	return []*tool{
		{
			name:    "slget",
			label:   func(n int) string { return fmt.Sprintf("slget -x %d --slice 1m", n) },
			streams: same,
			argv: func(bin string, j job) []string {
				a := []string{bin, "-x", fmt.Sprint(j.n), "-d", j.dir, "--slice", "1m", "-q"}
				if j.list != "" {
					return append(a, "-i", j.list)
				}
				return append(a, "-o", j.name, j.urls[0])
			},
		},
		{
			name: "aria2c",
			label: func(n int) string {
				return fmt.Sprintf("aria2c -x %d -s %d -k 1M", n, n)
			},
			streams: same,
			argv: func(bin string, j job) []string {
				a := []string{bin, "-x", fmt.Sprint(j.n), "-s", fmt.Sprint(j.n), "-k", "1M",
					"-d", j.dir, "-q", "--allow-overwrite=true", "--auto-file-renaming=false"}
				if j.list != "" {
					return append(a, "-i", j.list)
				}
				return append(a, "-o", j.name, j.urls[0])
			},
		},
		{
			name:    "axel",
			label:   func(n int) string { return fmt.Sprintf("axel -n %d", n) },
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
			label:   func(int) string { return "curl (1 stream)" },
			streams: fixed(1),
			argv: func(bin string, j job) []string {
				a := []string{bin, "-sS", "--fail"}
				if j.list != "" {
					// One process, one connection reused for every URL.
					a = append(a, "--remote-name-all", "--output-dir", j.dir)
					return append(a, j.urls...)
				}
				return append(a, "-o", j.dir+"/"+j.name, j.urls[0])
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
