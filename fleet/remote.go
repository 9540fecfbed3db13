// Remote: the membership a serve knows, read from its GET /fleet, for a
// client that asks its own serve rather than checking every member itself
// (all-pairs checks from every client are N² requests).

package fleet

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Remote is the membership of the serve at one address, as its GET /fleet
// gives it, signed with the fleet key when there is one (the answer must
// carry the serve's MAC and the sum of its body). The serve itself is
// always a member, at the address the Remote asks it at. Safe for
// concurrent use; its Refresh has the signature of Members'.
type Remote struct {
	addr string
	key  *Key
	hc   *http.Client

	refresh sync.Mutex
	checked time.Time
	clock   Clock

	mu       sync.Mutex
	id       string
	st       []Health
	err      string
	down     bool // the last read got no answer
	unproven bool // the last answer was not the fleet key's
}

// NewRemote returns the Remote of the serve at addr (http://HOST:PORT).
// key, if not nil, signs the requests and proves the answers.
func NewRemote(addr string, key *Key) *Remote {
	return &Remote{addr: Addr(addr), key: key, hc: &http.Client{Transport: &http.Transport{Proxy: nil}}}
}

// fleetPage is the JSON of a serve's GET /fleet.
type fleetPage struct {
	ID      string   `json:"id"`
	Members []Health `json:"members"`
}

// Refresh reads the serve's /fleet unless it was read within maxAge;
// callers at the same time share one read. A read that fails keeps the
// members the last one gave; the serve itself is then not healthy if it
// did not answer or did not prove the fleet key, and a peer all the same
// if it answered without a fleet page (not in a fleet, or older).
func (r *Remote) Refresh(ctx context.Context, maxAge time.Duration) {
	r.refresh.Lock()
	defer r.refresh.Unlock()
	if !r.checked.IsZero() && time.Since(r.checked) < maxAge {
		return
	}
	page, answered, err := r.read(ctx)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.down, r.unproven = !answered, errors.Is(err, ErrUnproven) || errors.Is(err, ErrBodySum)
	if err != nil {
		r.err = err.Error()
		return
	}
	r.checked, r.err = time.Now(), ""
	r.id = page.ID
	r.st = r.st[:0]
	for _, h := range page.Members {
		if h.Self || h.ID == page.ID {
			continue // the serve itself, at the address it is asked at
		}
		r.st = append(r.st, h)
	}
}

// read reads the serve's /fleet, within 5s; answered says whether it
// answered at all. With a key, the request is signed for the serve's run,
// learned first from its /healthz, and signed again once for a new run
// when the serve restarted.
func (r *Remote) read(ctx context.Context) (_ fleetPage, answered bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if r.key != nil && r.clock.Run() == "" {
		if err := r.key.LearnRun(ctx, r.hc, r.addr, &r.clock); err != nil {
			return fleetPage{}, !isConnError(err), err
		}
	}
	for try := 0; ; try++ {
		page, answered, again, err := r.readOnce(ctx)
		if !again || try > 0 {
			return page, answered, err
		}
	}
}

// isConnError reports whether err is a request that got no answer.
func isConnError(err error) bool {
	var ue *url.Error
	return errors.As(err, &ue)
}

// readOnce is one GET of the serve's /fleet; again says it was refused
// for a run the serve no longer has, and may be sent once more.
func (r *Remote) readOnce(ctx context.Context) (_ fleetPage, answered, again bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.addr+"/fleet", nil)
	if err != nil {
		return fleetPage{}, false, false, err
	}
	var nonce string
	run := r.clock.Run()
	if r.key != nil {
		nonce = r.key.Sign(req, &r.clock)
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return fleetPage{}, false, false, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return fleetPage{}, true, false, err
	}
	if r.key != nil {
		if err := r.key.Check(nonce, resp, &r.clock); err != nil {
			return fleetPage{}, true, false, err
		}
		if Rebound(resp, run, &r.clock) {
			return fleetPage{}, true, true, fmt.Errorf("GET %s/fleet answered %s: the serve restarted", r.addr, resp.Status)
		}
		if err := CheckBody(resp.Header, body); err != nil && resp.StatusCode == http.StatusOK {
			return fleetPage{}, true, false, err
		}
	}
	page, err := r.parse(resp, body)
	return page, true, false, err
}

// parse reads the fleet page of an answer.
func (r *Remote) parse(resp *http.Response, body []byte) (fleetPage, error) {
	if resp.StatusCode != http.StatusOK {
		return fleetPage{}, fmt.Errorf("GET %s/fleet answered %s", r.addr, resp.Status)
	}
	var page fleetPage
	if err := json.Unmarshal(body, &page); err != nil {
		return fleetPage{}, fmt.Errorf("GET %s/fleet: %v", r.addr, err)
	}
	if page.ID == "" || len(page.ID) > 128 || strings.ContainsAny(page.ID, " \t\r\n") {
		return fleetPage{}, fmt.Errorf("GET %s/fleet: no ID", r.addr)
	}
	return page, nil
}

// CloseIdle closes the idle connection to the serve.
func (r *Remote) CloseIdle() { r.hc.CloseIdleConnections() }

// Live lists the serve itself, when its last read answered with the fleet
// key's proof (known by its address until its page names it), and the
// members it says are healthy, one per ID.
func (r *Remote) Live() []Member {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Member
	seen := map[string]bool{}
	if !r.down && !r.unproven {
		id := cmp.Or(r.id, r.addr)
		out, seen[id] = append(out, Member{Addr: r.addr, ID: id}), true
	}
	for _, h := range r.st {
		if h.Healthy && h.Addr != "" && h.ID != "" && !seen[h.ID] {
			seen[h.ID] = true
			out = append(out, Member{Addr: Addr(h.Addr), ID: h.ID})
		}
	}
	return out
}

// Status lists the serve itself and what it knows of each member.
func (r *Remote) Status() []Health {
	r.mu.Lock()
	defer r.mu.Unlock()
	self := Health{Addr: r.addr, ID: cmp.Or(r.id, r.addr), Healthy: !r.down && !r.unproven, Err: r.err, LastSeen: r.checked, Unproven: r.unproven}
	if self.Healthy {
		self.Err = ""
	}
	out := []Health{self}
	for _, h := range r.st {
		h.Self = false
		out = append(out, h)
	}
	return out
}
