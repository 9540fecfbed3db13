// Tests of the operator's page, GET /: the fleet's members with their
// health, version and shares, what the server counted of each, HTML and
// JSON by content negotiation, HEAD, the token, escaping and the CSP.

package peer

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/fleet"
)

// hostileID is a member ID as a host on the network may send it: the
// page must show it as text.
const hostileID = `"><script>alert(1)</script>`

// fakeMember is an HTTP server on ip (a loopback address: 127.0.0.2 and
// up are other hosts to the page) that answers /healthz as a serve with
// id and version would, and nothing else (404).
func fakeMember(t testing.TB, ip, id, version string) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Skipf("cannot listen on %s (a loopback address besides 127.0.0.1): %v", ip, err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" || r.URL.IsAbs() {
			http.NotFound(w, r)
			return
		}
		w.Header().Set(fleet.HeaderID, id)
		io.WriteString(w, "ok slget/"+version+"\n")
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// clientFrom is a client that uses the peer as its proxy from the local
// address ip.
func clientFrom(t testing.TB, p *peer, ip string) *http.Client {
	pu, _ := url.Parse(p.url)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	tr := &http.Transport{Proxy: http.ProxyURL(pu), DialContext: d.DialContext, DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: time.Minute}
}

// pageFleet is a server in a fleet of two members that answer /healthz
// (at 127.0.0.2 and 127.0.0.3, the second with a hostile ID) and one
// address where nothing listens; the server itself is not in the list.
type pageFleet struct {
	p      *peer
	origin *fetchtest.Server
	m1, m2 *httptest.Server
	dead   string
}

func startPageFleet(t testing.TB, cfg Config) *pageFleet {
	t.Helper()
	f := &pageFleet{origin: fetchtest.NewServer(t, fetchtest.WithSize(5<<20+7))}
	f.m1 = fakeMember(t, "127.0.0.2", "member-one", "1.2.3")
	f.m2 = fakeMember(t, "127.0.0.3", hostileID, "0.9.0")
	f.dead = "http://127.0.0.1:1"
	members := fleet.NewMembers([]string{f.m1.URL, f.m2.URL, f.dead}, fleet.Options{SelfID: "page-server", Timeout: 5 * time.Second})
	members.Check(context.Background())
	cfg.Allow, cfg.ID, cfg.Fleet, cfg.ClientRate = []string{allowOrigin(f.origin.URL)}, "page-server", members, -1
	f.p = startPeer(t, cfg, nil)
	return f
}

// getPage asks the peer for target (a path) with the headers given as
// "Name: value".
func getPage(t testing.TB, p *peer, method, target string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, p.url+target, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

func pageJSON(t testing.TB, p *peer, headers ...string) Page {
	t.Helper()
	resp, body := getPage(t, p, http.MethodGet, "/?format=json", headers...)
	var pg Page
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET /?format=json: %s %s: %s", resp.Status, resp.Header.Get("Content-Type"), body)
	}
	if err := json.Unmarshal(body, &pg); err != nil {
		t.Fatalf("GET /?format=json: %v: %s", err, body)
	}
	return pg
}

func memberOf(t testing.TB, pg Page, id string) MemberPage {
	t.Helper()
	for _, m := range pg.Members {
		if m.ID == id {
			return m
		}
	}
	t.Fatalf("no member %q on the page: %+v", id, pg.Members)
	return MemberPage{}
}

