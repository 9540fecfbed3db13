// The options of one -i entry, laid over the command line's for that
// download only.

package main

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/slget/slget/queue"
)

// entryOptionNames are the options of aria2's input file that slget
// applies to an entry; aria2InputOptions has the ones it ignores.
const entryOptionNames = queue.OptionNames

// entryOptions are the options of one entry, read by the daemon's reader
// of a download's options (queue.Options), so that an -i line and a
// client's option take the same values. The zero value changes nothing.
type entryOptions = queue.Options

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

// apply returns cfg with the entry's options laid over it: the
// configuration of this entry's download. The download flow calls it for
// every entry that has options (see getEntry).
// It has a case per option an -i entry may carry, and is as long as that
// list.
func (e inputEntry) apply(cfg config) (config, error) {
	o := e.opts
	if o.Dir != "" {
		cfg.dir = o.Dir
	}
	if o.Out != "" {
		cfg.out = filepath.FromSlash(o.Out)
	}
	if o.Checksum != nil {
		cfg.checksum = o.Checksum
	}
	if o.Header != nil {
		h := cfg.header.Clone()
		if h == nil {
			h = http.Header{}
		}
		for k, v := range o.Header {
			h[k] = v
		}
		cfg.header = h
	}
	if o.UserAgent != "" {
		cfg.userAgent = o.UserAgent
	}
	if o.Proxy != "" {
		cfg.proxy = o.Proxy
	}
	if o.MaxConnectionPerServer > 0 || o.Split > 0 {
		spec := cfg.connSpec
		if o.MaxConnectionPerServer > 0 {
			spec.x = o.MaxConnectionPerServer
		}
		if o.Split > 0 {
			spec.s = o.Split
		}
		cfg.connSpec, cfg.connections = spec, spec.count(cfg.connections)
	}
	if o.MinSplitSize > 0 {
		cfg.slice = o.MinSplitSize
	}
	if o.MaxTries > 0 {
		cfg.maxTries = o.MaxTries
	}
	if o.FileAllocation != "" {
		cfg.fileAllocation = o.FileAllocation
	}
	for _, d := range []struct {
		from *time.Duration
		to   *time.Duration
	}{{o.RetryWait, &cfg.retryWait}, {o.Timeout, &cfg.timeout}, {o.ConnectTimeout, &cfg.connectTimeout}} {
		if d.from != nil {
			*d.to = *d.from
		}
	}
	if o.LowestSpeedLimit != nil {
		cfg.lowestSpeed = *o.LowestSpeedLimit
	}
	if o.MaxDownloadLimit != nil {
		cfg.maxDownload = *o.MaxDownloadLimit
	}
	if o.AllowOverwrite != nil {
		cfg.allowOverwrite = *o.AllowOverwrite
	}
	if o.AutoFileRenaming != nil {
		cfg.autoRename = *o.AutoFileRenaming
	}
	if o.Continue != nil {
		cfg.cont = *o.Continue
	}
	if o.Referer != "" || o.HTTPUser != nil || o.HTTPPasswd != nil {
		h := cfg.header.Clone()
		if h == nil {
			h = http.Header{}
		}
		switch o.Referer {
		case "":
		case "*":
			cfg.referer = "*"
			h.Del("Referer")
		default:
			h.Set("Referer", o.Referer)
		}
		if o.HTTPUser != nil || o.HTTPPasswd != nil {
			user, pass := "", ""
			if o.HTTPUser != nil {
				user = *o.HTTPUser
			}
			if o.HTTPPasswd != nil {
				pass = *o.HTTPPasswd
			}
			h.Set("Authorization", basicAuth(user, pass))
		}
		cfg.header = h
	}
	for _, f := range []struct{ from, to *string }{{o.FTPUser, &cfg.sftp.User}, {o.FTPPasswd, &cfg.sftp.Password}, {o.SSHHostKeyMD, &cfg.sftp.HostKeyMD},
		{o.FTPUser, &cfg.ftp.User}, {o.FTPPasswd, &cfg.ftp.Password}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	if cfg.cont && cfg.restart {
		return cfg, fmt.Errorf("line %d: continue=true contradicts --restart (the first resumes a partial download, the second discards it)", e.line)
	}
	return cfg, nil
}
