// The command line: flags, subcommands, and the mapping to exit codes.

package main

import (
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
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/internal/version"
)

// config is everything the flags say about a download.
type config struct {
	connections    int
	connSpec       connSpec // -x and -s as given, which connections comes from
	out, dir       string
	slice          int64
	jobs           int
	header         http.Header
	userAgent      string
	proxy          string
	tls            *tls.Config   // nil: the system's roots, verified
	cas            []byte        // --ca-certificate's PEM, trusted besides the system's roots
	maxTries       int           // 0: not given (the time rule), -1: no limit (aria2c's --max-tries=0)
	retryMaxTime   time.Duration // 0: the library's default, negative: no limit (--retry-max-time=0)
	retryWait      time.Duration
	timeout        time.Duration
	connectTimeout time.Duration
	sftp           slget.SFTPOptions // how sftp:// URLs log in, which host keys they trust
	ftp            slget.FTPOptions  // how ftp:// URLs log in
	stallTimeout   time.Duration
	lowestSpeed    int64
	maxDownload    int64
	maxOverall     int64 // --max-overall-download-limit
	dryRun         bool
	conditional    bool // --conditional-get
	remoteTime     bool
	checksum       *slget.Checksum
	fileAllocation string // aria2's --file-allocation, accepted and kept; "": slget's sparse file
	allowOverwrite bool
	autoRename     bool
	jsonOut        bool
	restart        bool             // discard a journal and start over
	noJournal      bool             // keep no journal: no resume after a crash
	noRestart      bool             // stop instead of restarting when the remote changed
	cont           bool             // -c: also adopt a partial file without a journal
	checkIntegrity bool             // re-check finished slices before resuming
	trusted        bool             // --location-trusted
	noHTTP2        bool             // --http2=false: offer only HTTP/1.1
	http2Streams   bool             // --http2-streams: the ranges as streams of one HTTP/2 connection
	cacheFront     slget.CacheFront // --cache-front
	maxRedirect    int
	streamWindow   int64    // -o -: bytes of the file held in memory
	window         int64    // --stream-window, for -o naming a device or a FIFO
	mirrorOptions           // an entry's mirrors
	requestExtras           // aria2's --referer, --load-cookies, proxy lists (readAria2)
	notes          []string // said once on stderr before the downloads: options accepted but not applied
}

// app is one invocation of slget.
type app struct {
	con    *console
	stdin  io.Reader
	client *slget.Client
	cfg    config
	// session is --save-session's; nil without it.
	session *session
	// hooks runs the event hooks (--on-download-complete, ...); nil: none.
	hooks *hooks
	// remoteProxy says once that --all-proxy does not reach sftp:// and
	// ftp:// servers.
	remoteProxy sync.Once
}

// poolOf is the connections per host the HTTP client keeps for n
// connections per download (0: auto, up to slget.DefaultMaxConnections).
func poolOf(n int) int {
	if n == slget.AutoConnections {
		return slget.DefaultMaxConnections
	}
	return n
}

// maxConnections is the per-host cap: far above aria2's 16, but a typo such
// as -x 8000 should not open thousands of sockets to one server.
const maxConnections = slget.ConnectionLimit

// run is the whole program; main only calls os.Exit with its result.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	con := &console{stdout: stdout, stderr: stderr}
	var conf *confFile // aria2.conf's options, laid under the command line's
	capp := &cli.App{
		Name:      "slget",
		Usage:     "download a file over many connections, slice-aligned, resumable, one version end to end",
		UsageText: "slget [options] URL...\nslget [options] -i FILE\nslget --enable-rpc [--rpc-secret TOKEN] [-d DIR] [options]\nslget status NAME...  |  slget verify NAME\nslget demo [-x N] [--size SIZE] [--rate RATE]\nslget serve --cache DIR --allow HOST [--listen ADDR] [--token-file FILE]\nslget cache ls|verify DIR  |  slget cache purge DIR URL...\nslget peers [--json]",
		Version:   version.Version,
		Description: "slget fetches a file over several connections (http://, https://, sftp://, ftp://)\n" +
			"in ranges aligned to fixed slices (default 1m, like nginx's \"slice 1m\"), checks\n" +
			"that every answer is of the same version (over HTTP a strong ETag, the exact\n" +
			"Content-Range and If-Match; over SFTP and FTP the size and modification time), and\n" +
			"writes the file under its final name only when it is complete. Options may follow\n" +
			"the URLs, and aria2c's habits work: -x16, -qx 8, -s, -k, -i FILE with indented\n" +
			"out=/dir= lines.",
		Flags:                     appFlags(),
		HideHelp:                  true, // appFlags and helpCommand stand in for urfave/cli's shared ones
		HideVersion:               true,
		Reader:                    stdin,
		Writer:                    stdout,
		ErrWriter:                 stderr,
		DisableSliceFlagSeparator: true,
		Suggest:                   true,
		ExitErrHandler:            func(*cli.Context, error) {}, // only main exits
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return withCode(exitBadOption, fmt.Errorf("%v (see slget --help)", err))
		},
		Action: func(c *cli.Context) error {
			return downloadAction(c.Context, c, con, stdin, conf)
		},
		Commands: []*cli.Command{demoCommand(con), statusCommand(con), verifyCommand(con), serveCommand(con), peersCommand(con), cacheCommand(con), helpCommand()},
	}
	capp.CustomAppHelpTemplate, capp.ExtraInfo = appHelpTemplate, appHelpOptions(capp)
	args, err := normalizeArgs(capp, args)
	cmdline := args
	if err == nil {
		args, conf, err = withConf(capp, args, os.Getenv)
	}
	if err == nil {
		err = conf.blame(capp.RunContext(ctx, args), capp.Flags, cmdline)
	}
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

