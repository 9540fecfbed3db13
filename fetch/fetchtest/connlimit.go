// A limit on the requests answered at once, as nginx's limit_conn: above
// it a file request gets 503 with Retry-After, and the server counts the
// most it answered at once and what it refused.

package fetchtest

import "net/http"

// WithConnLimit makes the server answer at most n file requests at once:
// a file request that arrives while n are being answered gets 503 Service
// Unavailable with Retry-After: 1, as nginx's limit_conn answers (its
// limit counts requests on HTTP/1.1, where each has a connection). It is
// asked before the WithFault injectors. n ≤ 0 sets no limit.
func WithConnLimit(n int) Option { return func(c *config) { c.connLimit = n } }

// MostInFlight returns the most requests the server answered at once,
// counted at each request's arrival (the request included), since Start
// or ResetLog.
func (s *Server) MostInFlight() int {
	return locked(&s.mu, &s.most)
}

// Refused returns how many file requests WithConnLimit refused since Start
// or ResetLog.
func (s *Server) Refused() int {
	return locked(&s.mu, &s.refused)
}

// overLimitLocked reports whether the file request that made running what it is
// now is over the WithConnLimit, and counts it. s.mu is held.
func (s *Server) overLimitLocked() bool {
	if s.cfg.connLimit <= 0 || s.running <= s.cfg.connLimit {
		return false
	}
	s.refused++
	return true
}

// connLimitFault is the answer above the limit.
var connLimitFault = Fault{Status: http.StatusServiceUnavailable, RetryAfter: "1"}
