// Aria2's configuration file (--conf-path, its default
// place, --no-conf), read as aria2c reads it and laid under the command
// line's options, through the command's own flag table.

package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"
)

const catConf = "Configuration file (aria2's)"

// confFlags are --conf-path and --no-conf.
func confFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "conf-path", Category: catConf, Usage: "read options from aria2's configuration `FILE` (NAME=VALUE lines, # comments); the command line's win over it; by default ~/.aria2/aria2.conf, else $XDG_CONFIG_HOME/aria2/aria2.conf, when it exists"},
		&cli.BoolFlag{Name: "no-conf", Category: catConf, Usage: "read no configuration file"},
	}
}

// confError is an error of a configuration file, at a line (0: the file
// as a whole).
type confError struct {
	file string
	line int
	msg  string
}

func (e *confError) Error() string {
	if e.line == 0 {
		return e.file + ": " + e.msg
	}
	return fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg)
}

// confLine is one option of the file, as the command line would give it.
type confLine struct {
	line  int
	canon string // the flag's canonical name
	arg   string // --canonical-name=value
}

// confFile is what a configuration file says.
type confFile struct {
	name  string
	opts  []confLine
	other []string // aria2c's options slget does not have (BitTorrent, ...)
}

// defaultConfPath is where aria2c looks without --conf-path:
// $HOME/.aria2/aria2.conf when it exists, else aria2/aria2.conf in
// $XDG_CONFIG_HOME (when it is an absolute path) or in $HOME/.config.
func defaultConfPath(getenv func(string) string) string {
	home := getenv("HOME")
	p := home + "/.aria2/aria2.conf"
	if _, err := os.Stat(p); err == nil {
		return p
	}
	xdg := getenv("XDG_CONFIG_HOME")
	if !strings.HasPrefix(xdg, "/") {
		xdg = home + "/.config"
	}
	return xdg + "/aria2/aria2.conf"
}

// withConf puts the options of the configuration file in front of the
// normalized command line args (args[0] the program name), so that the
// command line's win (the last given wins; --header adds up, as in
// aria2c). Commands (slget status, ...), -h and -v read no file.
func withConf(app *cli.App, args []string, getenv func(string) string) ([]string, *confFile, error) {
	path, explicit, noConf := "", false, false
	for _, w := range args[1:] {
		if w == "--" {
			break // the URLs follow
		}
		switch {
		case !strings.HasPrefix(w, "--"):
			return args, nil, nil // a command
		case w == "--help" || w == "--version":
			return args, nil, nil
		case strings.HasPrefix(w, "--conf-path="):
			path, explicit = strings.TrimPrefix(w, "--conf-path="), true
		case w == "--no-conf" || w == "--no-conf=true":
			noConf = true
		case strings.HasPrefix(w, "--no-conf="):
			noConf = false
		}
	}
	if noConf {
		return args, nil, nil
	}
	if !explicit {
		path = defaultConfPath(getenv)
	}
	f, err := os.Open(path)
	if err != nil {
		if !explicit {
			return args, nil, nil // as aria2c: a default file it cannot read is none
		}
		if errors.Is(err, os.ErrNotExist) {
			err = errors.New("no such file (--conf-path)")
		}
		return nil, nil, withCode(exitBadOption, &confError{file: path, msg: strings.TrimPrefix(err.Error(), "open "+path+": ")})
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		if !explicit {
			return args, nil, nil
		}
		return nil, nil, withCode(exitBadOption, &confError{file: path, msg: "is a directory, not a configuration file"})
	}
	lv := level{path: app.Name, flags: app.Flags}
	cf, err := readConf(lv, path, getenv("HOME"), f)
	if err != nil {
		return nil, nil, withCode(exitBadOption, err)
	}
	out := make([]string, 0, len(args)+len(cf.opts))
	out = append(out, args[0])
	for _, o := range cf.opts {
		out = append(out, o.arg)
	}
	return append(out, args[1:]...), cf, nil
}

// confPathOptions are the options whose ${HOME} aria2c expands (its
// manual's list).
const confPathOptions = "ca-certificate certificate dht-file-path dht-file-path6 dir input-file load-cookies log " +
	"metalink-file netrc-path on-bt-download-complete on-download-complete on-download-error on-download-start " +
	"on-download-stop on-download-pause out private-key rpc-certificate rpc-private-key save-cookies save-session " +
	"server-stat-if server-stat-of torrent-file"

// confStrip is what aria2 trims from either side of a name and a value.
const confStrip = " \t\r\n"

// notInConf says why a configuration file cannot give the option name
// (it names the file, or prints and ends rather than configures), or "".
func notInConf(name string) string {
	switch name {
	case "conf-path", "no-conf":
		return "only the command line says which file to read"
	case "help", "version":
		return "give it on the command line"
	}
	return ""
}

