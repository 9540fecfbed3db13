// What a download of the daemon is made of: a client's
// options (aria2's names, as -i's indented lines take them) laid over the
// command line's, then the request the command makes for a URL.

package main

import (
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/version"
	"github.com/slget/slget/queue"
)

// jobs makes the daemon's downloads.
type jobs struct {
	a    *app
	base map[string]string // the global options as the command line gave them

	mu       sync.Mutex
	defaults map[string]string // changeGlobalOption's download options, laid over every download's
}

// globalNames are the options getGlobalOption shows, in aria2's names
// (each one of aria2c's, TestRPCBesideAria2c checks). Secrets
// (rpc-secret, http-passwd) are never among them.
var globalNames = []string{
	"allow-overwrite", "auto-file-renaming", "check-certificate", "check-integrity", "conditional-get", "connect-timeout",
	"continue", "dir", "dry-run", "enable-rpc", "file-allocation", "follow-metalink", "lowest-speed-limit",
	"max-concurrent-downloads", "max-download-limit", "max-overall-download-limit", "max-tries",
	"min-split-size", "remote-time", "retry-wait", "rpc-allow-origin-all", "rpc-listen-all", "rpc-listen-port",
	"rpc-max-request-size", "rpc-secure", "save-session", "save-session-interval", "split", "timeout", "user-agent",
	"max-connection-per-server", "all-proxy", "referer",
}

func newJobs(a *app, c *cli.Context) *jobs {
	base := map[string]string{}
	for _, n := range globalNames {
		if c.Value(n) == nil {
			continue
		}
		switch v := c.Value(n).(type) {
		case bool:
			base[n] = strconv.FormatBool(v)
		default:
			base[n] = fmt.Sprint(v)
		}
	}
	base["dir"] = a.cfg.dir
	base["max-connection-per-server"] = strconv.Itoa(poolOf(a.cfg.connections))
	base["split"] = strconv.Itoa(max(a.cfg.connSpec.s, poolOf(a.cfg.connections)))
	base["min-split-size"] = strconv.FormatInt(a.cfg.slice, 10)
	if n, ok := aria2Size(c.String("rpc-max-request-size")); ok {
		base["rpc-max-request-size"] = strconv.FormatInt(n, 10)
	}
	base["enable-rpc"] = "true"
	if base["user-agent"] == "" {
		base["user-agent"] = "slget/" + version.Version // what the requests carry
	}
	for k, v := range base {
		if v == "" {
			delete(base, k) // as aria2c: an option not set is not shown
		}
	}
	return &jobs{a: a, base: base, defaults: map[string]string{}}
}

// globalOptions is getGlobalOption's answer.
func (j *jobs) globalOptions() map[string]string {
	j.mu.Lock()
	defer j.mu.Unlock()
	o := maps.Clone(j.base)
	maps.Copy(o, j.defaults)
	return o
}

// setGlobal takes changeGlobalOption's options: the download options
// become the defaults of the downloads that start after; it returns a new
// -j (0 for none).
func (j *jobs) setGlobal(opts map[string]string) (int, error) {
	jobsN := 0
	dl := map[string]string{}
	for k, v := range opts {
		switch k {
		case "max-concurrent-downloads":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 64 {
				return 0, fmt.Errorf("max-concurrent-downloads %q: want 1 to 64", v)
			}
			jobsN = n
		case "dir", "out":
			return 0, fmt.Errorf("%s cannot be changed globally: give it to each download", k)
		default:
			if err := hookRefused(k); err != nil {
				return 0, err
			}
			if !queue.IsOption(k) {
				return 0, fmt.Errorf("option %s cannot be changed while the daemon runs", k)
			}
			dl[k] = v
		}
	}
	if _, err := specEntry(queue.Spec{URIs: []string{"http://localhost/"}, Options: dl}); err != nil {
		return 0, err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	maps.Copy(j.defaults, dl)
	if jobsN > 0 {
		j.base["max-concurrent-downloads"] = strconv.Itoa(jobsN)
	}
	return jobsN, nil
}

// specEntry reads a download's options as -i reads an entry's lines;
// options slget does not apply to one download are left out.
func specEntry(s queue.Spec) (inputEntry, error) {
	e := inputEntry{uris: s.URIs}
	for k := range s.Options {
		if err := hookRefused(k); err != nil {
			return e, err
		}
	}
	for _, u := range s.URIs {
		if err := checkText("URI", u); err != nil || !strings.Contains(u, "://") {
			return e, fmt.Errorf("URI %q: want an http:// or https:// URL", slget.Redact(u))
		}
	}
	var err error
	e.opts, err = queue.ParseOptions(s.Options)
	return e, err
}

// check answers addUri and changeOption with an error for options slget
// cannot take.
func (j *jobs) check(s queue.Spec) error {
	_, err := specEntry(s)
	return err
}

// prepare makes the client and request of one start of a download: the
// download's options laid over the daemon's by queue's mapping (the one a
// program embedding the daemon uses), over the client, HTTP options and
// request the command line makes.
func (j *jobs) prepare(s queue.Spec) (*slget.Client, *slget.Request, func(), error) {
	j.mu.Lock()
	opts := maps.Clone(j.defaults)
	j.mu.Unlock()
	maps.Copy(opts, s.Options)
	e, err := specEntry(queue.Spec{URIs: s.URIs, Options: opts})
	if err != nil {
		return nil, nil, nil, withCode(exitBadOption, err)
	}
	if e.opts.Out == "-" {
		return nil, nil, nil, withCode(exitBadOption, errors.New("out=-: the daemon saves files only"))
	}
	if e.opts.Continue != nil && *e.opts.Continue && j.a.cfg.restart {
		return nil, nil, nil, withCode(exitBadOption, errors.New("continue=true contradicts --restart (the first resumes a partial download, the second discards it)"))
	}
	// The headers that depend on the URL (--load-cookies, --referer=*)
	// are the daemon's for this download.
	cfg, perURL := j.a.cfg.forURL(e.url())
	h, err := httpOptions(cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	client, closeOwn := j.a.client, func() {}
	if perURL {
		hc, err := slget.NewHTTPClient(h)
		if err != nil {
			return nil, nil, nil, withCode(exitBadOption, err)
		}
		client = client.Clone()
		client.HTTP, closeOwn = hc, hc.CloseIdle
	}
	base := queue.Base{Client: client, HTTP: h, Request: *j.a.request(""),
		Split: cfg.connSpec.s, MaxConnectionPerServer: cfg.connSpec.x}
	c, req, done, err := e.opts.Apply(base, s.URIs)
	if err != nil {
		closeOwn()
		return nil, nil, nil, withCode(exitBadOption, err)
	}
	// The client's dir was checked when it was added; the file is also
	// opened beneath the root, so that a link put there since leads
	// nowhere else.
	req.Beneath = j.a.cfg.dir
	if done == nil {
		done = closeOwn
	} else {
		closeOwn()
	}
	return c, req, done, nil
}
