// Where a Server listens, and what it serves beside its file: a port of the
// caller's choice, and handlers of the caller's for other paths (a Metalink
// or a page beside the file), logged like every request.

package fetchtest

import (
	"fmt"
	"net/http"
	"strings"
)

// WithPort makes the server listen on port (of 127.0.0.1, or of WithHost)
// instead of a free one: a test that must know the address before the
// server starts, or that starts it again on the same address. Zero means
// a free port.
func WithPort(port int) Option { return func(c *config) { c.port = port } }

// WithHandler serves the requests for path (exact, without the query) with
// h instead of the file or a 404: a Metalink, a page that links the file,
// a redirect of the caller's. They are logged in Requests like any, with
// the status and body bytes h sent; they are not file requests (faults,
// WithConnLimit and WithChangeAfter do not count them). It may be given
// for several paths; path must start with "/" and differ from the file's.
func WithHandler(path string, h http.Handler) Option {
	return func(c *config) {
		if c.handlers == nil {
			c.handlers = map[string]http.Handler{}
		}
		c.handlers[path] = h
	}
}

// validateListen reports the first WithPort or WithHandler option that
// cannot be served.
func (c *config) validateListen() error {
	if c.port < 0 || c.port > 65535 {
		return fmt.Errorf("fetchtest: port %d is out of range", c.port)
	}
	for p, h := range c.handlers {
		switch {
		case !strings.HasPrefix(p, "/"):
			return fmt.Errorf("fetchtest: handler path %q does not start with /", p)
		case p == c.path:
			return fmt.Errorf("fetchtest: handler path %q is the file's", p)
		case h == nil:
			return fmt.Errorf("fetchtest: nil handler for %q", p)
		}
	}
	return nil
}
