// aria2c's options that slget accepts without applying them, each with the
// one-line reason printed when a script gives it.

package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// ignoredOption is an aria2c option slget accepts and does not apply.
type ignoredOption struct {
	name string
	// isBool is a switch (--name, --name=true|false), else a --name=VALUE.
	isBool bool
	// slget is what slget does of a switch: the note is printed only when
	// the switch asks for something else.
	slget bool
	why   string
}

// ignoredOptions are aria2c's HTTP and general options a script may carry
// that slget cannot apply or has no need of. BitTorrent and Metalink
// options are not here: slget downloads HTTP(S) URLs only.
func ignoredOptions() []ignoredOption {
	const (
		noFTP     = "slget reaches ftp:// servers directly, through no FTP proxy"
		ownWrites = "slget writes each slice where it belongs and syncs it before its journal records it"
		ownOutput = "slget's output has its own form (--json for scripts)"
		oneURI    = "slget downloads each file from its one URL"
		noUpload  = "slget uploads nothing"
	)
	return []ignoredOption{
		{name: "http-accept-gzip", isBool: true, why: "slget asks for the file's own bytes (Accept-Encoding: identity): its ranges and checksums count them"},
		{name: "disable-ipv6", isBool: true, why: "slget connects to the addresses the system's resolver gives, IPv6 ones too"},
		{name: "console-log-level", why: "slget prints warnings and errors on stderr (-q for errors only; --log-level sets what goes to --log)"},
		{name: "max-file-not-found", why: "slget gives up a download at its first 404 or 410 (exit 3), as aria2c does with a limit of 1"},
		{name: "enable-http-keep-alive", isBool: true, slget: true, why: "slget always keeps its connections alive"},
		{name: "enable-http-pipelining", isBool: true, why: "slget sends one request at a time on each connection"},
		{name: "http-auth-challenge", isBool: true, why: "slget sends --http-user's credentials with the first request to the URL's host"},
		{name: "no-netrc", isBool: true, slget: true, why: "slget reads no .netrc (give --http-user and --http-passwd)"},
		{name: "netrc-path", why: "slget reads no .netrc (give --http-user and --http-passwd)"},
		{name: "use-head", isBool: true, why: "slget's first request is a GET of the first slice (a HEAD only with --cache or --peer)"},
		{name: "proxy-method", why: "slget sends http:// requests to a proxy as GET and tunnels https:// with CONNECT"},
		{name: "content-disposition-default-utf8", isBool: true, why: "slget reads Content-Disposition's filename* and filename as RFC 6266 says"},
		{name: "always-resume", isBool: true, slget: true, why: "slget resumes a partial download whenever its journal matches the server's version"},
		{name: "max-resume-failure-tries", why: "slget resumes a partial download whenever its journal matches the server's version"},
		{name: "uri-selector", why: oneURI},
		{name: "reuse-uri", isBool: true, slget: true, why: oneURI},
		{name: "server-stat-if", why: oneURI},
		{name: "server-stat-of", why: oneURI},
		{name: "server-stat-timeout", why: oneURI},
		{name: "stream-piece-selector", why: "slget schedules slices itself (a slow connection's work is taken over)"},
		{name: "parameterized-uri", isBool: true, why: "slget downloads each URL as written"},
		{name: "auto-save-interval", why: "slget's journal records slices as they finish"},
		{name: "disk-cache", why: ownWrites},
		{name: "enable-mmap", isBool: true, why: ownWrites},
		{name: "max-mmap-limit", why: ownWrites},
		{name: "no-file-allocation-limit", why: "slget makes NAME.part a sparse file (see --file-allocation)"},
		{name: "piece-length", why: "slget's unit is the slice: --slice"},
		{name: "allow-piece-length-change", isBool: true, why: "slget resumes with the journal's slice size, and says so"},
		{name: "realtime-chunk-checksum", isBool: true, slget: true, why: "slget checks every slice's CRC-32C and the --checksum of the whole file"},
		{name: "hash-check-only", isBool: true, why: "slget verify NAME re-checks a partial download"},
		{name: "force-save", isBool: true, why: "--save-session keeps the unfinished and failed downloads only"},
		{name: "save-not-found", isBool: true, slget: true, why: "--save-session keeps the downloads that failed with 404 too"},
		{name: "max-upload-limit", why: noUpload},
		{name: "max-overall-upload-limit", why: noUpload},
		{name: "min-tls-version", why: "slget uses Go's TLS defaults: TLS 1.2 or later"},
		{name: "async-dns", isBool: true, why: "slget uses the system's resolver"},
		{name: "async-dns-server", why: "slget uses the system's resolver"},
		{name: "enable-async-dns6", isBool: true, why: "slget uses the system's resolver"},
		{name: "event-poll", why: "slget leaves polling to Go's runtime"},
		{name: "interface", why: "slget connects from the address the system chooses"},
		{name: "multiple-interface", why: "slget connects from the address the system chooses"},
		{name: "socket-recv-buffer-size", why: "slget leaves socket buffers to the system"},
		{name: "dscp", why: "slget sets no DSCP"},
		{name: "rlimit-nofile", why: "slget opens few files (at most 64 connections per download)"},
		{name: "human-readable", isBool: true, slget: true, why: ownOutput},
		{name: "truncate-console-readout", isBool: true, slget: true, why: ownOutput},
		{name: "enable-color", isBool: true, why: ownOutput},
		{name: "download-result", why: ownOutput},
		{name: "keep-unfinished-download-result", isBool: true, slget: true, why: ownOutput},
		{name: "max-download-result", why: ownOutput},
		{name: "optimize-concurrent-downloads", isBool: true, why: "slget runs -j downloads at once"},
		{name: "on-bt-download-complete", why: "slget downloads no torrents (--on-download-complete runs for every download)"},
		{name: "stop", why: "slget has no time limit of its own (use timeout(1))"},
		{name: "deferred-input", isBool: true, why: "slget reads the whole -i file before it starts"},
		{name: "gid", why: "a GID names a download of the daemon (--enable-rpc): give it as addUri's gid option or a session's gid= line"},
		{name: "certificate", why: "slget sends no client certificate"},
		{name: "save-cookies", why: "slget keeps no cookies the server sets"},
		{name: "follow-torrent", why: "slget saves a .torrent as a file"},
		{name: "ftp-pasv", isBool: true, slget: true, why: "slget's ftp:// is passive only (EPSV, else PASV)"},
		{name: "ftp-type", why: "slget reads ftp:// files as they are (TYPE I) only"},
		{name: "ftp-reuse-connection", isBool: true, slget: true, why: "slget reuses each ftp:// control connection for the next range"},
		{name: "ftp-proxy", why: noFTP},
		{name: "ftp-proxy-user", why: noFTP},
		{name: "ftp-proxy-passwd", why: noFTP},
	}
}

