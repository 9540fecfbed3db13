// A client's side of the fleet's proofs: a serve's clock as its answers
// tell it, and the signing of a request and the check of its answer over
// net/http.

package fleet

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Clock is one serve's clock and run as its proven answers tell them
// (HeaderTime, HeaderInstance): requests to that serve are signed in its
// clock, so that hosts whose clocks differ by more than MaxSkew still
// agree, and for its run, so that no other member and no later start of
// it takes them. The zero Clock is ours, with no run known.
type Clock struct {
	off atomic.Int64
	run atomic.Pointer[string]
}

// Run is the serve's run as its last proven answer said it; "" before
// one did.
func (c *Clock) Run() string {
	if r := c.run.Load(); r != nil {
		return *r
	}
	return ""
}

// clockSlack is how far a serve's clock may be from ours before requests
// are signed in its clock rather than ours: HeaderTime has whole seconds.
const clockSlack = 3 * time.Second

// Now is the time in the serve's clock.
func (c *Clock) Now() time.Time { return time.Now().Add(time.Duration(c.off.Load())) }

// learn takes the serve's clock and run from the HeaderTime and
// HeaderInstance of a proven answer.
func (c *Clock) learn(h http.Header) {
	if r := h.Get(HeaderInstance); r != "" && len(r) <= 64 && !strings.ContainsFunc(r, func(c rune) bool { return c <= ' ' || c > '~' }) {
		c.run.Store(&r)
	}
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
// a serve's own page), in the clock c and for its run (nil: ours, and no
// run). A GET of HealthzTarget is signed for no run, so that it learns
// the run of a serve that restarted. It returns the nonce that Check
// takes. A request that names no Accept-Encoding is given "identity":
// net/http's transport would add gzip after the MAC was made.
func (k *Key) Sign(req *http.Request, c *Clock) (nonce string) {
	if req.Header.Get("Accept-Encoding") == "" {
		req.Header.Set("Accept-Encoding", "identity")
	}
	t, run := time.Now(), ""
	target := req.URL.RequestURI()
	if c != nil {
		t = c.Now()
		if target != HealthzTarget {
			run = c.Run()
		}
	}
	return k.SignRequest(req.Method, target, req.Header, t, run)
}

// LearnRun asks the serve at addr (http://HOST:PORT) for its /healthz
// with hc, signed for no run, and keeps its clock and run in c; a
// client does so before its first request to a serve.
func (k *Key) LearnRun(ctx context.Context, hc *http.Client, addr string, c *Clock) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(addr, "/")+HealthzTarget, nil)
	if err != nil {
		return err
	}
	nonce := k.Sign(req, c)
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	if err := k.Check(nonce, resp, c); err != nil {
		if code := resp.StatusCode; code == http.StatusUnauthorized || code == http.StatusProxyAuthRequired {
			return &RefusedError{Status: code}
		}
		return err
	}
	if c.Run() == "" {
		return fmt.Errorf("%s%s answered %s without its run (%s)", strings.TrimSuffix(addr, "/"), HealthzTarget, resp.Status, HeaderInstance)
	}
	return nil
}

// RefusedError is a serve that refused a signed request without proving
// it holds the fleet key: it has another fleet token, or none. It is an
// ErrUnproven.
type RefusedError struct{ Status int }

func (e *RefusedError) Error() string {
	return fmt.Sprintf("refused our fleet MAC (%d %s): it has another fleet token, or none", e.Status, http.StatusText(e.Status))
}

func (e *RefusedError) Unwrap() error { return ErrUnproven }

// RefusedStatus is the refusal's HTTP status: how the HTTP side
// (fetch.PeerProof) tells a refusal from other failures.
func (e *RefusedError) RefusedStatus() int { return e.Status }

// Rebound reports whether resp, a proven answer to a request signed for
// run, refused it (401 or 407) and named another run of the serve, now
// kept in c: the serve restarted, and the request may be signed again
// and sent once more.
func Rebound(resp *http.Response, run string, c *Clock) bool {
	code := resp.StatusCode
	return (code == http.StatusUnauthorized || code == http.StatusProxyAuthRequired) && c.Run() != "" && c.Run() != run
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
