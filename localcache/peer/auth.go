// Fleet authentication on the serve's side: a request's MAC of the fleet
// key checked before anything else is done for it, the answer to a proven
// request signed, and a serve's own pages bound to their body.

package peer

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/slget/slget/fleet"
)

// provenKey marks the context of a request whose MAC of the fleet key was
// checked.
type provenKey struct{}

// proven reports whether r carried a valid MAC of the fleet key.
func proven(r *http.Request) bool {
	ok, _ := r.Context().Value(provenKey{}).(bool)
	return ok
}

// authorized reports whether r may use the proxy or see a page: it is
// proven, or it carries the token in header (Basic or Bearer, for curl and
// aria2c), or the server has no token.
func (s *Server) authorized(r *http.Request, header string) bool {
	return s.cfg.Token == "" || proven(r) || tokenOK(r.Header.Get(header), s.cfg.Token)
}

// checkMAC checks the MAC of a request that carries one. It returns the
// request to go on with, marked proven; or nil after it answered a
// refusal. A request without a MAC, or to a server without a token, goes
// on as it came: the token, if any, is then checked as Basic or Bearer.
func (s *Server) checkMAC(rw *recorder, r *http.Request) *http.Request {
	if s.key == nil || len(r.Header.Values(fleet.HeaderAuth)) == 0 {
		return r
	}
	nonce, err := s.key.VerifyRequest(r.Method, r.RequestURI, r.Header, s.now(), s.instance, &s.replays)
	if err == nil {
		rw.nonce = nonce
		return r.WithContext(context.WithValue(r.Context(), provenKey{}, true))
	}
	var skew *fleet.SkewError
	var run *fleet.RunError
	msg := "the request's fleet MAC is not this fleet's: the client has another token (give every member and client the same token)"
	switch {
	case errors.As(err, &skew), errors.As(err, &run):
		// The MAC was the key's: the refusal is signed, and its
		// X-Slget-Time and X-Slget-Instance tell the client this
		// serve's clock and run. A replay of a request made for
		// another member, or for this one before it restarted, is
		// refused here.
		rw.nonce, msg = nonce, err.Error()
	case errors.Is(err, fleet.ErrReplay):
		msg = "the request's fleet MAC was used before: a replay"
	}
	s.metrics.refusedMAC.Inc()
	s.log.Warn("refused a request: its fleet MAC does not hold", "client", r.RemoteAddr, "url", redactedTarget(r), "reason", err)
	status, challenge := http.StatusProxyAuthRequired, "Proxy-Authenticate"
	if r.URL == nil || !r.URL.IsAbs() {
		status, challenge = http.StatusUnauthorized, "WWW-Authenticate"
	}
	rw.Header().Set(challenge, `Basic realm="slget"`)
	s.fail(rw, status, msg)
	return nil
}

// sign signs the answer of status to a proven request, and sets the
// server's clock on it; once, before its headers go.
func (r *recorder) sign(status int) {
	if r.signed || r.key == nil || status < 200 {
		return
	}
	r.signed = true
	h := r.ResponseWriter.Header()
	if r.run != "" {
		h.Set(fleet.HeaderInstance, r.run)
	}
	if r.nonce == "" {
		h.Set(fleet.HeaderTime, strconv.FormatInt(r.now().Unix(), 10))
		return
	}
	r.key.SignResponse(r.nonce, status, h, r.now())
}

// pageBuffer holds a page's answer, so that its MAC covers its body
// (fleet.HeaderBodySum): a page is small.
type pageBuffer struct {
	h    http.Header
	code int
	body bytes.Buffer
}

func newPageBuffer() *pageBuffer { return &pageBuffer{h: make(http.Header)} }

func (p *pageBuffer) Header() http.Header { return p.h }

func (p *pageBuffer) WriteHeader(code int) {
	if p.code == 0 && code >= 200 {
		p.code = code
	}
}

func (p *pageBuffer) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	return p.body.Write(b)
}

// send writes the page to w, its body's sum in its headers.
func (p *pageBuffer) send(w http.ResponseWriter, head bool) {
	dst := w.Header()
	for k, v := range p.h {
		dst[k] = v
	}
	dst.Set(fleet.HeaderBodySum, fleet.BodySum(p.body.Bytes()))
	dst.Set("Content-Length", strconv.Itoa(p.body.Len()))
	w.WriteHeader(max(p.code, http.StatusOK))
	if !head {
		w.Write(p.body.Bytes())
	}
}
