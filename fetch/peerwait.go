// The wait for a peer's headers: extended by each 102 whose progress
// (HeaderProgress) is greater than the last one's, and never past a cap,
// so that a peer that keeps saying it is working cannot hold a download.
// A 102 is not a byte: it never re-arms a download's stall timer, so a
// slice waits for a peer's headers one stall timeout at most, then goes
// to another source.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"strings"
	"sync/atomic"
	"time"
)

// Why a wait for a peer's headers was given up, besides
// errPeerHeaderTimeout (no 102 at all).
var (
	errPeerNoProgress = errors.New("its 102s showed no progress")
	errPeerWaitCap    = errors.New("the wait passed its cap (PeerOptions.MaxWait)")
)

// peerWait bounds the wait for the headers of one request to a peer: its
// context ends after Peer.headerTimeout without a 102 that shows
// progress, and after Peer.maxWait whatever the 102s show.
type peerWait struct {
	p        *Peer
	cancel   context.CancelCauseFunc
	timer    *time.Timer
	capTimer *time.Timer
	onWait   func() // the caller's OnWait
	last     atomic.Int64
	idle     atomic.Int64 // 102s that showed no progress
}

// waitHeaders returns the context of a request to s.Peer made under ctx,
// traced so that the 102s its answer brings are weighed, and the wait
// that bounds it; stop the wait once the headers are in.
func (s *PeerSource) waitHeaders(ctx context.Context) (context.Context, *peerWait) {
	rctx, cancel := context.WithCancelCause(ctx)
	w := &peerWait{p: s.Peer, cancel: cancel, onWait: func() {
		if s.OnWait != nil {
			s.OnWait()
		}
	}}
	w.timer = time.AfterFunc(s.Peer.headerTimeout, func() {
		if w.idle.Load() > 0 {
			cancel(errPeerNoProgress)
		} else {
			cancel(errPeerHeaderTimeout)
		}
	})
	w.capTimer = time.AfterFunc(s.Peer.maxWait, func() { cancel(errPeerWaitCap) })
	trace := &httptrace.ClientTrace{Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
		if code == http.StatusProcessing {
			w.beat(h.Values(HeaderProgress))
		}
		return nil
	}}
	return httptrace.WithClientTrace(rctx, trace), w
}

// beat weighs one 102: only progress beyond the last one's is a sign of
// work, for the header timer and for the caller.
func (w *peerWait) beat(progress []string) {
	n, ok := parseProgress(progress)
	if !ok || n <= w.last.Load() {
		w.idle.Add(1)
		return
	}
	w.last.Store(n)
	w.timer.Reset(w.p.headerTimeout)
	w.onWait()
}

// stop ends the timers; the request's context lives on until end.
func (w *peerWait) stop() {
	w.timer.Stop()
	w.capTimer.Stop()
}

// end lets go of the request's context.
func (w *peerWait) end() { w.cancel(nil) }

// failed is the PeerError of a request whose wait ended with cause (the
// request's context's), or that failed with err on its own.
func (w *peerWait) failed(cause, err error) *PeerError {
	switch {
	case errors.Is(cause, errPeerNoProgress):
		return &PeerError{Peer: w.p.addr, Err: cause,
			Reason: fmt.Sprintf("kept saying it was working (%d 102s) but made no progress for %s", w.idle.Load(), w.p.headerTimeout)}
	case errors.Is(cause, errPeerWaitCap):
		return &PeerError{Peer: w.p.addr, Err: cause,
			Reason: fmt.Sprintf("kept saying it made progress but sent no answer in %s", w.p.maxWait)}
	case errors.Is(cause, errPeerHeaderTimeout):
		err = cause
	}
	return w.p.connError(err)
}

// parseProgress parses the HeaderProgress of a 102: one decimal count. A
// missing, repeated or malformed value is no progress.
func parseProgress(vals []string) (int64, bool) {
	if len(vals) != 1 {
		return 0, false
	}
	n, err := parseNum(strings.TrimSpace(vals[0]))
	return n, err == nil
}
