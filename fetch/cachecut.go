// Cache cuts: an answer whose body ends early, from a cache in front of the
// origin that its headers name (CacheSignals.Said), is said to be the
// cache's doing.

package fetch

import (
	"errors"
	"fmt"
	"io"
	"net/http"

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

// cutBody reads a ranged body of range r (an exactBody) and turns its
// early end into a *CutError when the answer's headers h name a cache.
func cutBody(rc io.ReadCloser, url string, r segment.Range, h http.Header) io.ReadCloser {
	sig := cacheSignalsOf(h)
	said := sig.Said()
	if said == "" {
		return rc
	}
	return &cutReader{rc: rc, err: CutError{URL: url, Range: r, Cache: said, Varnish: sig.Varnish()}}
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
