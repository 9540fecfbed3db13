// Cache cuts: an answer whose body ends early, from a cache in front of the
// origin that its headers name, is said to be the cache's doing.

package fetch

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/slget/slget/segment"
)

// CutError is a ranged answer whose body ended before its range did, from
// a cache in front of the origin that the answer's headers name (Via,
// X-Varnish, X-Cache, Server). A cache that cannot store the file ends its
// answers early: varnish whose storage (-s malloc,SIZE) is smaller than the
// file stops the answer where its storage ran out. It unwraps to
// ErrShortBody; more time does not mend it, so RetryPolicy gives it
// MinTries, not its Budget.
type CutError struct {
	URL   string        // not in the message, which is about one range of it
	Range segment.Range // what was asked
	Got   int64         // the body bytes that came
	// Cache is what the headers say of the cache, "Via: 1.1 varnish
	// (Varnish/7.1); X-Varnish: 32770".
	Cache string
	// Varnish: the headers name varnish.
	Varnish bool
}

func (e *CutError) Error() string {
	return fmt.Sprintf("the answer for bytes %d-%d ended after %d of its %d bytes, cut short by a cache in front of the server (%s)",
		e.Range.Start, e.Range.End-1, e.Got, e.Range.Len(), e.Cache)
}

func (e *CutError) Unwrap() error { return ErrShortBody }

// cacheHeaders are the answer headers that name a cache, in the order
// they are said.
var cacheHeaders = []string{"Via", "X-Varnish", "X-Cache", "X-Cache-Status", "CF-Cache-Status", "X-Served-By", "Server"}

// cacheNamed says which cache the headers h name: "" when none does. A
// Server header alone counts only when it names a cache.
func cacheNamed(h http.Header) (said string, varnish bool) {
	var parts []string
	cache := false
	for _, name := range cacheHeaders {
		v := strings.Join(h.Values(name), ", ")
		if v == "" {
			continue
		}
		v = strings.Map(func(r rune) rune {
			if r < ' ' || r == 0x7f {
				return -1
			}
			return r
		}, v)
		if len(v) > 120 {
			cut := 120
			for cut > 0 && !utf8.RuneStart(v[cut]) {
				cut-- // not inside a character
			}
			v = v[:cut] + "…"
		}
		lower := strings.ToLower(v)
		switch name {
		case "Server":
			if !containsAny(lower, "varnish", "squid", "trafficserver", "ats/", "cache") {
				continue
			}
		case "X-Varnish":
			varnish = true
		}
		if strings.Contains(lower, "varnish") {
			varnish = true
		}
		cache = true
		parts = append(parts, name+": "+v)
	}
	if !cache {
		return "", false
	}
	return strings.Join(parts, "; "), varnish
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// cutBody reads a ranged body of range r (an exactBody) and turns its
// early end into a *CutError when the answer's headers h name a cache.
func cutBody(rc io.ReadCloser, url string, r segment.Range, h http.Header) io.ReadCloser {
	said, varnish := cacheNamed(h)
	if said == "" {
		return rc
	}
	return &cutReader{rc: rc, err: CutError{URL: url, Range: r, Cache: said, Varnish: varnish}}
}

type cutReader struct {
	rc  io.ReadCloser
	err CutError
}

func (c *cutReader) Read(p []byte) (int, error) {
	n, err := c.rc.Read(p)
	c.err.Got += int64(n)
	if errors.Is(err, ErrShortBody) {
		e := c.err
		return n, &e
	}
	return n, err
}

func (c *cutReader) Close() error { return c.rc.Close() }
