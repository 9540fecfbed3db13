// The options of one -i entry, laid over the command line's for that
// download only.

package main

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/slget/slget"
)

// entryOptionNames are the options of aria2's input file that slget
// applies to an entry; aria2InputOptions has the ones it ignores.
const entryOptionNames = "out dir checksum header user-agent all-proxy split max-connection-per-server " +
	"min-split-size max-tries retry-wait timeout connect-timeout lowest-speed-limit max-download-limit " +
	"allow-overwrite auto-file-renaming continue file-allocation referer http-user http-passwd " +
	"ftp-user ftp-passwd ssh-host-key-md"

// entryOptions are the options of one entry. The zero value changes
// nothing; every field says what its zero leaves to the command line.
type entryOptions struct {
	raw            []string        // the option lines taken, as "name=value", in order; empty: none
	out, dir       string          // "": -o, -d. out may hold a folder below dir (sub/name)
	checksum       *slget.Checksum // nil: --checksum
	header         http.Header     // nil: --header; a name given here replaces that name's --header values
	userAgent      string          // "": -U
	proxy          string          // "": --all-proxy
	conns          connSpec        // zero fields: -x, -s
	slice          int64           // 0: --slice (min-split-size=)
	maxTries       int             // 0: --max-tries
	fileAllocation string          // "": --file-allocation
	referer        string          // "": --referer; "*": the entry's URL
	httpUser       *string         // nil: --http-user (with http-passwd=, Basic authentication)
	httpPasswd     *string         // nil: --http-passwd
	ftpUser        *string         // nil: --ftp-user (sftp:// only)
	ftpPasswd      *string         // nil: --ftp-passwd
	hostKeyMD      *string         // nil: --ssh-host-key-md

	retryWait, timeout, connectTimeout *time.Duration // nil: the option's
	lowestSpeed, maxDownload           *int64         // nil: the option's
	allowOverwrite, autoRename, cont   *bool          // nil: the option's
}

// set takes one option line of the entry. It reports false for an option
// slget does not apply, and an error for a bad value.
func (o *entryOptions) set(name, value string) (known bool, err error) {
	if !hasWord(entryOptionNames, name) {
		return false, nil
	}
	if value == "" && name == "all-proxy" {
		// aria2 takes an empty all-proxy as none given; Persepolis sends
		// one with every download. The command line's stays.
		return true, nil
	}
	if value == "" {
		return true, errors.New("no value")
	}
	// reason drops the `--name "value": ` or `name "value": ` that the
	// option parsers put in front of their errors: the caller names the
	// line.
	reason := func(err error) error {
		msg := strings.TrimPrefix(err.Error(), "--")
		return errors.New(strings.TrimPrefix(msg, fmt.Sprintf("%s %q: ", name, value)))
	}
	count := func(dst *int, lo, hi int) error {
		n, err := strconv.Atoi(value)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("want a whole number from %d to %d", lo, hi)
		}
		*dst = n
		return nil
	}
	seconds := func(dst **time.Duration) error {
		d, err := parseSeconds(name, value)
		*dst = &d
		return err
	}
	rate := func(dst **int64) error {
		n, err := parseRate(name, value)
		*dst = &n
		return err
	}
	boolean := func(dst **bool) error {
		b, err := strconv.ParseBool(value)
		if err != nil {
			return errors.New("want true or false")
		}
		*dst = &b
		return nil
	}
	switch name {
	case "out":
		err = checkOut(value)
		o.out = value
	case "dir":
		err = checkText("dir", value)
		o.dir = value
	case "checksum":
		o.checksum, err = slget.ParseChecksum(value)
	case "header":
		var h http.Header
		if h, err = parseHeaders([]string{value}); err == nil {
			if o.header == nil {
				o.header = http.Header{}
			}
			for k, v := range h {
				o.header[k] = append(o.header[k], v...)
			}
		}
	case "user-agent":
		err = checkText("user-agent", value)
		o.userAgent = value
	case "all-proxy":
		u, perr := url.Parse(value)
		if perr != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "socks5") {
			err = errors.New("want a URL like http://host:port")
		}
		o.proxy = value
	case "split":
		err = count(&o.conns.s, 1, maxConnections)
	case "max-connection-per-server":
		err = count(&o.conns.x, 1, maxConnections)
	case "min-split-size":
		o.slice, err = parseSlice(value)
	case "max-tries":
		err = count(&o.maxTries, 1, 1<<20)
	case "retry-wait":
		err = seconds(&o.retryWait)
	case "timeout":
		err = seconds(&o.timeout)
	case "connect-timeout":
		err = seconds(&o.connectTimeout)
	case "lowest-speed-limit":
		err = rate(&o.lowestSpeed)
	case "max-download-limit":
		err = rate(&o.maxDownload)
	case "allow-overwrite":
		err = boolean(&o.allowOverwrite)
	case "auto-file-renaming":
		err = boolean(&o.autoRename)
	case "continue":
		err = boolean(&o.cont)
	case "file-allocation":
		o.fileAllocation, err = parseFileAllocation(value)
	case "referer":
		err = checkText("referer", value)
		o.referer = value
	case "http-user":
		if err = checkText("http-user", value); err == nil && strings.Contains(value, ":") {
			err = errors.New("a user name of Basic authentication has no ':' in it")
		}
		o.httpUser = &value
	case "http-passwd":
		err = checkText("http-passwd", value)
		o.httpPasswd = &value
	case "ftp-user":
		err = checkText("ftp-user", value)
		o.ftpUser = &value
	case "ftp-passwd":
		err = checkText("ftp-passwd", value)
		o.ftpPasswd = &value
	case "ssh-host-key-md":
		err = checkText("ssh-host-key-md", value)
		o.hostKeyMD = &value
	}
	if err != nil {
		return true, reason(err)
	}
	o.raw = append(o.raw, name+"="+value)
	return true, nil
}

