// URL forms: the spellings of one resource's URL that differ only by the
// scheme's default port, for Purge to find them all.

package localcache

import (
	"net"
	"net/url"
	"strings"
)

// urlForms returns canon (a canonical URL) and, for http and https, the
// same URL with its default port spelled out or left out: http://h/x and
// http://h:80/x name one resource, and the peer server keys it by the
// form without the port, while a cache written before it did may hold
// the other.
func urlForms(canon string) []string {
	u, err := url.Parse(canon)
	if err != nil {
		return []string{canon}
	}
	def := map[string]string{"http": "80", "https": "443"}[u.Scheme]
	if def == "" {
		return []string{canon}
	}
	alt := *u
	if host, port, err := net.SplitHostPort(u.Host); err == nil {
		if port != def {
			return []string{canon}
		}
		alt.Host = host
		if strings.Contains(host, ":") {
			alt.Host = "[" + host + "]"
		}
	} else {
		alt.Host = net.JoinHostPort(strings.Trim(u.Host, "[]"), def)
	}
	if a, err := canonicalURL(alt.String()); err == nil && a != canon {
		return []string{canon, a}
	}
	return []string{canon}
}
