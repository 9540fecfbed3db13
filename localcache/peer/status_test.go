// Tests of GET /status: the token, the store's totals, the versions held,
// the fills in flight with their URLs redacted, the peers' health.

package peer

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func getStatus(t *testing.T, p *peer, headers ...string) (int, Status) {
	t.Helper()
	resp, body := raw(t, p.addr, "GET /status HTTP/1.1", append([]string{"Host: " + p.addr}, headers...)...)
	var st Status
	if resp.StatusCode == http.StatusOK {
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("/status: Content-Type %q", ct)
		}
		if err := json.Unmarshal(body, &st); err != nil {
			t.Fatalf("/status: %v in %q", err, body)
		}
	}
	return resp.StatusCode, st
}

func TestStatus(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(3*mib), fetchtest.WithRateLimit(1<<20))
	seen := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, Token: "s3cret",
		Peers: func() []PeerHealth {
			return []PeerHealth{{Addr: "10.0.0.6:7878", Healthy: true, LastSeen: seen}, {Addr: "10.0.0.7:7878", Err: "connection refused"}}
		}}, nil)
	if code, _ := getStatus(t, p); code != http.StatusUnauthorized {
		t.Fatalf("/status without the token: %d, want 401", code)
	}
	if code, _ := getStatus(t, p, "Authorization: Bearer wrong"); code != http.StatusUnauthorized {
		t.Fatalf("/status with a wrong token: %d, want 401", code)
	}

	// A fill in flight: two slices from an origin at 1 MiB/s.
	url := origin.FileURL() + "?token=hidden"
	var wg sync.WaitGroup
	wg.Go(func() {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Range", "bytes=0-2097151")
		req.Header.Set("Proxy-Authorization", "Bearer s3cret")
		resp, err := p.client.Do(req)
		if err != nil {
			t.Error(err)
			return
		}
		defer resp.Body.Close()
		var b strings.Builder
		_, err = io.Copy(&b, resp.Body)
		if err != nil || b.Len() != 2*mib {
			t.Errorf("the answer: %d bytes, %v", b.Len(), err)
		}
	})
	var st Status
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		var code int
		code, st = getStatus(t, p, "Authorization: Bearer s3cret")
		if code != http.StatusOK {
			t.Fatalf("/status with the token: %d", code)
		}
		if len(st.Fills) > 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(st.Fills) != 1 || st.Fills[0].Range != "bytes=0-2097151" || st.Fills[0].Slices != 2 || st.Fills[0].Since.IsZero() ||
		strings.Contains(st.Fills[0].URL, "hidden") || !strings.Contains(st.Fills[0].URL, "/file") {
		t.Errorf("fills in flight: %+v", st.Fills)
	}
	wg.Wait()

	_, st = getStatus(t, p, "Authorization: Bearer s3cret")
	if st.Version == "" || st.Listen != p.addr || st.Started.IsZero() || len(st.Fills) != 0 {
		t.Errorf("version %q, listen %q (want %s), started %v, fills %+v", st.Version, st.Listen, p.addr, st.Started, st.Fills)
	}
	if s := st.Store; s.Slices != 2 || s.StoredBytes != 2*mib || s.SliceSize != mib || s.Dir != p.store.Dir() {
		t.Errorf("store: %+v", s)
	}
	if len(st.Versions) != 1 {
		t.Fatalf("versions: %+v", st.Versions)
	}
	v := st.Versions[0]
	if v.ETag != origin.ETag() || v.Size != 3*mib || v.Slices != 2 || v.Bytes != 2*mib || strings.Contains(v.URL, "hidden") || v.LastAccess.IsZero() {
		t.Errorf("version: %+v (ETag want %s)", v, origin.ETag())
	}
	want := []PeerStatus{{Addr: "10.0.0.6:7878", Healthy: true, LastSeen: seen}, {Addr: "10.0.0.7:7878", Err: "connection refused"}}
	if len(st.Peers) != 2 || st.Peers[0] != want[0] || st.Peers[1] != want[1] {
		t.Errorf("peers: %+v, want %+v", st.Peers, want)
	}
}

// Without Config.Peers, and without a token, the list of peers is empty,
// not null.
func TestStatusNoPeers(t *testing.T) {
	p := startPeer(t, Config{Allow: []string{"example.com"}, ClientRate: -1}, nil)
	resp, body := raw(t, p.addr, "GET /status HTTP/1.1", "Host: "+p.addr)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"peers": []`) || !strings.Contains(string(body), `"versions": []`) {
		t.Errorf("/status: %d %s", resp.StatusCode, body)
	}
}
