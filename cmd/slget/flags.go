// The download options: their names (slget's and aria2's), their help, and
// the rules between them (connections from -x and -s, contradictions).

package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/optvalue"
)

// Categories of the download options in --help, in this order.
const (
	catConnections = "Connections and slices"
	catOutput      = "Output"
	catResume      = "Resume"
	catRequests    = "Requests"
	catRetries     = "Retries, timeouts and speed"
	catPrinting    = "Printing"
)

// downloadFlags are the options of a download. aria2c's names are aliases
// where they mean the same (-x, --max-connection-per-server, -k,
// --min-split-size); -s is its own option because it combines with -x.
func downloadFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "connections", Aliases: []string{"x", "max-connection-per-server"}, Value: "auto", Category: catConnections,
			Usage: "open `N` connections per download, 1 to 64, or auto: start with 4 and double them while each added one brings more than a few percent, up to 16, keeping to fewer when the server answers 429 or 503 (its connection limit) or resets; -x and --max-connection-per-server are aria2's names, the last one given wins (see -s)"},
		&cli.IntFlag{Name: "split", Aliases: []string{"s"}, Category: catConnections,
			Usage: "aria2's split count `N`: given with -x, slget opens min(-s, -x) connections, as aria2 does from one server; given alone, N"},
		&cli.StringFlag{Name: "slice", Aliases: []string{"k", "min-split-size"}, Value: "1m", Category: catConnections,
			Usage: "align every range to slices of `SIZE`: 512k, 1m, 20M (match the cache in front of the origin); -k and --min-split-size are aria2's names"},
		&cli.IntFlag{Name: "max-concurrent-downloads", Aliases: []string{"j"}, Value: 5, Category: catConnections,
			Usage: "run `N` downloads at once with -i or several URLs"},

		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Category: catOutput, Usage: "save as `NAME` (relative to -d, or an absolute path; folders are created; a directory, or a path ending in /, saves inside it); only with one URL"},
		&cli.StringFlag{Name: "stream-window", Value: "64m", Category: catOutput, Usage: "with -o - (the file to stdout, in order, nothing on disk): hold at most `SIZE` of it in memory, plus 128k per connection"},
		&cli.BoolFlag{Name: "dry-run", Category: catOutput, Usage: "only look: print the size, version, ranges, final URL and the name it would save as, and change nothing"},
		&cli.BoolFlag{Name: "conditional-get", Category: catOutput, Usage: "download only when the remote file is newer than the local one (If-Modified-Since), and then replace it"},
		&cli.BoolFlag{Name: "remote-time", Aliases: []string{"R"}, Category: catOutput, Usage: "give the file the server's Last-Modified time, as curl -R"},
		&cli.StringFlag{Name: "dir", Aliases: []string{"d"}, Value: ".", Category: catOutput, Usage: "save into `DIR`"},
		&cli.StringFlag{Name: "metalink-file", Aliases: []string{"M"}, Category: catOutput,
			Usage: "download the files a Metalink 4 or 3 `FILE` describes, each from all its mirrors, every piece checked against its digest"},
		&cli.StringFlag{Name: "follow-metalink", Value: "true", Category: catOutput,
			Usage: "`true` (or mem): a URL that is a Metalink (.meta4, .metalink, or its media type) is read, and the files it describes downloaded from their mirrors; false: saved as a file; false also ignores the mirrors an origin names in Link headers"},
		&cli.StringFlag{Name: "input-file", Aliases: []string{"i"}, Category: catOutput,
			Usage: "read URLs from `FILE` (- for stdin) in aria2's format: one per line; indented lines under a URL such as out=NAME, dir=DIR, checksum=ALGO=HEX, header=NAME: VALUE, split=N apply to it"},
		&cli.StringFlag{Name: "checksum", Category: catOutput, Usage: "verify the whole file: `ALGO=HEX` with sha-256, sha-512, sha-1 or md5"},
		&cli.BoolFlag{Name: "allow-overwrite", Category: catOutput, Usage: "overwrite an existing file of the same name"},
		&cli.BoolFlag{Name: "auto-file-renaming", Value: true, Category: catOutput, Usage: "save as NAME.1.ext when NAME.ext exists"},
		&cli.StringFlag{Name: "file-allocation", Category: catOutput,
			Usage: "aria2's `MODE`: none, prealloc, trunc or falloc; accepted, but slget always makes NAME.part a sparse file (as trunc)"},

		&cli.BoolFlag{Name: "continue", Aliases: []string{"c"}, Category: catResume, Usage: "also continue a partial file without a journal (curl's, wget's, or aria2c's beside its NAME.aria2) once its slice 0, its last whole slice and three between chosen at random match the server's; slget's own partial downloads resume without it"},
		&cli.BoolFlag{Name: "restart", Category: catResume, Usage: "discard a partial download and its journal and start over"},
		&cli.BoolFlag{Name: "no-restart", Category: catResume, Usage: "when the remote file changed since a partial download, stop (exit 33) instead of starting over"},
		&cli.BoolFlag{Name: "no-journal", Category: catResume, Usage: "keep no journal (no resume after a crash): for throwaway downloads"},
		&cli.BoolFlag{Name: "check-integrity", Value: true, Category: catResume, Usage: "before resuming, read back the finished slices of the partial download and fetch again those that fail their checksum (--check-integrity=false to trust them)"},

		&cli.StringSliceFlag{Name: "header", Category: catRequests, Usage: "send `\"NAME: VALUE\"` with every request (repeatable)"},
		&cli.StringFlag{Name: "user-agent", Aliases: []string{"U"}, Category: catRequests, Usage: "send User-Agent: `STRING`"},
		&cli.StringFlag{Name: "all-proxy", Category: catRequests, Usage: "send every http:// and https:// request through the proxy at `URL` (default: the http_proxy, https_proxy and no_proxy variables); sftp:// and ftp:// go direct"},
		&cli.StringFlag{Name: "cache-front", Value: "auto", Category: catRequests, Usage: "`CACHE` in front of the origin that its answers may not show: apache (Apache httpd's mod_cache, which stores only whole answers: the first download takes the file in one answer, which fills it) or auto (known by Via, X-Cache, Age and the like)"},
		&cli.StringFlag{Name: "ca-certificate", Category: catRequests, Usage: "trust the CA certificates in `FILE` (PEM) for HTTPS, besides the system's"},
		&cli.BoolFlag{Name: "http2", Value: true, Category: catRequests, Usage: "offer HTTP/2 to HTTPS servers (--http2=false: HTTP/1.1 only); small files of one host then share one connection"},
		&cli.BoolFlag{Name: "http2-streams", Category: catRequests, Usage: "from a server that speaks HTTP/2, fetch a big file's ranges as streams of one connection instead of HTTP/1.1 connections of their own"},
		&cli.BoolFlag{Name: "check-certificate", Value: true, Category: catRequests, Usage: "verify the server's HTTPS certificate (--check-certificate=false to skip: insecure)"},
		&cli.BoolFlag{Name: "location-trusted", Category: catRequests, Usage: "send --header Authorization and Cookie, and a URL's password, to the hosts redirects lead to too (as curl's); off: only to the host they were given for"},
		&cli.IntFlag{Name: "max-redirect", Value: 10, Category: catRequests, Usage: "follow at most `N` redirects (0: none)"},

		&cli.IntFlag{Name: "max-tries", Aliases: []string{"m"}, Category: catRetries, Usage: "give up a slice after exactly `N` tries (0: never), as aria2c; unset, --retry-max-time bounds the tries"},
		&cli.StringFlag{Name: "retry-max-time", Value: "120", Category: catRetries, Usage: "retry a failing slice for `SECONDS` from its first failure (at least 5 tries), so that an outage costs time, not the download; 0: for ever"},
		&cli.StringFlag{Name: "retry-wait", Value: "1", Category: catRetries, Usage: "wait `SECONDS` before the second try, doubled each try, with jitter"},
		&cli.StringFlag{Name: "timeout", Aliases: []string{"t"}, Value: "60", Category: catRetries, Usage: "wait `SECONDS` for response headers"},
		&cli.StringFlag{Name: "connect-timeout", Value: "15", Category: catRetries, Usage: "wait `SECONDS` for a connection"},
		&cli.StringFlag{Name: "stall-timeout", Value: "30", Category: catRetries, Usage: "replace a connection that brings no bytes for `SECONDS`"},
		&cli.StringFlag{Name: "lowest-speed-limit", Value: "0", Category: catRetries, Usage: "replace a connection slower than `SPEED` bytes/s (50k); 0 means off"},
		&cli.StringFlag{Name: "max-download-limit", Value: "0", Category: catRetries, Usage: "cap each download at `SPEED` bytes/s (2m); 0 means no cap"},
		&cli.StringFlag{Name: "max-overall-download-limit", Value: "0", Category: catRetries, Usage: "cap all downloads together at `SPEED` bytes/s; 0 means no cap"},

		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Category: catPrinting, Usage: "print nothing but errors"},
		&cli.BoolFlag{Name: "verbose", Category: catPrinting, Usage: "say on stderr how each download connects: HTTP/1.1 or HTTP/2, streams or connections, and what a cache in front said (-v is --version, as in aria2c)"},
		&cli.BoolFlag{Name: "json", Category: catPrinting, Usage: "print one JSON object per finished download on stdout"},
		&cli.StringFlag{Name: "progress", Value: "auto", Category: catPrinting, Usage: "show progress as `MODE`: auto (live lines on a terminal, else a summary line every --summary-interval), bar, json (lines on stdout), none"},
		&cli.StringFlag{Name: "summary-interval", Value: "60", Category: catPrinting, Usage: "when stderr is not a terminal, print a progress line every `SECONDS` (0: none), as aria2c"},
		&cli.StringFlag{Name: "log", Aliases: []string{"l"}, Category: catPrinting, Usage: "also write what happens, with times, to `FILE` (- for stdout)"},
		&cli.StringFlag{Name: "log-level", Value: "info", Category: catPrinting, Usage: "what goes to --log: `LEVEL` debug, info (warnings, starts, results), notice, warn or error"},
	}
}

