// Tests of the fleet's proofs at the serve: a request's MAC admits it as
// the token does, a wrong, stale or replayed one is refused, every answer
// to a proven request carries the serve's MAC, and its pages' bodies are
// bound to it.

package peer

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/fleet"
)

// signedGet sends GET target (an absolute origin URL for a proxy request,
// or a path) to the serve at addr, signed with key at t; it returns the
// answer, its body and the nonce.
func signedGet(t *testing.T, addr, target string, key *fleet.Key, at time.Time, header ...string) (*http.Response, []byte, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, "http://"+addr+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(target, "/") {
		req.URL.Path = target
	} else {
		req.URL.Path, req.URL.Opaque = "", target
	}
	for _, h := range header {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	req.Header.Set("Accept-Encoding", "identity")
	nonce := key.SignRequest(req.Method, req.URL.RequestURI(), req.Header, at, runOf(t, addr))
	resp, err := (&http.Client{Transport: &http.Transport{Proxy: nil}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body, nonce
}

// runOf is the run (fleet.HeaderInstance) of the serve at addr, as its
// /healthz says it.
func runOf(t *testing.T, addr string) string {
	t.Helper()
	resp, err := (&http.Client{Transport: &http.Transport{Proxy: nil}}).Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Header.Get(fleet.HeaderInstance)
}

func TestFleetMAC(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2*mib))
	const token = "fleet-mac-token"
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, Token: token, ClientRate: -1}, nil)
	key := fleet.NewKey(token)
	rng := "Range: bytes=0-1048575"

	resp, body, nonce := signedGet(t, p.addr, origin.FileURL(), key, time.Now(), rng)
	if resp.StatusCode != http.StatusPartialContent || shaHex(body) != shaHex(contentRange(t, origin.Content(), 0, mib)) {
		t.Fatalf("a signed range: %s, %d bytes; want 206 and the bytes", resp.Status, len(body))
	}
	if err := key.VerifyAnswer(nonce, resp.StatusCode, resp.Header); err != nil {
		t.Errorf("the answer to a signed range: %v", err)
	}
	if err := key.VerifyAnswer(fleet.NewNonce(), resp.StatusCode, resp.Header); err == nil {
		t.Error("the answer's MAC holds for another request's nonce")
	}

	// The same request again (a replay), one of another key, one signed
	// five minutes ago: refused, and the origin is asked nothing more.
	req, _ := http.NewRequest(http.MethodGet, "http://"+p.addr+"/", nil)
	req.URL.Path, req.URL.Opaque = "", origin.FileURL()
	req.Header.Set("Range", "bytes=0-1048575")
	req.Header.Set("Accept-Encoding", "identity")
	key.SignRequest(req.Method, req.URL.RequestURI(), req.Header, time.Now(), runOf(t, p.addr))
	hc := &http.Client{Transport: &http.Transport{Proxy: nil}}
	for i := range 2 {
		r2, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r2.Body)
		r2.Body.Close()
		if want := []int{http.StatusPartialContent, http.StatusProxyAuthRequired}[i]; r2.StatusCode != want {
			t.Errorf("sending one signed request twice: %d: %s, want %d", i, r2.Status, want)
		}
		if i == 1 && !strings.Contains(string(b), "replay") {
			t.Errorf("a replay refused as %q; want it said", b)
		}
	}
	before := len(origin.Requests())
	resp, body, _ = signedGet(t, p.addr, origin.FileURL(), fleet.NewKey("another-token"), time.Now(), "Range: bytes=1048576-2097151")
	if resp.StatusCode != http.StatusProxyAuthRequired || !strings.Contains(string(body), "another token") || resp.Header.Get(fleet.HeaderAnswerMAC) != "" {
		t.Errorf("a request of another key: %s %q (MAC %q); want 407 that says why, unsigned", resp.Status, body, resp.Header.Get(fleet.HeaderAnswerMAC))
	}
	resp, body, nonce = signedGet(t, p.addr, origin.FileURL(), key, time.Now().Add(-5*time.Minute), "Range: bytes=1048576-2097151")
	if resp.StatusCode != http.StatusProxyAuthRequired || !strings.Contains(string(body), "clock") {
		t.Errorf("a request signed 5 minutes ago: %s %q; want 407 about the clock", resp.Status, body)
	}
	if err := key.VerifyAnswer(nonce, resp.StatusCode, resp.Header); err != nil || resp.Header.Get(fleet.HeaderTime) == "" {
		t.Errorf("the refusal of a stale MAC is not signed with the serve's clock (%v): the client could not learn it", err)
	}
	if n := len(origin.Requests()); n != before {
		t.Errorf("refused requests reached the origin: %d requests", n-before)
	}
	_, metrics, _ := signedGet(t, p.addr, "/metrics", key, time.Now())
	if !strings.Contains(string(metrics), "slget_serve_refused_macs_total 3\n") {
		t.Errorf("/metrics does not count the 3 refused MACs:\n%s", metrics)
	}

	// A page: its body is bound to the MAC; /healthz says who answers.
	resp, body, nonce = signedGet(t, p.addr, "/status", key, time.Now())
	if resp.StatusCode != http.StatusOK || key.VerifyAnswer(nonce, resp.StatusCode, resp.Header) != nil || fleet.CheckBody(resp.Header, body) != nil {
		t.Errorf("GET /status signed: %s, MAC or body sum does not hold", resp.Status)
	}
	if fleet.CheckBody(resp.Header, append(body, ' ')) == nil {
		t.Error("a changed page body passes its sum")
	}
	resp, _, nonce = signedGet(t, p.addr, "/healthz", key, time.Now())
	if key.VerifyAnswer(nonce, resp.StatusCode, resp.Header) != nil || resp.Header.Get(fleet.HeaderID) != p.srv.ID() {
		t.Errorf("GET /healthz signed: %s, ID %q: want a signed answer naming %s", resp.Status, resp.Header.Get(fleet.HeaderID), p.srv.ID())
	}
	// curl and aria2c still use the token itself.
	resp, _ = raw(t, p.addr, "GET "+origin.FileURL()+" HTTP/1.1", "Range: bytes=0-9", "Proxy-Authorization: Bearer "+token)
	if resp.StatusCode != http.StatusPartialContent || resp.Header.Get(fleet.HeaderAnswerMAC) != "" {
		t.Errorf("a Bearer token: %s, MAC %q; want 206, unsigned", resp.Status, resp.Header.Get(fleet.HeaderAnswerMAC))
	}
}