// ignoredFlags declares the ignored options, hidden from --help (the
// README lists them): they are parsed so that a script's command line
// runs, and "did you mean" knows them.
func ignoredFlags() []cli.Flag {
	var fs []cli.Flag
	for _, o := range ignoredOptions() {
		if o.isBool {
			fs = append(fs, &cli.BoolFlag{Name: o.name, Value: o.slget, Hidden: true, Usage: "aria2c's; accepted, not applied: " + o.why})
		} else {
			fs = append(fs, &cli.StringFlag{Name: o.name, Hidden: true, Usage: "aria2c's; accepted, not applied: " + o.why})
		}
	}
	return fs
}

// ignoredNotes are the one-line notes for the ignored options given on
// this command line: a switch that asks for what slget does anyway gets
// none. The names given are listed once: urfave/cli's IsSet looks through
// every flag for each name it is asked of, and asking it for each ignored
// option took a fifth of a millisecond per start.
func ignoredNotes(c *cli.Context) []string {
	given := map[string]bool{}
	for _, n := range c.LocalFlagNames() {
		given[n] = true
	}
	var notes []string
	for _, o := range ignoredOptions() {
		if !given[o.name] || o.isBool && c.Bool(o.name) == o.slget {
			continue
		}
		v := c.String(o.name)
		if o.isBool {
			v = fmt.Sprint(c.Bool(o.name))
		}
		notes = append(notes, fmt.Sprintf("--%s=%s (aria2c's) is accepted and not applied: %s", o.name, v, o.why))
	}
	return notes
}