// appFlags are the options of slget itself: the download options, then -h
// and -v. These two are made for each run: urfave/cli's own HelpFlag and
// VersionFlag are package variables that every App.Run writes to, so two
// runs at once in one process raced on them.
func appFlags() []cli.Flag {
	flags := append(append(append(append(downloadFlags(), aria2Flags()...), hookFlags()...), confFlags()...), ignoredFlags()...)
	return namedOnce(append(append(append(flags, shareFlags()...), rpcFlags()...),
		&cli.BoolFlag{Name: "help", Aliases: []string{"h"}, Usage: "show help"},
		&cli.BoolFlag{Name: "version", Aliases: []string{"v"}, Usage: "print the version",
			Action: func(c *cli.Context, _ bool) error {
				cli.ShowVersion(c)
				return withCode(exitOK, errReported) // done: no download
			}},
	))
}

// connSpec is how the connections of a download were asked for, in aria2's
// terms: x is -x/--max-connection-per-server (the cap per server), s is
// -s/--split (how many pieces a download is cut into); zero means not given.
// A slget download talks to one server, so it opens min(s, x) connections
// when both are given, else the one given; with neither (or -x auto) it
// finds its count (slget.AutoConnections).
type connSpec struct{ x, s int }

// count is the number of connections the spec asks for; def when it asks
// for none (0: auto).
func (c connSpec) count(def int) int {
	switch {
	case c.x > 0 && c.s > 0:
		return min(c.x, c.s)
	case c.x > 0:
		return c.x
	case c.s > 0:
		return c.s
	}
	return def
}