// readConf reads a configuration file as aria2c does: a line is
// NAME=VALUE, both trimmed of spaces and tabs; a blank line, or one whose
// first character is '#', is skipped (a line whose trimmed form starts
// with '#' too: no option has that name); a name without '=' has an empty
// value, which turns a switch on. Each name is looked up in the command's
// flag table (lv) and its value checked as the command line's would be;
// an unknown name is an error naming the file and the line. ${HOME} in
// the value of an option that names a file becomes home, as aria2c does.
func readConf(lv level, name, home string, r io.Reader) (*confFile, error) {
	known := lv.options()
	check := flag.NewFlagSet("conf", flag.ContinueOnError)
	check.SetOutput(io.Discard)
	for _, f := range appFlags() { // a table of its own: Apply keeps state
		_ = f.Apply(check)
	}
	cf := &confFile{name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		trimmed := strings.Trim(line, confStrip)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		k, v, _ := strings.Cut(line, "=")
		k, v = strings.Trim(k, confStrip), strings.Trim(v, confStrip)
		if k == "" {
			continue // as aria2c: no name, no option
		}
		bad := func(format string, a ...any) error {
			return &confError{file: name, line: n, msg: fmt.Sprintf(format, a...)}
		}
		if why := notInConf(k); why != "" {
			return nil, bad("%s: not in a configuration file: %s", k, why)
		}
		o, ok := known[k]
		if !ok || len(k) < 2 {
			if hasWord(aria2Other, k) {
				cf.other = append(cf.other, k)
				continue
			}
			if s := lv.nearLong(known, k); s != "" && len(k) > 1 {
				return nil, bad("unknown option %q: did you mean %s?", k, strings.TrimPrefix(s, "--"))
			}
			return nil, bad("unknown option %q", k)
		}
		if !o.takesValue && v == "" {
			v = "true"
		}
		if hasWord(confPathOptions, k) || hasWord(confPathOptions, o.canon) {
			v = strings.ReplaceAll(v, "${HOME}", home)
		}
		if err := check.Set(o.canon, v); err != nil {
			want := "want a whole number"
			if b, ok := check.Lookup(o.canon).Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				want = "want true or false"
			}
			return nil, bad("%s=%s: %s", k, confShown(k, v), want)
		}
		cf.opts = append(cf.opts, confLine{line: n, canon: o.canon, arg: "--" + o.canon + "=" + v})
	}
	if err := sc.Err(); err != nil {
		return nil, &confError{file: name, msg: err.Error()}
	}
	return cf, nil
}

// note is the one line said of the file's options slget does not have,
// or "".
func (cf *confFile) note() string {
	if cf == nil || len(cf.other) == 0 {
		return ""
	}
	return fmt.Sprintf("%s: %d of aria2c's options that slget does not have (BitTorrent, DHT, Metalink's own and others) are not applied: %s",
		filepath.Base(cf.name), len(cf.other), strings.Join(cf.other, ", "))
}

// confShown is value as an error may show it: secrets are not.
func confShown(name, value string) string {
	if strings.Contains(name, "secret") || strings.Contains(name, "passwd") {
		return "…"
	}
	return shown(name, value)
}

// blame names the line of the file that gave the option a bad-option
// error is about, when the command line (args, normalized) did not give
// it too: the option checks of readConfig see only the options, not
// where they came from.
func (cf *confFile) blame(err error, flags []cli.Flag, args []string) error {
	if cf == nil || err == nil || exitCode(err) != exitBadOption {
		return err
	}
	msg := err.Error()
	for i := len(cf.opts) - 1; i >= 0; i-- {
		o := cf.opts[i]
		if givenOn(args, "--"+o.canon+"=") {
			continue // the command line's is the one in use
		}
		for _, f := range flags {
			if f.Names()[0] != o.canon {
				continue
			}
			for _, n := range f.Names() {
				dash := "--"
				if len(n) == 1 {
					dash = "-"
				}
				if strings.Contains(msg, dash+n+" ") || strings.Contains(msg, dash+n+"=") || strings.Contains(msg, dash+n+":") {
					return withCode(exitBadOption, &confError{file: cf.name, line: o.line, msg: msg})
				}
			}
		}
	}
	return err
}

// givenOn reports whether an option of the normalized command line args
// starts with prefix.
func givenOn(args []string, prefix string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if strings.HasPrefix(a, prefix) {
			return true
		}
	}
	return false
}

// aria2Other are aria2c's options (aria2 1.37) that slget has no flag
// for, not even an ignored one: BitTorrent, DHT, Metalink's own, and a
// few of aria2's internals. A configuration file that carries them (as a
// deployment's does) still starts slget; they are named once.
const aria2Other = "bt-detach-seed-only bt-enable-hook-after-hash-check bt-enable-lpd bt-exclude-tracker " +
	"bt-external-ip bt-force-encryption bt-hash-check-seed bt-keep-alive-interval " +
	"bt-load-saved-metadata bt-lpd-interface bt-max-open-files bt-max-peers bt-metadata-only " +
	"bt-min-crypto-level bt-prioritize-piece bt-remove-unselected-file bt-request-peer-speed-limit " +
	"bt-request-timeout bt-require-crypto bt-save-metadata bt-seed-unverified bt-stop-timeout " +
	"bt-timeout bt-tracker bt-tracker-connect-timeout bt-tracker-interval bt-tracker-timeout " +
	"dht-entry-point dht-entry-point6 dht-file-path dht-file-path6 dht-listen-addr " +
	"dht-listen-addr6 dht-listen-port dht-message-timeout dns-timeout enable-dht enable-dht6 " +
	"enable-peer-exchange force-sequential http-proxy-passwd http-proxy-user " +
	"https-proxy-passwd https-proxy-user index-out listen-port max-http-pipelining " +
	"metalink-base-uri metalink-enable-unique-protocol metalink-language metalink-location " +
	"metalink-os metalink-preferred-protocol metalink-version no-want-digest-header " +
	"pause-metadata peer-agent peer-connection-timeout peer-id-prefix rpc-passwd " +
	"rpc-save-upload-metadata rpc-user seed-ratio seed-time select-file " +
	"select-least-used-host show-files stderr stop-with-process torrent-file"
