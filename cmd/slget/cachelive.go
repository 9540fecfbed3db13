// slget cache ls while slget serve owns the cache: the list read from the
// running server's GET /status instead of from the store it holds locked.

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/slget/slget/localcache"
	"github.com/slget/slget/localcache/peer"
)

// errStatusToken is a /status that wants a token cache ls was not given,
// or refused the one it was.
var errStatusToken = errors.New("wants its token")

// liveStatus reads GET /status of the slget serve at addr (as
// localcache.WriteOwner published it: http://HOST:PORT), with token when
// one is given. No proxy from the environment is used: the server is on
// this machine.
func liveStatus(ctx context.Context, addr, token string) (peer.Status, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr+"/status", nil)
	if err != nil {
		return peer.Status{}, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	hc := &http.Client{Transport: &http.Transport{Proxy: nil}}
	defer hc.CloseIdleConnections()
	resp, err := hc.Do(req)
	if err != nil {
		return peer.Status{}, err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusUnauthorized:
		return peer.Status{}, errStatusToken
	case resp.StatusCode != http.StatusOK:
		return peer.Status{}, fmt.Errorf("GET /status answered %s", resp.Status)
	}
	var st peer.Status
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<30)).Decode(&st); err != nil {
		return peer.Status{}, fmt.Errorf("GET /status: %v", err)
	}
	return st, nil
}

// cacheListLive lists the cache in dir from the slget serve at addr that
// owns it, as cacheList lists it offline, and says where the list came
// from.
func cacheListLive(ctx context.Context, con *console, dir, addr, token string, asJSON bool) error {
	st, err := liveStatus(ctx, addr, token)
	switch {
	case errors.Is(err, errStatusToken):
		return withCode(exitAuth, fmt.Errorf("the cache %s is in use by slget serve at %s, whose /status %v: give it with --peer-token, --peer-token-file or %s", dir, addr, err, envPeerToken))
	case err != nil:
		return withCode(exitNetwork, fmt.Errorf("the cache %s is in use by slget serve at %s, whose /status could not be read (%v): stop it to list the cache itself", dir, addr, err))
	}
	entries := make([]localcache.Entry, 0, len(st.Versions))
	for _, v := range st.Versions {
		entries = append(entries, localcache.Entry{URL: v.URL, Validator: v.Validator, Slices: v.Slices, Bytes: v.Bytes,
			StoredBytes: v.StoredBytes, LastAccess: v.LastAccess})
	}
	printEntries(con, entries, st.Store.SliceSize, asJSON)
	note := fmt.Sprintf("listed by the running slget serve at %s (URLs with their secrets masked)\n", addr)
	if asJSON {
		con.print(note) // stdout holds JSON lines only
	} else {
		io.WriteString(con.stdout, note)
	}
	return nil
}
