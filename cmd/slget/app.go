// The command line: flags, subcommands, and the mapping to exit codes.

package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// config is everything the flags say about a download.
type config struct {
	connections    int
	out, dir       string
	slice          int64
	jobs           int
	header         http.Header
	userAgent      string
	proxy          string
	tls            *tls.Config // nil: the system's roots, verified
	maxTries       int
	retryWait      time.Duration
	timeout        time.Duration
	connectTimeout time.Duration
	stallTimeout   time.Duration
	lowestSpeed    int64
	maxDownload    int64
	checksum       *slget.Checksum
	allowOverwrite bool
	autoRename     bool
	jsonOut        bool
	restart        bool // discard a journal and start over
	noJournal      bool // keep no journal: no resume after a crash
	noRestart      bool // stop instead of restarting when the remote changed
	cont           bool // -c: also adopt a partial file without a journal
	checkIntegrity bool // re-check finished slices before resuming
	trusted        bool // --location-trusted
	maxRedirect    int
}

// app is one invocation of slget.
type app struct {
	con    *console
	stdin  io.Reader
	client *slget.Client
	cfg    config
}

// maxConnections is the per-host cap: far above aria2's 16, but a typo such
// as -x 8000 should not open thousands of sockets to one server.
const maxConnections = 64

func downloadFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "connections", Aliases: []string{"x"}, Value: 4, Usage: "`N` parallel connections per download (1 to 64)"},
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "save as `NAME` (relative to -d, or an absolute path; folders are created); only with one URL"},
		&cli.StringFlag{Name: "dir", Aliases: []string{"d"}, Value: ".", Usage: "save into `DIR`"},
		&cli.StringFlag{Name: "slice", Value: "1m", Usage: "slice `SIZE` every range is aligned to: 512k, 1m, 8m (match the cache in front of the origin)"},
		&cli.StringFlag{Name: "input-file", Aliases: []string{"i"}, Usage: "read URLs from `FILE`, one per line (- for stdin)"},
		&cli.IntFlag{Name: "max-concurrent-downloads", Aliases: []string{"j"}, Value: 5, Usage: "`N` downloads at once with -i or several URLs (as aria2c)"},
		&cli.StringSliceFlag{Name: "header", Usage: "send `\"NAME: VALUE\"` with every request (repeatable)"},
		&cli.StringFlag{Name: "user-agent", Aliases: []string{"U"}, Usage: "User-Agent `STRING`"},
		&cli.StringFlag{Name: "all-proxy", Usage: "proxy `URL` for every request (default: the http_proxy, https_proxy and no_proxy variables)"},
		&cli.StringFlag{Name: "ca-certificate", Usage: "trust the CA certificates in `FILE` (PEM) for HTTPS, besides the system's"},
		&cli.BoolFlag{Name: "check-certificate", Value: true, Usage: "verify the server's HTTPS certificate (--check-certificate=false to skip: insecure)"},
		&cli.IntFlag{Name: "max-tries", Aliases: []string{"m"}, Value: 5, Usage: "`N` tries per slice before giving up"},
		&cli.StringFlag{Name: "retry-wait", Value: "1", Usage: "first wait between tries in `SECONDS`, doubled each try, with jitter"},
		&cli.StringFlag{Name: "timeout", Aliases: []string{"t"}, Value: "60", Usage: "`SECONDS` to wait for response headers"},
		&cli.StringFlag{Name: "connect-timeout", Value: "15", Usage: "`SECONDS` to wait for a connection"},
		&cli.StringFlag{Name: "stall-timeout", Value: "30", Usage: "replace a connection that brings no bytes for `SECONDS`"},
		&cli.StringFlag{Name: "lowest-speed-limit", Value: "0", Usage: "replace a connection slower than `SPEED` bytes/s (e.g. 50k); 0 means off"},
		&cli.StringFlag{Name: "max-download-limit", Value: "0", Usage: "cap each download at `SPEED` bytes/s (e.g. 2m); 0 means no cap"},
		&cli.StringFlag{Name: "checksum", Usage: "verify the whole file: `ALGO=HEX` with sha-256, sha-512, sha-1 or md5"},
		&cli.BoolFlag{Name: "allow-overwrite", Usage: "overwrite an existing file of the same name"},
		&cli.BoolFlag{Name: "auto-file-renaming", Value: true, Usage: "save as NAME.1.ext when NAME.ext exists"},
		&cli.BoolFlag{Name: "continue", Aliases: []string{"c"}, Usage: "resume a partial download (automatic when slget's journal is there)"},
		&cli.BoolFlag{Name: "restart", Usage: "discard a partial download and its journal and start over"},
		&cli.BoolFlag{Name: "no-restart", Usage: "when the remote file changed since a partial download, stop (exit 33) instead of starting over"},
		&cli.BoolFlag{Name: "no-journal", Usage: "keep no journal (no resume after a crash): for throwaway downloads"},
		&cli.BoolFlag{Name: "check-integrity", Value: true, Usage: "before resuming, read back the finished slices of the partial download and fetch again those that fail their checksum (--check-integrity=false to trust them)"},
		&cli.BoolFlag{Name: "location-trusted", Usage: "send --header Authorization and Cookie, and a URL's password, to the hosts redirects lead to too (as curl's); off: only to the host they were given for"},
		&cli.IntFlag{Name: "max-redirect", Value: 10, Usage: "follow at most `N` redirects (0: none)"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing but errors"},
		&cli.BoolFlag{Name: "json", Usage: "print one JSON object per finished download on stdout"},
		&cli.StringFlag{Name: "progress", Value: "auto", Usage: "`MODE`: auto (live lines on a terminal, else a summary line every --summary-interval), bar, json (lines on stdout), none"},
		&cli.StringFlag{Name: "summary-interval", Value: "60", Usage: "when stderr is not a terminal, print a progress line every `SECONDS` (0: none), as aria2c"},
	}
}