// Members with the fleet key count as live only the peers whose signed
// health checks come back with the key's MAC: not a host that answers
// /healthz as a serve does without holding the key.
func TestMembersNeedTheKey(t *testing.T) {
	const token = "members-key"
	real := startPeer(t, Config{Token: token, ClientRate: -1}, nil)
	other := startPeer(t, Config{Token: "another", ClientRate: -1}, nil)
	forged := startPeer(t, Config{ClientRate: -1}, nil) // no token: answers unsigned
	m := fleet.NewMembers([]string{real.url, other.url, forged.url}, fleet.Options{Key: fleet.NewKey(token)})
	m.Check(t.Context())
	live := m.Live()
	if len(live) != 1 || live[0].Addr != real.url || live[0].ID != real.srv.ID() {
		t.Errorf("live %+v, want only %s", live, real.url)
	}
	for _, h := range m.Status() {
		if h.Addr != real.url && (!h.Unproven || h.Healthy) {
			t.Errorf("%s: %+v, want unproven and not healthy", h.Addr, h)
		}
	}
}

// A client's view of its serve's fleet (fleet.Remote) takes nothing from
// a serve that does not prove the fleet key: not even the serve itself.
func TestRemoteNeedsTheKey(t *testing.T) {
	p := startPeer(t, Config{Token: "remote-key", ClientRate: -1}, nil)
	good := fleet.NewRemote(p.url, fleet.NewKey("remote-key"))
	good.Refresh(t.Context(), 0)
	if live := good.Live(); len(live) != 1 || live[0].ID != p.srv.ID() {
		t.Errorf("with the key: live %+v, want the serve by its ID", live)
	}
	bad := fleet.NewRemote(p.url, fleet.NewKey("another"))
	bad.Refresh(t.Context(), 0)
	if live, st := bad.Live(), bad.Status(); len(live) != 0 || !st[0].Unproven {
		t.Errorf("with another key: live %+v, status %+v; want nothing live, the serve unproven", live, st)
	}
	good.CloseIdle()
	bad.CloseIdle()
}

// A request signed for one serve's run is refused by another serve of the
// same fleet, with a signed 407 that names the other's run, and the origin
// sees nothing of it; the serve it was made for takes it.
func TestFleetMACIsBoundToItsServe(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2*mib))
	const token = "fleet-run-token"
	cfg := Config{Allow: []string{allowOrigin(origin.URL)}, Token: token, ClientRate: -1}
	a, b := startPeer(t, cfg, nil), startPeer(t, cfg, nil)
	key := fleet.NewKey(token)
	runA, runB := runOf(t, a.addr), runOf(t, b.addr)
	if runA == "" || runA == runB {
		t.Fatalf("the runs %q and %q: want two, each named", runA, runB)
	}
	hc := &http.Client{Transport: &http.Transport{Proxy: nil}}
	send := func(addr string) (*http.Response, string) {
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/", nil)
		req.URL.Path, req.URL.Opaque = "", origin.FileURL()
		req.Header.Set("Range", "bytes=0-1048575")
		req.Header.Set("Accept-Encoding", "identity")
		nonce := key.SignRequest(req.Method, req.URL.RequestURI(), req.Header, time.Now(), runA)
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp, nonce
	}
	resp, nonce := send(b.addr)
	if resp.StatusCode != http.StatusProxyAuthRequired {
		t.Errorf("a request signed for serve A, sent to serve B: %s, want 407", resp.Status)
	}
	if key.VerifyAnswer(nonce, resp.StatusCode, resp.Header) != nil || resp.Header.Get(fleet.HeaderInstance) != runB {
		t.Errorf("the refusal is not signed, or does not name B's run (%q): a client could not sign for it", resp.Header.Get(fleet.HeaderInstance))
	}
	if n := len(origin.Requests()); n != 0 {
		t.Errorf("the refused request reached the origin: %d requests", n)
	}
	if resp, _ := send(a.addr); resp.StatusCode != http.StatusPartialContent {
		t.Errorf("a request signed for serve A, sent to A: %s, want 206", resp.Status)
	}
}