// TestPageListsTheFleet: the page, in JSON, lists every member with its
// address (the server's own: where it listens), health, version and the
// share of runs it is expected to own; and what the server counted: the
// runs it filled through each owner, and what each member's host asked.
func TestPageListsTheFleet(t *testing.T) {
	f := startPageFleet(t, Config{})
	// One whole download from 127.0.0.2 (member-one's host), one range
	// from 127.0.0.4 (no member's), one from loopback's 127.0.0.1.
	size := f.origin.Content().Size
	resp, err := clientFrom(t, f.p, "127.0.0.2").Get(f.origin.FileURL())
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if shaHex(body) != f.origin.Content().SHA256() {
		t.Fatalf("the download: %s, wrong bytes", resp.Status)
	}
	req, _ := http.NewRequest(http.MethodGet, f.origin.FileURL(), nil)
	req.Header.Set("Range", "bytes=0-99")
	if resp, err = clientFrom(t, f.p, "127.0.0.4").Do(req); err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	f.p.get(t, f.origin.FileURL(), "Range: bytes=10-19")

	pg := pageJSON(t, f.p)
	if pg.ID != "page-server" || pg.Listen != f.p.addr || len(pg.Members) != 4 {
		t.Fatalf("page: id %q, listen %q, %d members; want page-server, %s, 4", pg.ID, pg.Listen, len(pg.Members), f.p.addr)
	}
	self, one, two := memberOf(t, pg, "page-server"), memberOf(t, pg, "member-one"), memberOf(t, pg, hostileID)
	var dead MemberPage // known by its address alone: it never answered
	for _, m := range pg.Members {
		if m.Addr == f.dead {
			dead = m
		}
	}
	if !self.Self || self.Addr != f.p.url || !self.Live || self.Version == "" {
		t.Errorf("the server's own entry: %+v, want self, at %s, live, with a version", self, f.p.url)
	}
	if one.Addr != f.m1.URL || !one.Healthy || !one.Live || one.Version != "1.2.3" || one.LastSeen.IsZero() {
		t.Errorf("member-one: %+v, want healthy and live at %s, version 1.2.3, seen", one, f.m1.URL)
	}
	if two.Version != "0.9.0" || !two.Live {
		t.Errorf("the member with the hostile ID: %+v", two)
	}
	if dead.Addr != f.dead || dead.Healthy || dead.Live || dead.Err == "" || dead.ExpectedShare != 0 || dead.Asked.Requests != 0 {
		t.Errorf("the dead member: %+v, want down, not live, with its error, owning nothing", dead)
	}
	for _, m := range []MemberPage{self, one, two} {
		if m.ExpectedShare < 0.333 || m.ExpectedShare > 0.334 {
			t.Errorf("%s: expected share %v, want 1/3", m.ID, m.ExpectedShare)
		}
	}
	slices := (size + mib - 1) / mib
	runs := (slices + fleet.RunSlices - 1) / fleet.RunSlices
	if pg.RankedRuns != runs {
		t.Errorf("ranked %d runs, want the file's %d", pg.RankedRuns, runs)
	}
	if sum := self.CachedShare + one.CachedShare + two.CachedShare; sum < 0.999 || sum > 1.001 {
		t.Errorf("cached shares add up to %v, want 1", sum)
	}

	// The fake members serve nothing: each run one of them owns was asked
	// of it, failed, was asked of the next owner without it (the other
	// fake, which failed too, or this server), and came from the origin,
	// as all the others.
	owned := map[string]int64{}
	file := fleet.File{URL: f.origin.FileURL(), ETag: resp.Header.Get("ETag"), Size: size, Slice: mib}
	for run := range runs {
		ids := []string{"page-server", "member-one", hostileID}
		for {
			o := fleet.Own(file, ids).Owner(run)
			if o == "page-server" {
				break
			}
			owned[o]++
			var rest []string
			for _, id := range ids {
				if id != o {
					rest = append(rest, id)
				}
			}
			ids = rest
		}
	}
	if self.FilledRuns != runs || self.ReceivedBytes != size || self.FilledFailures != 0 {
		t.Errorf("filled from the origin: %d runs, %d bytes, %d failed; want %d, %d, 0", self.FilledRuns, self.ReceivedBytes, self.FilledFailures, runs, size)
	}
	for _, m := range []MemberPage{one, two} {
		if m.FilledRuns != owned[m.ID] || m.FilledFailures != m.FilledRuns || m.ReceivedBytes != 0 {
			t.Errorf("filled through %s: %+v; want the %d runs it owns asked, all failed, no byte", m.ID, m, owned[m.ID])
		}
	}
	if got := self.FilledShare + one.FilledShare + two.FilledShare; got < 0.999 || got > 1.001 {
		t.Errorf("filled shares add up to %v", got)
	}

	if one.Asked.Requests != 1 || one.Asked.Bytes != size {
		t.Errorf("member-one's host asked %+v, want 1 request, %d bytes", one.Asked, size)
	}
	if self.Asked.Requests != 1 || self.Asked.Bytes != 10 {
		t.Errorf("this host asked %+v, want 1 request, 10 bytes", self.Asked)
	}
	if pg.Others.Requests != 1 || pg.Others.Bytes != 100 {
		t.Errorf("others asked %+v, want 1 request, 100 bytes", pg.Others)
	}
	if two.Asked.Requests != 0 {
		t.Errorf("a member that asked nothing: %+v", two.Asked)
	}

	// The download missed every slice; the two ranges hit slice 0.
	if s := pg.Slices; s.Misses != slices || s.Hits != 2 || s.Waits != 0 || s.HitRate != 2/float64(slices+2) {
		t.Errorf("slices %+v, want %d misses, 2 hits", s, slices)
	}
	if pg.Bytes.Sent != size+110 || pg.Bytes.FromOrigin != size || pg.Store.Slices != slices || pg.Versions != 1 {
		t.Errorf("bytes %+v, store %+v, %d versions", pg.Bytes, pg.Store, pg.Versions)
	}
}

