// aria2c's request options that slget applies: --referer, --http-user and
// --http-passwd, proxy credentials and lists, --load-cookies, and the
// switches --remove-control-file, --show-console-readout, --http-no-cache.

package main

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/optvalue"
)

// aria2Flags are aria2c's options that slget applies, beside
// downloadFlags; ignoredFlags has those it accepts without applying.
func aria2Flags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "referer", Category: catRequests, Usage: "send Referer: `URL`; * sends each download's own URL, as aria2c"},
		&cli.StringFlag{Name: "http-user", Category: catRequests, Usage: "send `USER` and --http-passwd with Basic authentication, to the URL's host only (as --header Authorization)"},
		&cli.StringFlag{Name: "http-passwd", Category: catRequests, Usage: "the `PASSWORD` of --http-user"},
		&cli.StringFlag{Name: "ftp-user", Category: catRequests, Usage: "log in to sftp:// and ftp:// servers as `USER` when the URL names none (ftp:// default: anonymous)"},
		&cli.StringFlag{Name: "ftp-passwd", Category: catRequests, Usage: "offer `PASSWORD` to sftp:// servers (after the agent and keys) and ftp:// servers when the URL gives none"},
		&cli.BoolFlag{Name: "ftp-ssl-reqd", Category: catRequests, Usage: "speak explicit FTPS (AUTH TLS) to ftp:// servers, the login and data in TLS, the certificate checked as for HTTPS; a server without TLS is refused"},
		&cli.StringFlag{Name: "ssh-host-key-md", Category: catRequests, Usage: "accept the sftp:// server whose host key has the digest `TYPE=HEX` (sha-256, sha-1, md5), instead of known_hosts"},
		&cli.StringSliceFlag{Name: "private-key", Category: catRequests, Usage: "offer the SSH key in `FILE` to sftp:// servers (instead of ~/.ssh/id_ed25519, id_ecdsa, id_rsa); repeatable"},
		&cli.StringFlag{Name: "ssh-known-hosts", Category: catRequests, Usage: "check sftp:// servers' host keys against `FILE` (default ~/.ssh/known_hosts)"},
		&cli.StringFlag{Name: "all-proxy-user", Category: catRequests, Usage: "the `USER` of the proxies (--all-proxy, --http-proxy, --https-proxy)"},
		&cli.StringFlag{Name: "all-proxy-passwd", Category: catRequests, Usage: "the `PASSWORD` of --all-proxy-user"},
		&cli.StringFlag{Name: "http-proxy", Category: catRequests, Usage: "send http:// requests through the proxy at `URL` (wins over --all-proxy for them)"},
		&cli.StringFlag{Name: "https-proxy", Category: catRequests, Usage: "send https:// requests through the proxy at `URL` (wins over --all-proxy for them)"},
		&cli.StringFlag{Name: "no-proxy", Category: catRequests, Usage: "reach the hosts, domains and networks of `LIST` (comma-separated, as no_proxy) without a proxy"},
		&cli.StringFlag{Name: "load-cookies", Category: catRequests, Usage: "send the cookies of `FILE` (Netscape cookies.txt) that match each URL, to its host only (as --header Cookie)"},
		&cli.BoolFlag{Name: "http-no-cache", Category: catRequests, Usage: "send Cache-Control: no-cache and Pragma: no-cache, as aria2c"},
		&cli.StringFlag{Name: "save-session", Category: catResume, Usage: "write the downloads not finished (failed, interrupted, not started), with their options, to `FILE` in -i format at the end, so that slget -i FILE finishes the job"},
		&cli.StringFlag{Name: "save-session-interval", Value: "0", Category: catResume, Usage: "with --save-session, also write it every `SECONDS` (0: only at the end)"},
		&cli.BoolFlag{Name: "remove-control-file", Category: catResume, Usage: "aria2c's name for --restart: discard the journal and start over"},
		&cli.BoolFlag{Name: "show-console-readout", Value: true, Category: catPrinting, Usage: "=false shows no progress (--progress=none), as aria2c"},
	}
}

// requestExtras is what aria2's request options add to a configuration.
type requestExtras struct {
	referer    string   // "": none; "*": each download's URL
	cookies    []cookie // from --load-cookies
	httpProxy  string   // --http-proxy, with credentials
	httpsProxy string   // --https-proxy, with credentials
	noProxy    string   // --no-proxy
}

