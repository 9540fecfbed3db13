// The Link header (RFC 8288) as mirror lists use it: rel=duplicate with
// pri and geo (RFC 6249), and rel=describedby to a Metalink.

package metalink

import (
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// MaxLinks is the most link-values read from one response's Link headers.
const MaxLinks = 1000

// Link is one link-value of a Link header.
type Link struct {
	URL    string            // resolved against the response's URL
	Rel    []string          // its relation types, lower case
	Params map[string]string // the other parameters, names lower case
}

// Has reports whether l has relation type rel.
func (l Link) Has(rel string) bool {
	for _, r := range l.Rel {
		if r == rel {
			return true
		}
	}
	return false
}

// ParseLinks reads the link-values of Link header values, resolving
// relative URLs against base (nil: relative ones are skipped). Malformed
// link-values are skipped; it never fails.
func ParseLinks(values []string, base *url.URL) []Link {
	var out []Link
	for _, v := range values {
		for len(v) > 0 && len(out) < MaxLinks {
			var l Link
			var ok bool
			l, v, ok = parseLink(v, base)
			if ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// parseLink reads one link-value from the start of s and returns what is
// left after the comma that ends it.
func parseLink(s string, base *url.URL) (Link, string, bool) {
	s = strings.TrimLeft(s, " \t,")
	if !strings.HasPrefix(s, "<") {
		// Not a link-value: skip to the next comma outside quotes.
		return Link{}, skipValue(s), false
	}
	end := strings.IndexByte(s, '>')
	if end < 0 {
		return Link{}, "", false
	}
	ref := strings.TrimSpace(s[1:end])
	s = s[end+1:]
	l := Link{Params: map[string]string{}}
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" || s[0] == ',' {
			break
		}
		if s[0] != ';' {
			return Link{}, skipValue(s), false
		}
		var name, val string
		name, val, s = param(s[1:])
		if name == "" {
			continue
		}
		if name == "rel" {
			if l.Rel == nil { // the first rel counts (RFC 8288 3.3)
				l.Rel = strings.Fields(strings.ToLower(val))
			}
			continue
		}
		if _, dup := l.Params[name]; !dup && len(l.Params) < 16 {
			l.Params[name] = val
		}
	}
	u, err := url.Parse(ref)
	if err != nil || strings.ContainsFunc(ref, isControl) {
		return Link{}, s, false
	}
	if !u.IsAbs() {
		if base == nil {
			return Link{}, s, false
		}
		u = base.ResolveReference(u)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return Link{}, s, false
	}
	l.URL = u.String()
	// A reference may resolve to a URL that does not parse again ("//::"
	// gives "http://::"), or that names no host: neither is a source.
	if v, err := url.Parse(l.URL); err != nil || v.Host == "" {
		return Link{}, s, false
	}
	return l, s, true
}

// param reads "name=value" or "name" (value a token or a quoted string)
// and returns what follows it.
func param(s string) (name, val, rest string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, "=;,")
	if i < 0 {
		return strings.ToLower(strings.TrimSpace(s)), "", ""
	}
	name = strings.ToLower(strings.TrimSpace(s[:i]))
	if s[i] != '=' {
		return name, "", s[i:]
	}
	s = strings.TrimLeft(s[i+1:], " \t")
	if strings.HasPrefix(s, `"`) {
		var b strings.Builder
		for j := 1; j < len(s); j++ {
			switch c := s[j]; c {
			case '\\':
				if j+1 < len(s) {
					j++
					b.WriteByte(s[j])
				}
			case '"':
				return name, b.String(), s[j+1:]
			default:
				b.WriteByte(c)
			}
		}
		return name, b.String(), "" // an unterminated quote runs to the end
	}
	j := strings.IndexAny(s, ";,")
	if j < 0 {
		return name, strings.TrimSpace(s), ""
	}
	return name, strings.TrimSpace(s[:j]), s[j:]
}

// skipValue returns what follows the next comma outside a quoted string.
func skipValue(s string) string {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if quoted {
				i++
			}
		case '"':
			quoted = !quoted
		case ',':
			if !quoted {
				return s[i+1:]
			}
		}
	}
	return ""
}

// Duplicates are the rel=duplicate links as mirrors, best first: by pri
// (RFC 6249: lower first, none after all), then in order.
func Duplicates(links []Link) []URL {
	var out []URL
	for _, l := range links {
		if !l.Has("duplicate") {
			continue
		}
		m := URL{URL: l.URL, Location: strings.ToLower(l.Params["geo"])}
		if n, err := strconv.Atoi(l.Params["pri"]); err == nil && n > 0 && n <= 999999 {
			m.Priority = n
		}
		if len(m.Location) > 8 {
			m.Location = ""
		}
		out = append(out, m)
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i].Priority) < rank(out[j].Priority) })
	return out
}

// DescribedBy is the URL of the first rel=describedby link to a Metalink
// (type application/metalink4+xml or application/metalink+xml), "" if none.
func DescribedBy(links []Link) string {
	for _, l := range links {
		t := strings.ToLower(strings.TrimSpace(l.Params["type"]))
		if l.Has("describedby") && (t == Type4 || t == Type3) {
			return l.URL
		}
	}
	return ""
}

// IsMetalink reports whether a URL or a Content-Type names a Metalink: a
// .meta4 or .metalink path, or one of the two media types.
func IsMetalink(rawURL, contentType string) bool {
	ct := strings.ToLower(strings.TrimSpace(strings.SplitN(contentType, ";", 2)[0]))
	if ct == Type4 || ct == Type3 {
		return true
	}
	return metalinkPath(rawURL)
}

// metalinkPath reports whether rawURL's path ends in .meta4 or .metalink,
// in any case. Without a percent-escape the path is a part of rawURL, so
// a URL that does not hold ".meta" (in any case) cannot: it is not parsed
// (a probe asks this of every download).
func metalinkPath(rawURL string) bool {
	if !strings.Contains(rawURL, "%") && !strings.Contains(strings.ToLower(rawURL), ".meta") {
		return false
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	p := strings.ToLower(u.Path)
	return strings.HasSuffix(p, ".meta4") || strings.HasSuffix(p, ".metalink")
}

// SplitMirrors splits an aria2 input-file line into its URIs: tabs
// separate mirrors of one file. Empty fields are dropped.
func SplitMirrors(line string) []string {
	var out []string
	for _, f := range strings.Split(line, "\t") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