// TestPageCountsOwners: two real servers in one fleet; the page of the one
// asked counts the runs and bytes it filled through the other, which is
// what its fleet bytes say, and the other counts the relays.
func TestPageCountsOwners(t *testing.T) {
	const size = 16<<20 + 9
	// Runs are owned by their key, which holds the origin's port: all five
	// fall to a one time in 32, and then a fills none through b. Take an
	// origin whose file b owns a run of.
	var origin *fetchtest.Server
	var ownedByB int64
	for ownedByB == 0 {
		origin = fetchtest.NewServer(t, fetchtest.WithSize(size))
		for run := range int64(5) {
			if fleet.Own(fleet.File{URL: origin.FileURL(), ETag: origin.ETag(), Size: size, Slice: mib}, []string{"aaaaaaaaaaaa", "bbbbbbbbbbbb"}).Owner(run) == "bbbbbbbbbbbb" {
				ownedByB++
			}
		}
	}
	allow := []string{allowOrigin(origin.URL)}
	a := startPeer(t, Config{Allow: allow, ID: "aaaaaaaaaaaa"}, nil)
	b := startPeer(t, Config{Allow: allow, ID: "bbbbbbbbbbbb"}, nil)
	members := func(self string) *fleet.Members {
		m := fleet.NewMembers([]string{a.url, b.url}, fleet.Options{SelfID: self, Timeout: 10 * time.Second})
		m.Check(context.Background())
		return m
	}
	a.srv.cfg.Fleet, b.srv.cfg.Fleet = members("aaaaaaaaaaaa"), members("bbbbbbbbbbbb")
	if resp, body := a.get(t, origin.FileURL()); shaHex(body) != origin.Content().SHA256() {
		t.Fatalf("%s, wrong bytes", resp.Status)
	}
	pa, pb := pageJSON(t, a), pageJSON(t, b)
	aSelf, aB := memberOf(t, pa, "aaaaaaaaaaaa"), memberOf(t, pa, "bbbbbbbbbbbb")
	if aB.FilledRuns != ownedByB || aB.FilledFailures != 0 || float64(aB.ReceivedBytes) != counterValue(t, a, "slget_serve_fleet_bytes_total") {
		t.Errorf("a's page, b: %+v; fleet bytes %v", aB, counterValue(t, a, "slget_serve_fleet_bytes_total"))
	}
	if aSelf.ReceivedBytes+aB.ReceivedBytes != size || aSelf.FilledRuns+aB.FilledRuns != 5 {
		t.Errorf("a's page: %d+%d bytes in %d+%d runs, want %d bytes, 5 runs", aSelf.ReceivedBytes, aB.ReceivedBytes, aSelf.FilledRuns, aB.FilledRuns, size)
	}
	if bSelf := memberOf(t, pb, "bbbbbbbbbbbb"); bSelf.FilledRuns != aB.FilledRuns || bSelf.ReceivedBytes != aB.ReceivedBytes {
		t.Errorf("b's page: it filled %d runs, %d bytes; a asked it for %d runs, %d bytes", bSelf.FilledRuns, bSelf.ReceivedBytes, aB.FilledRuns, aB.ReceivedBytes)
	}
	// a and b share loopback: b counts a's relays as its own host's.
	if bSelf := memberOf(t, pb, "bbbbbbbbbbbb"); bSelf.Asked.Relayed != aB.FilledRuns || bSelf.Asked.Bytes != aB.ReceivedBytes {
		t.Errorf("b's page: asked %+v; want %d relays, %d bytes", bSelf.Asked, aB.FilledRuns, aB.ReceivedBytes)
	}
}

