// A download's options in aria2's names ("split", "header",
// "checksum", ...) read into typed values: the one reader of them, for
// the daemon, aria2's -i lines and programs that embed the queue.

package queue

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/optvalue"
)

// OptionNames are the options of one download that slget applies, in
// aria2's names, separated by spaces. Options outside it are aria2's that
// slget does not apply to a download: Options.Set reports them unknown.
const OptionNames = "out dir checksum header user-agent all-proxy split max-connection-per-server " +
	"min-split-size max-tries retry-wait timeout connect-timeout lowest-speed-limit max-download-limit " +
	"allow-overwrite auto-file-renaming continue file-allocation referer http-user http-passwd " +
	"ftp-user ftp-passwd ssh-host-key-md"

// Options are one download's options, read. The zero value changes
// nothing: each field says what its zero leaves to the defaults the
// options are laid over (Base).
type Options struct {
	Raw      []string        // the options taken, as "name=value", in order; secrets among them
	Out      string          // out=: the file's name in Dir; may hold a folder below it (sub/name)
	Dir      string          // dir=: the folder of the file
	Checksum *slget.Checksum // checksum=TYPE=HEX
	// Header holds header= lines; a name given here replaces that name's
	// default values.
	Header    http.Header
	UserAgent string // user-agent=
	Proxy     string // all-proxy=
	// Split (split=) is the download's connections across its servers;
	// MaxConnectionPerServer (max-connection-per-server=) caps each
	// server's.
	Split, MaxConnectionPerServer int
	MinSplitSize                  int64  // min-split-size=: the slice size
	MaxTries                      int    // max-tries=
	FileAllocation                string // file-allocation=: accepted (slget's file is sparse)
	Referer                       string // referer=; "*" means the download's URL
	HTTPUser, HTTPPasswd          *string
	// FTPUser, FTPPasswd (ftp-user=, ftp-passwd=) log in to an sftp://
	// or ftp:// URL that names no user or password; SSHHostKeyMD (ssh-host-key-md=
	// TYPE=HEX) is the host key it accepts instead of known_hosts.
	FTPUser, FTPPasswd, SSHHostKeyMD *string

	RetryWait, Timeout, ConnectTimeout *time.Duration
	LowestSpeedLimit, MaxDownloadLimit *int64
	AllowOverwrite, AutoFileRenaming   *bool
	Continue                           *bool
}

// IsOption reports whether name is one of OptionNames.
func IsOption(name string) bool {
	for list := OptionNames; list != ""; {
		var f string
		f, list, _ = strings.Cut(list, " ")
		if f == name {
			return true
		}
	}
	return false
}

// ParseOptions reads a download's options as a client gives them (a
// header option holds its lines separated by "\n"), in the order of their
// names. Options slget does not apply to one download are left out. The
// error names the option; the values of headers, proxies and passwords,
// which may hold secrets, are not shown.
func ParseOptions(opts map[string]string) (Options, error) {
	var o Options
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		values := []string{opts[k]}
		if k == "header" {
			values = strings.Split(opts[k], "\n")
		}
		for _, v := range values {
			if _, err := o.Set(k, v); err != nil {
				return o, fmt.Errorf("option %s=%s: %v", k, Shown(k, v), err)
			}
		}
	}
	return o, nil
}

// Shown is an option's value as an error or a log may show it: a
// header's name, a proxy without its password, no password at all.
func Shown(name, value string) string {
	switch name {
	case "header":
		if n, _, ok := strings.Cut(value, ":"); ok {
			return n + ": …"
		}
		return "…"
	case "all-proxy":
		return slget.Redact(value)
	case "http-passwd", "ftp-passwd":
		return "…"
	}
	return value
}

