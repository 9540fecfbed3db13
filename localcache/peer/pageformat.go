// Which form of the operator's page a request gets: ?format=json or
// ?format=html first, else content negotiation on Accept.

package peer

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
)

// errPageFormat is a ?format= the page does not have.
var errPageFormat = errors.New("format is json or html (or leave it out and send Accept: application/json for JSON)")

// pageFormat reports whether r is to get the page in JSON: ?format=json
// (or html) says so outright; else Accept, where application/json must
// be preferred to text/html by its q-value, or named while text/html is
// left to a wildcard (application/json, */*). A tie, no Accept, and */*
// alone get HTML: the page is for people first.
func pageFormat(r *http.Request) (asJSON bool, err error) {
	if r.URL != nil {
		if f, ok := r.URL.Query()["format"]; ok {
			switch strings.ToLower(strings.Join(f, ",")) {
			case "json":
				return true, nil
			case "html":
				return false, nil
			}
			return false, errPageFormat
		}
	}
	jq, jExact := acceptQ(r.Header.Values("Accept"), "application", "json")
	hq, hExact := acceptQ(r.Header.Values("Accept"), "text", "html")
	switch {
	case !jExact || jq <= 0:
		return false, nil
	case jq != hq:
		return jq > hq, nil
	}
	return !hExact, nil
}

// acceptQ is the q-value the Accept header values give the media type
// typ/sub (RFC 9110, 12.5.1): that of the most specific media range that
// matches it (typ/sub, typ/*, */*), and whether it was typ/sub itself.
// No Accept means everything at q=1; a type no range matches gets 0.
func acceptQ(values []string, typ, sub string) (q float64, exact bool) {
	if len(values) == 0 {
		return 1, false
	}
	best := -1 // specificity of the range that set q: 0 */*, 1 typ/*, 2 typ/sub
	for _, v := range values {
		for _, rng := range strings.Split(v, ",") {
			mt, params, _ := strings.Cut(rng, ";")
			t, s, ok := strings.Cut(strings.ToLower(strings.TrimSpace(mt)), "/")
			if !ok {
				continue
			}
			spec := -1
			switch {
			case t == typ && s == sub:
				spec = 2
			case t == typ && s == "*":
				spec = 1
			case t == "*" && s == "*":
				spec = 0
			}
			if spec <= best {
				continue
			}
			best, q = spec, rangeQ(params)
		}
	}
	if best < 0 {
		return 0, false
	}
	return q, best == 2
}

// rangeQ is the q parameter among a media range's parameters; 1 when it
// has none, 0 for one that does not parse or is out of [0, 1].
func rangeQ(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(q) || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}