// TestPageHTML: GET / is HTML for a browser, JSON for Accept:
// application/json or ?format=json; HEAD has the headers and no body;
// what came from the network is escaped; the CSP lets in the page's own
// style and nothing else.
func TestPageHTML(t *testing.T) {
	f := startPageFleet(t, Config{})
	resp, body := getPage(t, f.p, http.MethodGet, "/", "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	html := string(body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" || !strings.HasPrefix(html, "<!DOCTYPE html>") {
		t.Fatalf("GET /: %s %s: %.200s", resp.Status, resp.Header.Get("Content-Type"), html)
	}
	if strings.Contains(html, hostileID) || strings.Contains(html, "<script") {
		t.Error("the page has the hostile ID as markup")
	}
	if !strings.Contains(html, template.HTMLEscapeString(hostileID)) {
		t.Error("the page does not show the hostile ID as text")
	}
	for _, want := range []string{"member-one", f.m1.URL, "1.2.3", f.dead, "page-server", f.p.url, "this serve", "33.3%"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	csp := resp.Header.Get("Content-Security-Policy")
	_, style, _ := strings.Cut(html, "<style>")
	style, _, _ = strings.Cut(style, "</style>")
	sum := sha256.Sum256([]byte(style))
	if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") ||
		strings.Contains(csp, "unsafe") || strings.Contains(csp, "script-src") {
		t.Errorf("CSP %q does not allow the page's style alone", csp)
	}
	for _, h := range []string{"X-Content-Type-Options", "Cache-Control", "Vary", "X-Frame-Options"} {
		if resp.Header.Get(h) == "" {
			t.Errorf("no %s", h)
		}
	}

	for _, c := range []struct {
		target, accept string
		json           bool
	}{
		{"/", "application/json", true},
		{"/", "application/json, */*", true},
		{"/", "*/*", false},
		{"/", "", false},
		{"/", "text/html, application/json", false},
		{"/", "text/html;q=0.5, application/json", true},
		{"/?format=json", "text/html", true},
		{"/?format=html", "application/json", false},
	} {
		var hdr []string
		if c.accept != "" {
			hdr = append(hdr, "Accept: "+c.accept)
		}
		resp, body := getPage(t, f.p, http.MethodGet, c.target, hdr...)
		isJSON := resp.Header.Get("Content-Type") == "application/json" && json.Valid(body)
		if resp.StatusCode != http.StatusOK || isJSON != c.json {
			t.Errorf("GET %s, Accept %q: %s %s, want JSON %v", c.target, c.accept, resp.Status, resp.Header.Get("Content-Type"), c.json)
		}
	}
	if resp, _ := getPage(t, f.p, http.MethodGet, "/?format=xml"); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("?format=xml: %s, want 400", resp.Status)
	}
	resp, body = getPage(t, f.p, http.MethodHead, "/")
	if resp.StatusCode != http.StatusOK || len(body) != 0 || resp.ContentLength < 1000 || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("HEAD /: %s, Content-Length %d, %d body bytes", resp.Status, resp.ContentLength, len(body))
	}
}

// The page asks for the token as /status and /fleet do: a browser is
// offered Basic.
func TestPageNeedsTheToken(t *testing.T) {
	f := startPageFleet(t, Config{Token: "s3cret"})
	for _, target := range []string{"/", "/?format=json"} {
		resp, body := getPage(t, f.p, http.MethodGet, target)
		if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Basic") || strings.Contains(string(body), "member-one") {
			t.Errorf("GET %s without the token: %s %q", target, resp.Status, resp.Header.Get("WWW-Authenticate"))
		}
	}
	if resp, _ := getPage(t, f.p, http.MethodGet, "/", "Authorization: Bearer wrong"); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a wrong token: %s", resp.Status)
	}
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte("me:s3cret"))
	for _, auth := range []string{"Bearer s3cret", basic} {
		if resp, body := getPage(t, f.p, http.MethodGet, "/", "Authorization: "+auth); resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "member-one") {
			t.Errorf("with %q: %s", strings.Fields(auth)[0], resp.Status)
		}
	}
}

// /fleet gives the server's own entry the address it listens on when the
// fleet's list does not name it.
func TestFleetNamesItsOwnAddress(t *testing.T) {
	f := startPageFleet(t, Config{})
	resp, body := getPage(t, f.p, http.MethodGet, "/fleet")
	var st fleetState
	if err := json.Unmarshal(body, &st); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("/fleet: %s %v", resp.Status, err)
	}
	for _, m := range st.Members {
		if m.Self && m.Addr != f.p.url {
			t.Errorf("/fleet's own entry: %+v, want the address %s", m, f.p.url)
		}
		if m.Addr == "" {
			t.Errorf("/fleet: an entry with no address: %+v", m)
		}
	}
}