// run is the whole program; main only calls os.Exit with its result.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	con := &console{stdout: stdout, stderr: stderr}
	capp := &cli.App{
		Name:      "slget",
		Usage:     "download a file over many connections, slice-aligned, resumable, one version end to end",
		UsageText: "slget [options] URL...\nslget [options] -i FILE\nslget demo [-x N]",
		Version:   fetch.Version,
		Description: "slget fetches one HTTP(S) resource over several connections in ranges aligned to\n" +
			"fixed slices (default 1m, like nginx's \"slice 1m\"), checks that every response is\n" +
			"of the same version (strong ETag, exact Content-Range, If-Match), and writes the file\n" +
			"under its final name only when it is complete. Options go before the URLs.",
		Flags:                     downloadFlags(),
		Reader:                    stdin,
		Writer:                    stdout,
		ErrWriter:                 stderr,
		DisableSliceFlagSeparator: true,
		HideHelpCommand:           true,
		Suggest:                   true,
		ExitErrHandler:            func(*cli.Context, error) {}, // only main exits
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return withCode(exitBadOption, fmt.Errorf("%v (see slget --help)", err))
		},
		Action: func(c *cli.Context) error {
			return downloadAction(c.Context, c, con, stdin)
		},
		Commands: []*cli.Command{demoCommand(con), statusCommand(con), verifyCommand(con), serveCommand(con), cacheCommand(con)},
	}
	err := capp.RunContext(ctx, permuteArgs(args, capp.Flags, capp.Commands))
	if err != nil {
		code := exitCode(err)
		if code == exitUnknown && !errors.As(err, new(*exitError)) && strings.Contains(err.Error(), "flag") {
			code = exitBadOption // urfave/cli's own parse errors
		}
		var ee *exitError
		if !errors.As(err, &ee) || ee.err != errReported {
			con.errorf("%v", err)
		}
		return code
	}
	return exitOK
}

// errReported marks an error whose message was already printed.
var errReported = errors.New("reported")

