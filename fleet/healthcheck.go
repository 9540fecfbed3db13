// Health checks: every known peer's GET /healthz asked at once, its
// answer read (the serve's ID, version, instance, gossip and clock), and
// the checks run on a timer or on demand; members.go holds the list they
// update and what its users read of it.

package fleet

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/slget/slget/internal/every"
)

// Check asks every known peer's /healthz once, at the same time, and
// returns when all have answered or timed out (or ctx is done).
func (m *Members) Check(ctx context.Context) {
	addrs := m.Addrs()
	var wg sync.WaitGroup
	for _, a := range addrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, ver, instance, gossip, err := m.check(ctx, a)
			m.mu.Lock()
			defer m.mu.Unlock()
			h := m.state[a]
			if h == nil {
				h = &health{}
				m.state[a] = h
			}
			if err != nil {
				if ctx.Err() != nil {
					return // not the peer's fault
				}
				// One check that misses its time on a busy host is not a
				// peer gone: two in a row are (a peer that refuses the
				// connection is gone at once).
				h.fails++
				h.err = err.Error()
				h.unproven = errors.Is(err, ErrUnproven)
				if h.fails >= 2 || refused(err) || h.lastSeen.IsZero() || errors.Is(err, ErrUnproven) {
					h.healthy = false
				}
				return
			}
			h.id, h.version, h.instance, h.healthy, h.err, h.lastSeen, h.fails, h.unproven = id, ver, instance, true, "", time.Now(), 0, false
			h.gossip = gossip
		}()
	}
	wg.Wait()
	m.mu.Lock()
	for a := range m.state { // forget peers no longer known
		if !slices.Contains(addrs, a) {
			delete(m.state, a)
			delete(m.clocks, a)
		}
	}
	m.claimLocked(addrs)
	m.mu.Unlock()
}

// claimLocked finds the IDs that two serves claim: healthy addresses that
// answer one ID from two instances. Each new one is logged.
func (m *Members) claimLocked(addrs []string) {
	first := map[string]string{} // ID -> the first address that answered it
	claimed := map[string]string{}
	for _, a := range addrs {
		h := m.state[a]
		if h == nil || !h.healthy || h.id == a {
			continue
		}
		f, ok := first[h.id]
		switch {
		case !ok:
			first[h.id] = a
		case m.state[f].instance != h.instance && claimed[h.id] == "":
			claimed[h.id] = fmt.Sprintf("two members claim ID %s: %s and %s", h.id, f, a)
		}
	}
	for id, c := range claimed {
		if m.claimed[id] != c {
			m.o.Logger.Error(c+": both are set aside (no runs go to either) until one of them goes", "id", id)
		}
	}
	m.claimed = claimed
}

// check asks one peer's /healthz and returns its ID, the version it says,
// its instance and whether it names a gossip port.
func (m *Members) check(ctx context.Context, addr string) (id, version, instance string, gossip bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, m.o.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(addr, "/")+"/healthz", nil)
	if err != nil {
		return "", "", "", false, err
	}
	if p := m.portHeader(); p != "" {
		req.Header.Set(HeaderPort, p)
	}
	var nonce string
	clock := m.clock(addr)
	key := m.o.Key
	if k, ok := m.o.Keys[addr]; ok {
		key = k
	}
	if key != nil {
		nonce = key.Sign(req, clock)
	}
	resp, err := m.hc.Do(req)
	if err != nil {
		return "", "", "", false, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	if key != nil {
		if err := key.Check(nonce, resp, clock); err != nil {
			if c := resp.StatusCode; c == http.StatusUnauthorized || c == http.StatusProxyAuthRequired {
				return "", "", "", false, fmt.Errorf("%w: it refused our signed check (%s), so it has another fleet token, or none", ErrUnproven, resp.Status)
			}
			return "", "", "", false, ErrUnproven
		}
	}
	if c := resp.StatusCode; key != nil && (c == http.StatusUnauthorized || c == http.StatusProxyAuthRequired) {
		// A member that refuses a proven check: its clock is too far
		// from ours, and now we know its clock for the next check.
		return "", "", "", false, fmt.Errorf("refused a signed check (%s): its clock is too far from this host's", resp.Status)
	}
	if resp.StatusCode != http.StatusOK {
		// It answers HTTP, so it is up; but it is no serve of a fleet
		// (or one of another kind): it is known by its address.
		return addr, "", "", false, nil
	}
	id = strings.TrimSpace(resp.Header.Get(HeaderID))
	if id == "" || len(id) > 128 {
		id = addr
	}
	return id, HealthzVersion(string(body)), resp.Header.Get(HeaderInstance), resp.Header.Get(HeaderGossip) != "", nil
}

// HealthzVersion is the version a /healthz body names ("ok slget/1.2.3",
// or a word version=1.2.3), "" when it names none or one longer than 64
// bytes or with other than printable ASCII.
func HealthzVersion(body string) string {
	for _, w := range strings.Fields(body) {
		for _, pre := range []string{"slget/", "version="} {
			v, ok := strings.CutPrefix(w, pre)
			if !ok || v == "" || len(v) > 64 || strings.ContainsFunc(v, func(r rune) bool { return r < '!' || r > '~' }) {
				continue
			}
			return v
		}
	}
	return ""
}

// clock is the Clock of the peer at addr.
func (m *Members) clock(addr string) *Clock {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.clocks[addr]
	if c == nil {
		c = new(Clock)
		m.clocks[addr] = c
	}
	return c
}

// Refresh runs Check unless one ended within maxAge; callers at the same
// time share one Check.
func (m *Members) Refresh(ctx context.Context, maxAge time.Duration) {
	m.refresh.Lock()
	defer m.refresh.Unlock()
	if !m.checked.IsZero() && time.Since(m.checked) < maxAge {
		return
	}
	m.Check(ctx)
	if ctx.Err() == nil {
		m.checked = time.Now()
	}
}

// Run checks every peer every Interval until ctx is done.
func (m *Members) Run(ctx context.Context) {
	every.Now(ctx, m.o.Interval, func(time.Time) bool { m.Check(ctx); return true })
}

// refused reports whether err is a connection refused: nothing listens.
func refused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED)
}