// Set takes one option. It reports false for an option slget does not
// apply to a download, and an error (without the option's name and value)
// for a bad value.
func (o *Options) Set(name, value string) (known bool, err error) {
	if !IsOption(name) {
		return false, nil
	}
	if value == "" && name == "all-proxy" {
		// aria2 takes an empty all-proxy as none given; Persepolis sends
		// one with every download. The default stays.
		return true, nil
	}
	if value == "" {
		return true, errors.New("no value")
	}
	if err := o.set(name, value); err != nil {
		// Drop the `--name "value": ` or `name "value": ` that the value
		// parsers put in front of their errors: the caller names it.
		msg := strings.TrimPrefix(err.Error(), "--")
		return true, errors.New(strings.TrimPrefix(msg, fmt.Sprintf("%s %q: ", name, value)))
	}
	o.Raw = append(o.Raw, name+"="+value)
	return true, nil
}

// set applies one of aria2's options, by name, to o.
// It is a switch with a case per option aria2 names, as long as that list;
// split, the cases would only move.
func (o *Options) set(name, value string) (err error) {
	count := func(dst *int, lo, hi int) error {
		n, err := strconv.Atoi(value)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("want a whole number from %d to %d", lo, hi)
		}
		*dst = n
		return nil
	}
	seconds := func(dst **time.Duration) error {
		d, err := optvalue.Seconds(name, value)
		*dst = &d
		return err
	}
	rate := func(dst **int64) error {
		n, err := optvalue.Rate(name, value)
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
		o.Out = value
		return optvalue.Out(value)
	case "dir":
		o.Dir = value
		return optvalue.Text("dir", value)
	case "checksum":
		o.Checksum, err = slget.ParseChecksum(value)
	case "header":
		var h http.Header
		if h, err = optvalue.Headers([]string{value}); err == nil {
			if o.Header == nil {
				o.Header = http.Header{}
			}
			for k, v := range h {
				o.Header[k] = append(o.Header[k], v...)
			}
		}
	case "user-agent":
		o.UserAgent = value
		return optvalue.Text("user-agent", value)
	case "all-proxy":
		u, perr := url.Parse(value)
		if perr != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "socks5") {
			err = errors.New("want a URL like http://host:port")
		}
		o.Proxy = value
	case "split":
		return count(&o.Split, 1, optvalue.MaxConnections)
	case "max-connection-per-server":
		return count(&o.MaxConnectionPerServer, 1, optvalue.MaxConnections)
	case "min-split-size":
		o.MinSplitSize, err = optvalue.Slice(value)
	case "max-tries":
		return count(&o.MaxTries, 1, 1<<20)
	case "retry-wait":
		return seconds(&o.RetryWait)
	case "timeout":
		return seconds(&o.Timeout)
	case "connect-timeout":
		return seconds(&o.ConnectTimeout)
	case "lowest-speed-limit":
		return rate(&o.LowestSpeedLimit)
	case "max-download-limit":
		return rate(&o.MaxDownloadLimit)
	case "allow-overwrite":
		return boolean(&o.AllowOverwrite)
	case "auto-file-renaming":
		return boolean(&o.AutoFileRenaming)
	case "continue":
		return boolean(&o.Continue)
	case "file-allocation":
		o.FileAllocation, err = optvalue.FileAllocation(value)
	case "referer":
		o.Referer = value
		return optvalue.Text("referer", value)
	case "http-user":
		if err = optvalue.Text("http-user", value); err == nil && strings.Contains(value, ":") {
			err = errors.New("a user name of Basic authentication has no ':' in it")
		}
		o.HTTPUser = &value
	case "http-passwd":
		o.HTTPPasswd = &value
		return optvalue.Text("http-passwd", value)
	case "ftp-user":
		o.FTPUser = &value
		return optvalue.Text("ftp-user", value)
	case "ftp-passwd":
		o.FTPPasswd = &value
		return optvalue.Text("ftp-passwd", value)
	case "ssh-host-key-md":
		o.SSHHostKeyMD = &value
		return optvalue.Text("ssh-host-key-md", value)
	}
	return err
}