// readAria2 reads the options of aria2Flags into cfg.
func readAria2(c *cli.Context, cfg *config) error {
	if c.Bool("remove-control-file") {
		if cfg.cont {
			return errors.New("--remove-control-file and -c/--continue contradict each other: the first discards a partial download, the second resumes it; give one of them")
		}
		cfg.restart = true
	}
	ref := c.String("referer")
	if err := checkText("--referer", ref); err != nil {
		return err
	}
	if ref != "" && ref != "*" {
		if _, err := url.Parse(ref); err != nil {
			return fmt.Errorf("--referer %q: %v", ref, err)
		}
		if cfg.header.Get("Referer") == "" { // --header Referer wins
			cfg.header.Set("Referer", ref)
		}
	} else {
		cfg.referer = ref
	}
	if c.Bool("http-no-cache") {
		for _, h := range []string{"Cache-Control", "Pragma"} {
			if cfg.header.Get(h) == "" {
				cfg.header.Set(h, "no-cache")
			}
		}
	}
	cfg.sftp = slget.SFTPOptions{User: c.String("ftp-user"), Password: c.String("ftp-passwd"), PrivateKeys: c.StringSlice("private-key"),
		KnownHosts: c.String("ssh-known-hosts"), HostKeyMD: c.String("ssh-host-key-md")}
	if err := checkText("--ftp-user and --ftp-passwd", cfg.sftp.User+cfg.sftp.Password); err != nil {
		return err
	}
	cfg.ftp = slget.FTPOptions{User: cfg.sftp.User, Password: cfg.sftp.Password}
	user, pass := c.String("http-user"), c.String("http-passwd")
	if user != "" || pass != "" {
		if cfg.header.Get("Authorization") != "" {
			return errors.New("--http-user and --header Authorization both give credentials; give one of them")
		}
		if strings.Contains(user, ":") {
			return errors.New("--http-user: a user name of Basic authentication has no ':' in it")
		}
		if err := checkText("--http-user", user+pass); err != nil {
			return errors.New("--http-user and --http-passwd: no control characters")
		}
		cfg.header.Set("Authorization", basicAuth(user, pass))
	}
	puser, ppass := c.String("all-proxy-user"), c.String("all-proxy-passwd")
	var err error
	for _, p := range []struct {
		flag string
		dst  *string
	}{{"all-proxy", &cfg.proxy}, {"http-proxy", &cfg.httpProxy}, {"https-proxy", &cfg.httpsProxy}} {
		v := c.String(p.flag)
		if v == "" {
			continue
		}
		if *p.dst, err = withProxyUser(p.flag, v, puser, ppass); err != nil {
			return err
		}
	}
	if (puser != "" || ppass != "") && cfg.proxy == "" && cfg.httpProxy == "" && cfg.httpsProxy == "" {
		cfg.notes = append(cfg.notes, "--all-proxy-user and --all-proxy-passwd apply to --all-proxy, --http-proxy and --https-proxy, and none is given: not used (a proxy from the environment carries its own user:password@)")
	}
	cfg.noProxy = c.String("no-proxy")
	if err := checkText("--no-proxy", cfg.noProxy); err != nil {
		return err
	}
	if name := c.String("load-cookies"); name != "" {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("--load-cookies: %v", err)
		}
		defer f.Close()
		if cfg.cookies, err = parseCookies(f); err != nil {
			return fmt.Errorf("--load-cookies %s: %v", name, err)
		}
	}
	return nil
}

// basicAuth is the Authorization value of Basic authentication.
func basicAuth(user, pass string) string { return optvalue.BasicAuth(user, pass) }

// withProxyUser puts user and pass into the proxy URL p (given as --flag):
// aria2's --all-proxy-user and --all-proxy-passwd. Credentials already in
// p stay when user is "".
func withProxyUser(flag, p, user, pass string) (string, error) {
	if user == "" && pass == "" {
		return p, nil
	}
	s := p
	if !strings.Contains(s, "://") {
		s = "http://" + s // a bare HOST:PORT is an HTTP proxy
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("--%s %q: want a URL like http://host:port", flag, slget.Redact(p))
	}
	u.User = url.UserPassword(user, pass)
	return u.String(), nil
}

// proxyEnv is the environment the HTTP client reads proxies from when
// --no-proxy, --http-proxy or --https-proxy is given: the real one, with
// those (and --all-proxy) laid over it. nil: no such option, the real
// environment (or --all-proxy alone) as before.
func (cfg config) proxyEnv() func(string) string {
	if cfg.noProxy == "" && cfg.httpProxy == "" && cfg.httpsProxy == "" {
		return nil
	}
	env := map[string]string{}
	set := func(v string, names ...string) {
		for _, n := range names {
			env[n] = v
		}
	}
	if cfg.proxy != "" {
		set(cfg.proxy, "all_proxy", "ALL_PROXY", "http_proxy", "https_proxy", "HTTPS_PROXY")
	}
	if cfg.httpProxy != "" {
		set(cfg.httpProxy, "http_proxy")
	}
	if cfg.httpsProxy != "" {
		set(cfg.httpsProxy, "https_proxy", "HTTPS_PROXY")
	}
	if cfg.noProxy != "" {
		set(cfg.noProxy, "no_proxy", "NO_PROXY")
	}
	return func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return os.Getenv(k)
	}
}

// forURL returns cfg with the headers that depend on the URL (--referer=*,
// --load-cookies), and whether it added any.
func (cfg config) forURL(rawURL string) (config, bool) {
	var add http.Header
	if cfg.referer == "*" && cfg.header.Get("Referer") == "" {
		add = http.Header{"Referer": {rawURL}}
	}
	if len(cfg.cookies) > 0 {
		if v := cookieHeader(cfg.cookies, rawURL, time.Now()); v != "" {
			if add == nil {
				add = http.Header{}
			}
			add.Set("Cookie", strings.Join(append(cfg.header.Values("Cookie"), v), "; "))
		}
	}
	if add == nil {
		return cfg, false
	}
	h := cfg.header.Clone()
	if h == nil {
		h = http.Header{}
	}
	for k, v := range add {
		h[k] = v
	}
	cfg.header = h
	return cfg, true
}
