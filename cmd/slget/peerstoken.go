// slget peers with the fleet's token: whether each peer the user named
// takes it. A peer found by mDNS is only a candidate, and is never sent a
// reusable credential.

package main

import (
	"context"
	"io"
	"net/http"
	"sync"
	"time"
)

// checkTokens asks every healthy peer of list that was given (not found by
// mDNS) for GET /fleet with token, at once, each within timeout, and
// records whether it took the token.
func checkTokens(ctx context.Context, list []peerStatus, token string, timeout time.Duration) {
	hc := &http.Client{
		Transport:     &http.Transport{Proxy: nil, DisableKeepAlives: true},
		Timeout:       timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	defer hc.CloseIdleConnections()
	var wg sync.WaitGroup
	for i := range list {
		if p := &list[i]; p.Healthy && p.Source != "mdns" {
			wg.Go(func() { p.Token = tokenTaken(ctx, hc, p.Addr, token) })
		}
	}
	wg.Wait()
}

// tokenTaken says what the peer at addr made of token: "taken" when its
// /fleet answered 200, "refused" on 401 or 403, "" otherwise (a peer of
// another version, or one that failed: its health says so).
func tokenTaken(ctx context.Context, hc *http.Client, addr, token string) string {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr+"/fleet", nil)
	if err != nil {
		return ""
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := hc.Do(req)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch resp.StatusCode {
	case http.StatusOK:
		return "taken"
	case http.StatusUnauthorized, http.StatusForbidden:
		return "refused"
	}
	return ""
}
