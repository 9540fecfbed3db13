// --load-cookies FILE: a Netscape cookies.txt (curl's, wget's, a
// browser's export), and the Cookie header a URL gets from it.

package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// cookie is one line of a cookies.txt.
type cookie struct {
	domain     string // lower case, without a leading dot
	subdomains bool   // the domain's subdomains too (TRUE, or a leading dot)
	path       string
	secure     bool      // https only
	expires    time.Time // zero: a session cookie, always sent
	name       string
	value      string
}

// maxCookieFile bounds what --load-cookies reads: a cookies.txt of a few
// hundred cookies is kilobytes.
const maxCookieFile = 16 << 20

// parseCookies reads the Netscape cookies.txt format: one cookie a line,
// seven tab-separated fields (domain, include subdomains TRUE/FALSE, path,
// secure TRUE/FALSE, expiry in Unix seconds with 0 for a session cookie,
// name, value). Lines starting with # are comments, but for curl's
// "#HttpOnly_" prefix, which marks a cookie. A line that is not a cookie
// is an error naming it: a file given on purpose should not be half read.
func parseCookies(r io.Reader) ([]cookie, error) {
	sc := bufio.NewScanner(io.LimitReader(r, maxCookieFile))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var out []cookie
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		line = strings.TrimPrefix(line, "#HttpOnly_")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) == 6 { // an empty value with its tab trimmed by an editor
			f = append(f, "")
		}
		if len(f) != 7 {
			return nil, fmt.Errorf("line %d: want 7 tab-separated fields (domain, subdomains, path, secure, expiry, name, value), not %d", n, len(f))
		}
		c := cookie{path: f[2], name: f[5], value: f[6]}
		c.domain = strings.ToLower(strings.TrimSpace(f[0]))
		if strings.HasPrefix(c.domain, ".") {
			c.domain, c.subdomains = c.domain[1:], true
		}
		var err error
		sub, err := cookieBool(f[1])
		if err != nil {
			return nil, fmt.Errorf("line %d: subdomains: %v", n, err)
		}
		c.subdomains = c.subdomains || sub
		if c.secure, err = cookieBool(f[3]); err != nil {
			return nil, fmt.Errorf("line %d: secure: %v", n, err)
		}
		exp, err := strconv.ParseInt(strings.TrimSpace(f[4]), 10, 64)
		if err != nil || exp < 0 {
			return nil, fmt.Errorf("line %d: expiry %q: want Unix seconds (0 for a session cookie)", n, f[4])
		}
		if exp > 0 {
			c.expires = time.Unix(min(exp, 1<<40), 0)
		}
		if c.domain == "" || c.name == "" {
			return nil, fmt.Errorf("line %d: a cookie needs a domain and a name", n)
		}
		if c.path == "" {
			c.path = "/"
		}
		if bad := strings.IndexFunc(c.name+c.value+c.path, func(r rune) bool { return r < ' ' || r == 0x7f || r == ';' }); bad >= 0 {
			return nil, fmt.Errorf("line %d: a control character or ';' in the cookie", n)
		}
		if strings.ContainsAny(c.name, "= \t") {
			return nil, fmt.Errorf("line %d: cookie name %q: no '=' or blank in a name", n, c.name)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

func cookieBool(s string) (bool, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "TRUE":
		return true, nil
	case "FALSE":
		return false, nil
	}
	return false, fmt.Errorf("%q: want TRUE or FALSE", s)
}

// cookieHeader is the Cookie header value for a request to rawURL at
// now: the cookies whose domain, path, secure flag and expiry match, the
// longest path first (RFC 6265, 5.4); "" when none does.
func cookieHeader(cookies []cookie, rawURL string, now time.Time) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	var match []cookie
	for _, c := range cookies {
		if c.secure && u.Scheme != "https" || !c.expires.IsZero() && !now.Before(c.expires) {
			continue
		}
		if !domainMatch(host, c.domain, c.subdomains) || !pathMatch(path, c.path) {
			continue
		}
		match = append(match, c)
	}
	// Longest path first, else file order: a stable insertion sort.
	for i := 1; i < len(match); i++ {
		for j := i; j > 0 && len(match[j].path) > len(match[j-1].path); j-- {
			match[j], match[j-1] = match[j-1], match[j]
		}
	}
	parts := make([]string, len(match))
	for i, c := range match {
		parts[i] = c.name + "=" + c.value
	}
	return strings.Join(parts, "; ")
}

// domainMatch: the host is the domain, or (with subdomains) ends in
// ".domain"; an IP address matches only itself.
func domainMatch(host, domain string, subdomains bool) bool {
	if host == domain {
		return true
	}
	return subdomains && net.ParseIP(host) == nil && strings.HasSuffix(host, "."+domain)
}

// pathMatch is RFC 6265's path-match: the cookie's path is the request's,
// or a prefix of it that ends in "/" or is followed by "/".
func pathMatch(reqPath, cookiePath string) bool {
	if !strings.HasPrefix(reqPath, cookiePath) {
		return false
	}
	return len(reqPath) == len(cookiePath) || strings.HasSuffix(cookiePath, "/") || reqPath[len(cookiePath)] == '/'
}
