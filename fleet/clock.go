// A client's side of the fleet's proofs: a serve's clock as its answers
// tell it, and the signing of a request and the check of its answer over
// net/http.

package fleet

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// Clock is one serve's clock as its proven answers tell it (HeaderTime):
// requests to that serve are signed in it, so that hosts whose clocks
// differ by more than MaxSkew still agree. The zero Clock is ours.
type Clock struct{ off atomic.Int64 }

// clockSlack is how far a serve's clock may be from ours before requests
// are signed in its clock rather than ours: HeaderTime has whole seconds.
const clockSlack = 3 * time.Second

// Now is the time in the serve's clock.
func (c *Clock) Now() time.Time { return time.Now().Add(time.Duration(c.off.Load())) }

// learn takes the serve's clock from the HeaderTime of a proven answer.
func (c *Clock) learn(h http.Header) {
	sec, err := strconv.ParseInt(h.Get(HeaderTime), 10, 64)
	if err != nil {
		return
	}
	off := time.Until(time.Unix(sec, 0))
	if off < clockSlack && off > -clockSlack {
		off = 0
	}
	c.off.Store(int64(off))
}

// Sign sets the MAC of req, as net/http will send it (its method and its
// request target: an origin's absolute URL for a proxy request, a path for
// a serve's own page), in the clock c (nil: ours). It returns the nonce
// that Check takes. A request that names no Accept-Encoding is given
// "identity": net/http's transport would add gzip after the MAC was made.
func (k *Key) Sign(req *http.Request, c *Clock) (nonce string) {
	if req.Header.Get("Accept-Encoding") == "" {
		req.Header.Set("Accept-Encoding", "identity")
	}
	t := time.Now()
	if c != nil {
		t = c.Now()
	}
	return k.SignRequest(req.Method, req.URL.RequestURI(), req.Header, t)
}

// Check checks the MAC of the answer resp to the request signed with
// nonce, and learns the serve's clock from it into c (if not nil). An
// answer without the fleet key's MAC is ErrUnproven.
func (k *Key) Check(nonce string, resp *http.Response, c *Clock) error {
	if err := k.VerifyAnswer(nonce, resp.StatusCode, resp.Header); err != nil {
		return err
	}
	if c != nil {
		c.learn(resp.Header)
	}
	return nil
}

// ErrBodySum is a proven answer whose body is not the one its
// HeaderBodySum names.
var ErrBodySum = errors.New("the answer's body is not the one its " + HeaderBodySum + " names")

// CheckBody checks body against the HeaderBodySum of a proven answer's
// headers h: a serve's pages carry one, so that their MAC covers the body.
func CheckBody(h http.Header, body []byte) error {
	want := h.Get(HeaderBodySum)
	if want == "" || subtle.ConstantTimeCompare([]byte(want), []byte(BodySum(body))) != 1 {
		return ErrBodySum
	}
	return nil
}
