//go:build unix

// Command bench runs slget side by side with aria2c, axel and curl against a
// private nginx on loopback and writes the results into BENCHMARKS.md.
//
// Run it from the module root:
//
//	go run ./bench -runs 5
//
// Every scenario of issue 4 gets a Markdown table: median wall time, MB/s,
// median CPU time (user + sys) and median peak RSS per tool, with ratios
// against slget and, for rate-limited origins, the ideal time. The raw runs
// go to bench/results/latest.csv.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// options are the command line flags.
type options struct {
	runs      int
	scenarios []int
	tools     []string
	quick     bool
	limits    []string
	rtt       time.Duration
	out       string
	md        string
	csv       string
	write     bool
	keep      bool
}

func main() {
	log := func(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }
	o, err := parseFlags(os.Args[1:])
	if err != nil {
		log("bench: %v", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o, log); err != nil {
		log("bench: %v", err)
		stop()
		os.Exit(1)
	}
}

func parseFlags(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.IntVar(&o.runs, "runs", 5, "timed runs of each tool per scenario")
	scen := fs.String("scenarios", "1,2,3,4,5,6", "scenarios to run, by the issue's numbers (6 is issue 19's, 7 issue 26's -x auto, 8 its HTTP/2, 9 its CPU per GiB to tmpfs)")
	tools := fs.String("tools", "slget,aria2c,axel,curl", "tools to compare")
	fs.BoolVar(&o.quick, "quick", false, "small files and 3 runs unless -runs: a smoke test (writes no results unless -write)")
	limit := fs.String("limit", "both", "how rates are enforced in scenarios 1 and 3: nginx (limit_rate, per request), conn (per TCP connection, by the harness) or both")
	fs.DurationVar(&o.rtt, "rtt", 25*time.Millisecond, "round trip added in scenario 3")
	fs.StringVar(&o.out, "out", "bench/results/tmp", "where test files and downloads go (a run directory is made and removed inside)")
	fs.StringVar(&o.md, "md", "BENCHMARKS.md", "Markdown file whose bench section is replaced")
	fs.StringVar(&o.csv, "csv", "bench/results/latest.csv", "where the raw runs are written")
	fs.BoolVar(&o.write, "write", true, "write -md and -csv (default false with -quick)")
	fs.BoolVar(&o.keep, "keep", false, "keep the run directory (test files, nginx logs)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.quick && !set["write"] {
		o.write = false
	}
	if o.quick && !set["runs"] {
		o.runs = 3
	}
	if o.runs < 1 {
		return o, errors.New("-runs must be at least 1")
	}
	for _, f := range strings.Split(*scen, ",") {
		id, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || id < 1 || id > 9 {
			return o, fmt.Errorf("-scenarios: %q is not one of 1 to 9", f)
		}
		o.scenarios = append(o.scenarios, id)
	}
	known := map[string]bool{}
	for _, t := range knownTools() {
		known[t.prog()] = true
	}
	for _, f := range strings.Split(*tools, ",") {
		if f = strings.TrimSpace(f); !known[f] {
			return o, fmt.Errorf("-tools: unknown tool %q", f)
		}
		o.tools = append(o.tools, f)
	}
	switch *limit {
	case "both":
		o.limits = []string{limitNginx, limitConn}
	case limitNginx, limitConn:
		o.limits = []string{*limit}
	default:
		return o, fmt.Errorf("-limit: %q is not nginx, conn or both", *limit)
	}
	return o, nil
}

// run is the whole benchmark.
// It is the harness's main: flags, tools found, scenarios run, the report
// written, in order; long because every option of the harness is read here.
func run(ctx context.Context, o options, log func(string, ...any)) error {
	start := time.Now()
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	root, err := findModuleRoot(wd)
	if err != nil {
		return err
	}
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(root, p)
	}
	if err := os.MkdirAll(abs(o.out), 0o755); err != nil {
		return err
	}
	dir, err := os.MkdirTemp(abs(o.out), "run-")
	if err != nil {
		return err
	}
	if o.keep {
		log("run directory kept: %s", dir)
	} else {
		defer os.RemoveAll(dir)
	}

	nginxBin, err := lookPath("nginx")
	if err != nil {
		return errors.New("nginx is not installed: it is the origin of every scenario")
	}
	timeBin := "/usr/bin/time"
	if _, err := os.Stat(timeBin); err != nil {
		log("no /usr/bin/time: CPU and RSS come from the kernel's rusage instead")
		timeBin = ""
	}

	// The tools, built or found.
	var tools []*tool
	found := map[string]*tool{} // by program: a program's tools share its binary
	for _, t := range knownTools() {
		if !slices.Contains(o.tools, t.prog()) {
			continue
		}
		tools = append(tools, t)
		if f := found[t.prog()]; f != nil {
			t.bin, t.why = f.bin, f.why
			continue
		}
		found[t.prog()] = t
		if t.name == "slget" {
			bin := filepath.Join(dir, "bin", "slget")
			// Built as the README says a binary is: static, without
			// urfave/cli's man-page writer.
			cmd := exec.CommandContext(ctx, "go", "build", "-tags", "urfave_cli_no_docs", "-o", bin, "./cmd/slget")
			cmd.Dir, cmd.Env = root, append(os.Environ(), "CGO_ENABLED=0")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.why = "build failed"
				log("slget does not build, going on without it:\n%s", strings.TrimSpace(string(out)))
				continue
			}
			t.bin = bin
			continue
		}
		if p, err := lookPath(t.prog()); err == nil {
			t.bin = p
		} else {
			t.why = "not installed"
		}
	}

	// Versions, which also warms each binary.
	env := machine(ctx)
	var versions []string
	for _, t := range tools {
		if found[t.prog()] != t {
			continue // another way to run a program already listed
		}
		v := t.why
		if t.bin != "" {
			v = version(ctx, versionArgs(t)...)
			if t.name == "slget" {
				v = slgetVersion(ctx, t.bin, root)
			}
		}
		versions = append(versions, fmt.Sprintf("%s: %s", t.name, v))
	}
	versions = append(versions, "nginx: "+version(ctx, nginxBin, "-v"))
	loadStart := loadAvg()
	if busy(loadStart) {
		log("warning: load average %s on %d CPUs: other work will skew the numbers", loadStart, runtime.NumCPU())
	}
	fmt.Println("# slget benchmark")
	fmt.Println(env)
	for _, v := range versions {
		fmt.Println("- " + v)
	}
	fmt.Println()

	// Files, the same for every tool, then on disk before anything is timed.
	scens := scenarios(o.scenarios, o.quick, o.limits, o.rtt)
	www := filepath.Join(dir, "www")
	files := map[string][]srcFile{}
	var limits []int64
	var conns []int
	var connsRate int64
	for _, s := range scens {
		if s.rate > 0 && s.limit == limitNginx && s.conns == 0 {
			limits = append(limits, s.rate)
		}
		if s.conns > 0 {
			conns, connsRate = append(conns, s.conns), s.rate
		}
		if _, ok := files[s.sourceKey()]; ok {
			continue
		}
		log("writing %d × %s of random bytes for %s", s.files, sizeName(s.size), s.sourceKey())
		for _, name := range s.sourceNames() {
			if err := ctx.Err(); err != nil {
				return err
			}
			f, err := makeFile(www, name, s.size)
			if err != nil {
				return err
			}
			files[s.sourceKey()] = append(files[s.sourceKey()], f)
		}
	}
	if err := os.WriteFile(filepath.Join(www, "ready.txt"), []byte("ok\n"), 0o644); err != nil {
		return err
	}
	syscall.Sync()

	addr, err := freePort()
	if err != nil {
		return err
	}
	tlsAddr, err := freePort()
	if err != nil {
		return err
	}
	cert, key, err := writeCert(filepath.Join(dir, "tls"))
	if err != nil {
		return err
	}
	ngx, err := startNginx(ctx, nginxBin, nginxConf{
		Prefix: filepath.Join(dir, "nginx"),
		Root:   www,
		Listen: addr,
		AsRoot: os.Geteuid() == 0,
		Limits: limits,
		Conns:  conns, ConnsRate: connsRate,
		TLSListen: tlsAddr, Cert: cert, Key: key,
	}, "ready.txt")
	if err != nil {
		return err
	}
	defer ngx.stop()

	var all []runResult
	var sections []string
	for _, s := range scens {
		rows, runs, err := runScenario(ctx, o, s, tools, timeBin, origin{addr, tlsAddr, cert}, dir, www, files[s.sourceKey()], log)
		all = append(all, runs...)
		if err != nil {
			return err
		}
		sec := renderScenario(s, rows)
		fmt.Println(sec)
		sections = append(sections, sec)
	}

	if !o.write {
		log("-quick: BENCHMARKS.md and the CSV left as they are (add -write to write them)")
		log("done in %v", time.Since(start).Round(time.Second))
		return nil
	}
	header := fmt.Sprintf("Measured %s with `go run ./bench %s` (%d runs per tool, medians), in %v; "+
		"load average (1, 5, 15 min) %s at the start, %s at the end.\n\n%s\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), strings.Join(os.Args[1:], " "), o.runs,
		time.Since(start).Round(time.Second), loadStart, loadAvg(), env)
	for _, v := range versions {
		header += "- " + v + "\n"
	}
	section := header + "\n" + strings.Join(sections, "\n")
	if o.md != "" {
		doc, err := os.ReadFile(abs(o.md))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		if err := os.WriteFile(abs(o.md), []byte(replaceSection(string(doc), section)), 0o644); err != nil {
			return err
		}
		log("wrote %s", abs(o.md))
	}
	if o.csv != "" {
		if err := os.MkdirAll(filepath.Dir(abs(o.csv)), 0o755); err != nil {
			return err
		}
		f, err := os.Create(abs(o.csv))
		if err != nil {
			return err
		}
		if err := writeCSV(f, all); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		log("wrote %s", abs(o.csv))
	}
	log("done in %v", time.Since(start).Round(time.Second))
	return nil
}
