// The HTTP side of an invocation's config: the tries (--max-tries, its
// retry policy) and the HTTP client's options, made from what readConfig
// read.

package main

import (
	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
)

// maxTriesOf is --max-tries as config keeps it: 0 when not given (the time
// rule of --retry-max-time), -1 for aria2c's --max-tries=0 (no limit).
func maxTriesOf(c *cli.Context) int {
	if !c.IsSet("max-tries") {
		return 0
	}
	if n := c.Int("max-tries"); n != 0 {
		return n
	}
	return -1
}

// retryPolicy is the retry policy of cfg: exactly --max-tries when given
// (none at all for 0), else tries for --retry-max-time (0: for ever); the
// waits grow from --retry-wait.
func retryPolicy(cfg config) slget.RetryPolicy {
	p := slget.RetryPolicy{Wait: cfg.retryWait, Budget: cfg.retryMaxTime}
	switch {
	case cfg.maxTries > 0:
		p.MaxTries = cfg.maxTries
	case cfg.maxTries < 0:
		p.Budget = -1 // no limit
	}
	return p
}

// newHTTP builds the HTTP client of cfg.
func newHTTP(cfg config) (*slget.HTTPClient, error) {
	o, err := httpOptions(cfg)
	if err != nil {
		return nil, err
	}
	hc, err := slget.NewHTTPClient(o)
	if err != nil {
		return nil, withCode(exitBadOption, err)
	}
	return hc, nil
}

// httpOptions are the options of cfg's HTTP client.
func httpOptions(cfg config) (slget.HTTPOptions, error) {
	maxRedirect := cfg.maxRedirect
	if maxRedirect == 0 {
		maxRedirect = -1 // fetch: zero means its default, negative none
	}
	proxy, getenv := cfg.proxy, cfg.proxyEnv()
	if getenv != nil {
		// --no-proxy, --http-proxy or --https-proxy: the client reads every
		// proxy, --all-proxy's too, from the environment they lay over
		// the real one. Each given proxy is checked as --all-proxy is.
		for _, p := range []string{cfg.proxy, cfg.httpProxy, cfg.httpsProxy} {
			if p == "" {
				continue
			}
			if _, err := slget.NewHTTPClient(slget.HTTPOptions{Proxy: p}); err != nil {
				return slget.HTTPOptions{}, withCode(exitBadOption, err)
			}
		}
		proxy = ""
	}
	return slget.HTTPOptions{
		Connections:     poolOf(cfg.connections),
		ConnectTimeout:  cfg.connectTimeout,
		Timeout:         cfg.timeout,
		Proxy:           proxy,
		Getenv:          getenv,
		Header:          cfg.header,
		UserAgent:       cfg.userAgent,
		TLSConfig:       cfg.tls,
		CAs:             cfg.cas,
		NoHTTP2:         cfg.noHTTP2,
		LocationTrusted: cfg.trusted,
		MaxRedirects:    maxRedirect,
	}, nil
}