// hasWord reports whether w is one of the space-separated words of list.
func hasWord(list, w string) bool {
	for list != "" {
		var f string
		f, list, _ = strings.Cut(list, " ")
		if f == w {
			return true
		}
	}
	return false
}

// checkOut accepts an out= name: relative, without "..", without control
// characters. aria2 allows a folder in it (sub/name.iso), which slget
// creates; unlike -o, an -i file may come from elsewhere, so it never names
// a place outside dir=.
func checkOut(s string) error {
	if err := checkText("out", s); err != nil {
		return err
	}
	if filepath.IsAbs(s) || strings.HasPrefix(s, "/") || strings.HasPrefix(s, `\`) {
		return errors.New("want a name relative to dir=, not an absolute path")
	}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return errors.New(`want a name inside dir=, without ".."`)
		}
	}
	if b := filepath.Base(filepath.FromSlash(s)); b == "." || strings.HasSuffix(s, "/") {
		return errors.New("want a file name, not a folder")
	}
	return nil
}

// apply returns cfg with the entry's options laid over it: the
// configuration of this entry's download. The download flow calls it for
// every entry that has options (see getEntry).
func (e inputEntry) apply(cfg config) (config, error) {
	o := e.opts
	if o.dir != "" {
		cfg.dir = o.dir
	}
	if o.out != "" {
		cfg.out = filepath.FromSlash(o.out)
	}
	if o.checksum != nil {
		cfg.checksum = o.checksum
	}
	if o.header != nil {
		h := cfg.header.Clone()
		if h == nil {
			h = http.Header{}
		}
		for k, v := range o.header {
			h[k] = v
		}
		cfg.header = h
	}
	if o.userAgent != "" {
		cfg.userAgent = o.userAgent
	}
	if o.proxy != "" {
		cfg.proxy = o.proxy
	}
	if o.conns != (connSpec{}) {
		spec := cfg.connSpec
		if o.conns.x > 0 {
			spec.x = o.conns.x
		}
		if o.conns.s > 0 {
			spec.s = o.conns.s
		}
		cfg.connSpec, cfg.connections = spec, spec.count(cfg.connections)
	}
	if o.slice > 0 {
		cfg.slice = o.slice
	}
	if o.maxTries > 0 {
		cfg.maxTries = o.maxTries
	}
	if o.fileAllocation != "" {
		cfg.fileAllocation = o.fileAllocation
	}
	for _, d := range []struct {
		from *time.Duration
		to   *time.Duration
	}{{o.retryWait, &cfg.retryWait}, {o.timeout, &cfg.timeout}, {o.connectTimeout, &cfg.connectTimeout}} {
		if d.from != nil {
			*d.to = *d.from
		}
	}
	if o.lowestSpeed != nil {
		cfg.lowestSpeed = *o.lowestSpeed
	}
	if o.maxDownload != nil {
		cfg.maxDownload = *o.maxDownload
	}
	if o.allowOverwrite != nil {
		cfg.allowOverwrite = *o.allowOverwrite
	}
	if o.autoRename != nil {
		cfg.autoRename = *o.autoRename
	}
	if o.cont != nil {
		cfg.cont = *o.cont
	}
	if o.referer != "" || o.httpUser != nil || o.httpPasswd != nil {
		h := cfg.header.Clone()
		if h == nil {
			h = http.Header{}
		}
		switch o.referer {
		case "":
		case "*":
			cfg.referer = "*"
			h.Del("Referer")
		default:
			h.Set("Referer", o.referer)
		}
		if o.httpUser != nil || o.httpPasswd != nil {
			user, pass := "", ""
			if o.httpUser != nil {
				user = *o.httpUser
			}
			if o.httpPasswd != nil {
				pass = *o.httpPasswd
			}
			h.Set("Authorization", basicAuth(user, pass))
		}
		cfg.header = h
	}
	for _, f := range []struct{ from, to *string }{{o.ftpUser, &cfg.sftp.User}, {o.ftpPasswd, &cfg.sftp.Password}, {o.hostKeyMD, &cfg.sftp.HostKeyMD}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	if cfg.cont && cfg.restart {
		return cfg, fmt.Errorf("line %d: continue=true contradicts --restart (the first resumes a partial download, the second discards it)", e.line)
	}
	return cfg, nil
}
