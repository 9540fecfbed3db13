// Replays: the nonces of requests a serve took in the last minutes, so that
// a request overheard on the LAN cannot be sent again.

package fleet

import (
	"sync"
	"time"
)

// maxReplays bounds the nonces kept: at 1000 requests a second, the two
// minutes they are kept for. Past it, the oldest go first, and a request
// older than what is kept is refused as too old.
const maxReplays = 1 << 17

// Replays is the set of nonces of the requests taken whose time is within
// MaxSkew of now; safe for concurrent use. The zero value is ready.
type Replays struct {
	mu    sync.Mutex
	seen  map[string]bool
	order []replay  // in the order taken
	floor time.Time // requests signed at or before it are refused: nonces of that age were forgotten
}

type replay struct {
	nonce  string
	signed time.Time
}

// add records nonce, signed at signed, at now; false when it was seen
// before, or is as old as nonces forgotten to keep the set bounded.
func (r *Replays) add(nonce string, signed, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	for len(r.order) > 0 {
		o := r.order[0]
		full := len(r.order) >= maxReplays
		if !full && now.Sub(o.signed) <= 2*MaxSkew {
			break
		}
		if full && o.signed.After(r.floor) {
			r.floor = o.signed
		}
		delete(r.seen, o.nonce)
		r.order = r.order[1:]
	}
	if r.seen[nonce] || (!r.floor.IsZero() && !signed.After(r.floor)) {
		return false
	}
	r.seen[nonce] = true
	r.order = append(r.order, replay{nonce, signed})
	return true
}