// connectionsOf reads -x and -s: each given one must be 1 to maxConnections.
func connectionsOf(c *cli.Context) (connSpec, int, error) {
	var spec connSpec
	for _, o := range []struct {
		name, short string
		dst         *int
	}{{"connections", "x", &spec.x}, {"split", "s", &spec.s}} {
		if !c.IsSet(o.name) {
			continue
		}
		v := c.Value(o.name)
		if s, ok := v.(string); ok {
			if s == "auto" {
				continue // as not given: the count is found
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				return spec, 0, fmt.Errorf("-%s %q: want 1 to %d connections, or auto", o.short, s, maxConnections)
			}
			v = n
		}
		n, _ := v.(int)
		if n < 1 || n > maxConnections {
			return spec, 0, fmt.Errorf("-%s %d: want 1 to %d connections", o.short, n, maxConnections)
		}
		*o.dst = n
	}
	return spec, spec.count(slget.AutoConnections), nil
}

// parseFileAllocation checks an aria2 --file-allocation mode (see
// optvalue.FileAllocation).
func parseFileAllocation(s string) (string, error) {
	m, err := optvalue.FileAllocation(s)
	if err != nil {
		return "", errors.New("--" + err.Error())
	}
	return m, nil
}

// checkConflicts refuses options that ask for opposite things, naming both.
// Only true contradictions: --restart with --no-journal, say, is fine.
func checkConflicts(c *cli.Context) error {
	progress := c.String("progress")
	for _, p := range []struct {
		both bool
		a, b string
		why  string
	}{
		{c.Bool("restart") && c.Bool("no-restart"), "--restart", "--no-restart",
			"the first discards a partial download, the second keeps it when the remote file changed"},
		{c.Bool("restart") && c.Bool("continue"), "--restart", "-c/--continue",
			"the first discards a partial download, the second resumes it"},
		{c.Bool("allow-overwrite") && c.IsSet("auto-file-renaming") && c.Bool("auto-file-renaming"), "--allow-overwrite", "--auto-file-renaming",
			"the first replaces an existing file, the second saves beside it as NAME.1.ext"},
		{c.Bool("quiet") && c.IsSet("progress") && (progress == "bar" || progress == "json"), "-q/--quiet", "--progress=" + progress,
			"the first prints no progress, the second asks for it"},
	} {
		if p.both {
			return fmt.Errorf("%s and %s contradict each other: %s; give one of them", p.a, p.b, p.why)
		}
	}
	return nil
}