// readConfig reads the command line into a config.
// It has a line per flag, and is as long as the flag list.
func readConfig(c *cli.Context) (config, error) {
	cfg := config{
		out:            c.String("out"),
		dir:            c.String("dir"),
		jobs:           c.Int("max-concurrent-downloads"),
		userAgent:      c.String("user-agent"),
		proxy:          c.String("all-proxy"),
		maxTries:       maxTriesOf(c),
		allowOverwrite: c.Bool("allow-overwrite"),
		autoRename:     c.Bool("auto-file-renaming"),
		jsonOut:        c.Bool("json"),
		restart:        c.Bool("restart"),
		noRestart:      c.Bool("no-restart"),
		noJournal:      c.Bool("no-journal"),
		cont:           c.Bool("continue"),
		checkIntegrity: c.Bool("check-integrity"),
		dryRun:         c.Bool("dry-run"),
		conditional:    c.Bool("conditional-get"),
		remoteTime:     c.Bool("remote-time"),
		trusted:        c.Bool("location-trusted"),
		maxRedirect:    c.Int("max-redirect"),
	}
	var err error
	bad := func(e error) (config, error) { return config{}, withCode(exitBadOption, e) }
	if cfg.connSpec, cfg.connections, err = connectionsOf(c); err != nil {
		return bad(err)
	}
	switch fm := strings.ToLower(c.String("follow-metalink")); fm {
	case "true", "mem":
		cfg.followMetalink = true
	case "false":
		cfg.ignoreLinks = true
	default:
		return bad(fmt.Errorf("--follow-metalink=%s: want true, mem or false", c.String("follow-metalink")))
	}
	if cfg.jobs < 1 || cfg.jobs > 64 {
		return bad(fmt.Errorf("-j %d: want 1 to 64 downloads at once", cfg.jobs))
	}
	if c.IsSet("max-tries") && c.Int("max-tries") < 0 {
		return bad(fmt.Errorf("--max-tries %d: want 0 (no limit) or more", c.Int("max-tries")))
	}
	if err := checkConflicts(c); err != nil {
		return bad(err)
	}
	if err := checkText("-U", cfg.userAgent); err != nil {
		return bad(err)
	}
	if cfg.fileAllocation, err = parseFileAllocation(c.String("file-allocation")); err != nil {
		return bad(err)
	}
	if cfg.maxRedirect < 0 {
		return bad(fmt.Errorf("--max-redirect %d: want 0 or more", cfg.maxRedirect))
	}
	if cfg.slice, err = parseSlice(c.String("slice")); err != nil {
		return bad(fmt.Errorf("--slice: %v", err))
	}
	if cfg.header, err = parseHeaders(c.StringSlice("header")); err != nil {
		return bad(err)
	}
	if err := readAria2(c, &cfg); err != nil {
		return bad(err)
	}
	cfg.notes = append(cfg.notes, ignoredNotes(c)...)
	for _, d := range []struct {
		name string
		dst  *time.Duration
	}{{"retry-wait", &cfg.retryWait}, {"retry-max-time", &cfg.retryMaxTime}, {"timeout", &cfg.timeout}, {"connect-timeout", &cfg.connectTimeout}, {"stall-timeout", &cfg.stallTimeout}} {
		if *d.dst, err = parseSeconds(d.name, c.String(d.name)); err != nil {
			return bad(err)
		}
	}
	cfg.sftp.ConnectTimeout = cfg.connectTimeout
	cfg.ftp.ConnectTimeout = cfg.connectTimeout
	if cfg.retryMaxTime == 0 {
		cfg.retryMaxTime = -1 // --retry-max-time=0: for ever
	}
	if cfg.lowestSpeed, err = parseRate("lowest-speed-limit", c.String("lowest-speed-limit")); err != nil {
		return bad(err)
	}
	if cfg.maxDownload, err = parseRate("max-download-limit", c.String("max-download-limit")); err != nil {
		return bad(err)
	}
	if cfg.maxOverall, err = parseRate("max-overall-download-limit", c.String("max-overall-download-limit")); err != nil {
		return bad(err)
	}
	if cfg.checksum, err = slget.ParseChecksum(c.String("checksum")); err != nil {
		return bad(fmt.Errorf("--%v", err))
	}
	if cfg.tls, cfg.cas, err = tlsConfig(c.String("ca-certificate"), c.Bool("check-certificate")); err != nil {
		return bad(err)
	}
	if c.Bool("ftp-ssl-reqd") {
		cfg.ftp.TLS = ftpsConfig(cfg.tls, cfg.cas)
	}
	cfg.noHTTP2, cfg.http2Streams = !c.Bool("http2"), c.Bool("http2-streams")
	if cfg.cacheFront, err = slget.ParseCacheFront(c.String("cache-front")); err != nil {
		return bad(fmt.Errorf("--%v", err))
	}
	if cfg.streamWindow, err = streamWindow(c, cfg); err != nil {
		return bad(err)
	}
	cfg.window, _ = units.ParseSize(c.String("stream-window")) // checked by streamWindow
	if cfg.out != "" && cfg.out != "-" && streamPath(joinOut(cfg.dir, cfg.out)) {
		if err := checkStreamOut(cfg, cfg.window); err != nil {
			return bad(err)
		}
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
	hc, err := newHTTP(cfg)
	if err != nil {
		return nil, err
	}
	client := &slget.Client{HTTP: hc, TotalRateLimit: cfg.maxOverall}
	setClient(client, cfg)
	return &app{con: con, stdin: stdin, client: client, cfg: cfg}, nil
}

// setClient sets the download settings of cfg on c.
func setClient(c *slget.Client, cfg config) {
	c.Connections = cfg.connections
	c.Slice = cfg.slice
	c.Retry = retryPolicy(cfg)
	c.StallTimeout = cfg.stallTimeout
	c.LowestSpeed = cfg.lowestSpeed
	c.RateLimit = cfg.maxDownload
	c.HTTP2Streams = cfg.http2Streams
	c.CacheFront = cfg.cacheFront
}

func downloadAction(ctx context.Context, c *cli.Context, con *console, stdin io.Reader, conf *confFile) error {
	if c.Bool("enable-rpc") {
		return daemonAction(ctx, c, con, stdin, conf)
	}
	if c.Bool("pause") {
		return withCode(exitBadOption, errors.New("--pause holds the downloads added to the daemon: give it with --enable-rpc"))
	}
	if c.Bool("daemon") {
		return withCode(exitBadOption, errors.New("--daemon runs the daemon (--enable-rpc) in the background; a download of URLs runs in the foreground (use nohup or a service manager)"))
	}
	cfg, err := readConfig(c)
	if err != nil {
		return err
	}
	con.quiet, con.verbose = c.Bool("quiet"), c.Bool("verbose")
	if err := con.openLog(c.String("log"), c.String("log-level")); err != nil {
		return err
	}
	defer con.closeLog()
	if n := conf.note(); n != "" {
		cfg.notes = append(cfg.notes, n)
	}
	progress := c.String("progress")
	if !c.IsSet("progress") && !c.Bool("show-console-readout") {
		progress = "none" // aria2c's --show-console-readout=false
	}
	if con.mode, err = progressModeOf(progress, con.stderr); err != nil {
		return err
	}
	for _, n := range cfg.notes {
		con.warnf("%s", n)
	}
	if !c.Bool("check-certificate") {
		con.warnf("%s", insecureWarning)
	}
	if con.interval, err = parseSeconds("summary-interval", c.String("summary-interval")); err != nil {
		return withCode(exitBadOption, err)
	}
	entries, refused, err := entriesOf(c, con, stdin)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		// As aria2c: one line that says what is missing and where the
		// help is, not the whole help with the error under it.
		return withCode(exitBadOption, errors.New("no URL given; usage: slget [options] URL... (slget --help for the options, slget demo to try it)"))
	}
	if cfg.out != "" && len(entries) > 1 {
		return withCode(exitBadOption, errors.New("-o names one file; it cannot be used with several URLs"))
	}
	a, err := newApp(con, stdin, cfg)
	if err != nil {
		return err
	}
	interval, err := parseSeconds("save-session-interval", c.String("save-session-interval"))
	if err != nil {
		return withCode(exitBadOption, err)
	}
	if a.session, err = sessionOf(c.String("save-session"), interval, cfg, entries); err != nil {
		return withCode(exitBadOption, err)
	}
	if a.session != nil && interval > 0 {
		sctx, stop := context.WithCancel(ctx)
		defer stop()
		go a.session.every(sctx, interval, con)
	}
	if err := a.openShare(c); err != nil { // --cache, --peer
		return err
	}
	defer a.closeShare()
	con.solo = cfg.jobs == 1 || len(entries) == 1
	if !cfg.dryRun {
		a.hooks = hooksOf(c, con)
		defer a.hooks.wait(ctx)
	}
	if err := a.getAll(ctx, entries); err != nil {
		return err
	}
	return refused
}