func readConfig(c *cli.Context) (config, error) {
	cfg := config{
		connections:    c.Int("connections"),
		out:            c.String("out"),
		dir:            c.String("dir"),
		jobs:           c.Int("max-concurrent-downloads"),
		userAgent:      c.String("user-agent"),
		proxy:          c.String("all-proxy"),
		maxTries:       c.Int("max-tries"),
		allowOverwrite: c.Bool("allow-overwrite"),
		autoRename:     c.Bool("auto-file-renaming"),
		jsonOut:        c.Bool("json"),
		restart:        c.Bool("restart"),
		noRestart:      c.Bool("no-restart"),
		noJournal:      c.Bool("no-journal"),
		cont:           c.Bool("continue"),
		checkIntegrity: c.Bool("check-integrity"),
		trusted:        c.Bool("location-trusted"),
		maxRedirect:    c.Int("max-redirect"),
	}
	var err error
	bad := func(e error) (config, error) { return config{}, withCode(exitBadOption, e) }
	if cfg.connections < 1 || cfg.connections > maxConnections {
		return bad(fmt.Errorf("-x %d: want 1 to %d connections", cfg.connections, maxConnections))
	}
	if cfg.jobs < 1 || cfg.jobs > 64 {
		return bad(fmt.Errorf("-j %d: want 1 to 64 downloads at once", cfg.jobs))
	}
	if cfg.maxTries < 1 {
		return bad(fmt.Errorf("--max-tries %d: want at least 1", cfg.maxTries))
	}
	if cfg.restart && cfg.cont {
		return bad(errors.New("--restart and --continue contradict each other"))
	}
	if cfg.restart && cfg.noRestart {
		return bad(errors.New("--restart and --no-restart contradict each other"))
	}
	if cfg.maxRedirect < 0 {
		return bad(fmt.Errorf("--max-redirect %d: want 0 or more", cfg.maxRedirect))
	}
	if cfg.slice, err = segment.ParseSlice(c.String("slice")); err != nil {
		return bad(fmt.Errorf("--slice: %v", err))
	}
	if cfg.header, err = parseHeaders(c.StringSlice("header")); err != nil {
		return bad(err)
	}
	for _, d := range []struct {
		name string
		dst  *time.Duration
	}{{"retry-wait", &cfg.retryWait}, {"timeout", &cfg.timeout}, {"connect-timeout", &cfg.connectTimeout}, {"stall-timeout", &cfg.stallTimeout}} {
		if *d.dst, err = parseSeconds(d.name, c.String(d.name)); err != nil {
			return bad(err)
		}
	}
	if cfg.lowestSpeed, err = parseRate("lowest-speed-limit", c.String("lowest-speed-limit")); err != nil {
		return bad(err)
	}
	if cfg.maxDownload, err = parseRate("max-download-limit", c.String("max-download-limit")); err != nil {
		return bad(err)
	}
	if cfg.checksum, err = slget.ParseChecksum(c.String("checksum")); err != nil {
		return bad(fmt.Errorf("--%v", err))
	}
	if cfg.tls, err = tlsConfig(c.String("ca-certificate"), c.Bool("check-certificate")); err != nil {
		return bad(err)
	}
	return cfg, nil
}

func progressModeOf(s string, stderr io.Writer) (progressMode, error) {
	switch s {
	case "auto":
		if isTerminal(stderr) {
			return progressBars, nil
		}
		return progressSummary, nil
	case "bar":
		return progressBars, nil
	case "json":
		return progressJSON, nil
	case "none":
		return progressNone, nil
	}
	return 0, withCode(exitBadOption, fmt.Errorf("--progress %q: want auto, bar, json or none", s))
}

// newApp builds the client that every download of this invocation shares.
func newApp(con *console, stdin io.Reader, cfg config) (*app, error) {
	maxRedirect := cfg.maxRedirect
	if maxRedirect == 0 {
		maxRedirect = -1 // fetch: zero means its default, negative none
	}
	hc, err := fetch.NewClient(fetch.ClientOptions{
		Connections:     cfg.connections,
		ConnectTimeout:  cfg.connectTimeout,
		Timeout:         cfg.timeout,
		Proxy:           cfg.proxy,
		Header:          cfg.header,
		UserAgent:       cfg.userAgent,
		TLSConfig:       cfg.tls,
		LocationTrusted: cfg.trusted,
		MaxRedirects:    maxRedirect,
	})
	if err != nil {
		return nil, withCode(exitBadOption, err)
	}
	client := &slget.Client{
		HTTP:         hc,
		Connections:  cfg.connections,
		Slice:        cfg.slice,
		Retry:        fetch.RetryPolicy{MaxTries: cfg.maxTries, Wait: cfg.retryWait},
		StallTimeout: cfg.stallTimeout,
		LowestSpeed:  cfg.lowestSpeed,
		RateLimit:    cfg.maxDownload,
	}
	return &app{con: con, stdin: stdin, client: client, cfg: cfg}, nil
}

func downloadAction(ctx context.Context, c *cli.Context, con *console, stdin io.Reader) error {
	cfg, err := readConfig(c)
	if err != nil {
		return err
	}
	con.quiet = c.Bool("quiet")
	if con.mode, err = progressModeOf(c.String("progress"), con.stderr); err != nil {
		return err
	}
	if con.interval, err = parseSeconds("summary-interval", c.String("summary-interval")); err != nil {
		return withCode(exitBadOption, err)
	}
	urls := c.Args().Slice()
	if f := c.String("input-file"); f != "" {
		more, err := readURLList(f, stdin)
		if err != nil {
			return withCode(exitBadOption, err)
		}
		urls = append(urls, more...)
	}
	if len(urls) == 0 {
		cli.ShowAppHelp(c)
		return withCode(exitBadOption, errors.New("no URL given"))
	}
	if cfg.out != "" && len(urls) > 1 {
		return withCode(exitBadOption, errors.New("-o names one file; it cannot be used with several URLs"))
	}
	for _, u := range urls {
		if _, err := fetch.ParseURL(u); err != nil {
			return withCode(exitBadOption, err)
		}
	}
	a, err := newApp(con, stdin, cfg)
	if err != nil {
		return err
	}
	defer a.client.HTTP.CloseIdle()
	con.solo = cfg.jobs == 1 || len(urls) == 1
	return a.getAll(ctx, urls)
}

// getAll downloads urls, cfg.jobs at a time. The exit code is that of the
// last URL, in input order, that failed: the same on every run, whichever
// download ends first.
func (a *app) getAll(ctx context.Context, urls []string) error {
	errs := make([]error, len(urls))
	results := make([]result, len(urls))
	var wg sync.WaitGroup
	sem := make(chan struct{}, a.cfg.jobs)
loop:
	for i, u := range urls {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			for k := i; k < len(urls); k++ {
				errs[k] = withCode(exitUnfinished, fmt.Errorf("%s: not started (interrupted)", fetch.Redact(urls[k])))
			}
			break loop
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			res, err := a.get(ctx, u)
			results[i] = res
			if a.cfg.jsonOut {
				a.con.jsonLine(res)
			}
			if err != nil && (len(urls) > 1 || a.cfg.jsonOut) {
				a.con.errorf("%v", err)
				err = withCode(exitCode(err), errReported)
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	if len(urls) > 1 && !a.cfg.jsonOut && a.con.mode != progressJSON && !a.con.quiet {
		for i := range results {
			if results[i].URL == "" { // not started
				results[i] = result{URL: fetch.Redact(urls[i]), ExitCode: exitUnfinished}
			}
		}
		a.con.printResults(urls, results)
	}
	for i := len(errs) - 1; i >= 0; i-- {
		if errs[i] != nil {
			return errs[i]
		}
	}
	return nil
}

// readURLList reads one URL per line; blank lines and # comments are
// skipped, as are aria2's indented option lines.
func readURLList(name string, stdin io.Reader) ([]string, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("-i %s: %v", name, err)
		}
		defer f.Close()
		r = f
	}
	var urls []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || line[0] == ' ' || line[0] == '\t' {
			continue
		}
		if _, err := fetch.ParseURL(t); err != nil {
			return nil, fmt.Errorf("-i %s line %d: %v", name, n, err)
		}
		urls = append(urls, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("-i %s: %v", name, err)
	}
	return urls, nil
}

// permuteArgs moves options that follow the URLs in front of them, so that
// "slget URL -o NAME" works as it does with aria2 and curl. Everything after
// "--" stays as it is; a subcommand's arguments are left alone.
func permuteArgs(args []string, flags []cli.Flag, cmds []*cli.Command) []string {
	if len(args) < 2 {
		return args
	}
	commands := map[string]bool{"help": true, "h": true}
	for _, c := range cmds {
		for _, n := range c.Names() {
			commands[n] = true
		}
	}
	takesValue := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var opts, pos []string
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			pos = append(pos, rest[i:]...)
			break
		}
		if len(pos) == 0 && !strings.HasPrefix(a, "-") && commands[a] {
			return args // a subcommand parses its own flags
		}
		name := strings.TrimLeft(a, "-")
		if !strings.HasPrefix(a, "-") || a == "-" || name == "" {
			pos = append(pos, a)
			continue
		}
		opts = append(opts, a)
		if n, _, hasEq := strings.Cut(name, "="); !hasEq && takesValue[n] && i+1 < len(rest) {
			opts = append(opts, rest[i+1])
			i++
		}
	}
	out := append([]string{args[0]}, opts...)
	return append(out, pos...)
}
