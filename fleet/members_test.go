// Tests of Members: health by /healthz, a peer dropped and taken back,
// a serve finding itself, tokens never kept.

package fleet

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func healthz(id string, up *atomic.Bool) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if up != nil && !up.Load() {
			c, _, _ := w.(http.Hijacker).Hijack() // as a serve gone: the connection drops
			c.Close()
			return
		}
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set(HeaderID, id)
		w.Write([]byte("ok\n"))
	}))
}

func ids(l []Member) string {
	var s []string
	for _, m := range l {
		s = append(s, m.ID)
	}
	return strings.Join(s, ",")
}

func TestMembersHealth(t *testing.T) {
	var up atomic.Bool
	up.Store(true)
	a, b := healthz("A", nil), healthz("B", &up)
	defer a.Close()
	defer b.Close()
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close() // refuses connections now
	m := NewMembers([]string{a.URL, b.URL, dead.URL, a.URL + "/"}, Options{Timeout: 2 * time.Second})
	ctx := context.Background()
	if got := ids(m.Live()); got != "" {
		t.Fatalf("live before any check: %s", got)
	}
	m.Check(ctx)
	if got := ids(m.Live()); got != "A,B" {
		t.Fatalf("live: %s, want A,B", got)
	}
	up.Store(false)
	m.Check(ctx)
	if got := ids(m.Live()); got != "A,B" {
		t.Fatalf("live after one failed check of B: %s, want A,B (one miss is not a peer gone)", got)
	}
	m.Check(ctx)
	if got := ids(m.Live()); got != "A" {
		t.Fatalf("live after B failed twice: %s, want A", got)
	}
	up.Store(true)
	m.Check(ctx)
	if got := ids(m.Live()); got != "A,B" {
		t.Fatalf("live after B came back: %s, want A,B", got)
	}
	m.Down(a.URL, "stalled")
	if got := ids(m.Live()); got != "B" {
		t.Fatalf("live after A was marked down: %s", got)
	}
	st := m.Status()
	if len(st) != 3 || st[2].Healthy || st[2].Err == "" {
		t.Fatalf("status: %+v", st)
	}
}

func TestMembersStoppedPeerTimesOut(t *testing.T) {
	release := make(chan struct{})
	stuck := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select { // as a SIGSTOPped serve: the connection is taken, nothing answers
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer stuck.Close()
	defer close(release)
	m := NewMembers([]string{stuck.URL}, Options{Timeout: 200 * time.Millisecond})
	done := make(chan struct{})
	go func() { m.Check(context.Background()); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a check of a peer that never answers did not end")
	}
	if len(m.Live()) != 0 {
		t.Fatal("a peer that never answered is live")
	}
}

func TestMembersSelf(t *testing.T) {
	me, other := healthz("ME", nil), healthz("OTHER", nil)
	defer me.Close()
	defer other.Close()
	m := NewMembers([]string{other.URL}, Options{SelfID: "ME"})
	m.Check(context.Background())
	if got := ids(m.Live()); got != "OTHER,ME" {
		t.Fatalf("a serve not in its list: live %s", got)
	}
	m = NewMembers([]string{me.URL, other.URL}, Options{SelfID: "ME"})
	m.Check(context.Background())
	l := m.Live()
	if ids(l) != "ME,OTHER" || l[0].Addr != me.URL {
		t.Fatalf("a serve in its list: %+v", l)
	}
	m.Down(me.URL, "x")
	if ids(m.Live()) != "ME,OTHER" {
		t.Fatal("a serve marked itself down")
	}
}

func TestMembersKeepNoToken(t *testing.T) {
	a := healthz("A", nil)
	defer a.Close()
	withTok := strings.Replace(a.URL, "http://", "http://slget:s3cret@", 1)
	m := NewMembers([]string{withTok}, Options{})
	m.Check(context.Background())
	for _, h := range m.Status() {
		if strings.Contains(h.Addr, "s3cret") || !h.Healthy {
			t.Fatalf("status %+v", h)
		}
	}
	m.SetFound("mdns", []string{a.URL, "http://10.0.0.9:7878"})
	if n := len(m.Addrs()); n != 2 {
		t.Fatalf("addrs %v", m.Addrs())
	}
}

func TestMembersPeerWithoutHealthzIsLive(t *testing.T) {
	other := httptest.NewServer(http.NotFoundHandler()) // answers HTTP, no /healthz
	defer other.Close()
	m := NewMembers([]string{other.URL}, Options{})
	m.Refresh(context.Background(), time.Minute)
	if l := m.Live(); len(l) != 1 || l[0].ID != other.URL {
		t.Fatalf("live %+v", l)
	}
}

// A member's version is what its /healthz says, for the serve's pages.
func TestMembersVersion(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(HeaderID, "V")
		w.Write([]byte("ok slget/1.2.3-rc1\n"))
	}))
	defer srv.Close()
	quiet := healthz("Q", nil) // says no version
	defer quiet.Close()
	m := NewMembers([]string{srv.URL, quiet.URL}, Options{Timeout: 2 * time.Second})
	m.Check(context.Background())
	st := m.Status()
	if len(st) != 2 || st[0].ID != "V" || st[0].Version != "1.2.3-rc1" || st[1].ID != "Q" || st[1].Version != "" {
		t.Fatalf("status: %+v, want V with version 1.2.3-rc1, then Q with none", st)
	}
}

func TestHealthzVersion(t *testing.T) {
	for body, want := range map[string]string{
		"ok slget/1.2.3\n":                    "1.2.3",
		"ok version=0.9 extra":                "0.9",
		"ok\n":                                "",
		"ok slget/":                           "",
		"ok slget/<script>":                   "<script>", // printable: the pages escape it
		"ok slget/" + strings.Repeat("9", 65): "",
		"ok slget/1\x7f2":                     "",
	} {
		if got := HealthzVersion(body); got != want {
			t.Errorf("HealthzVersion(%q) = %q, want %q", body, got, want)
		}
	}
}

func FuzzHealthzVersion(f *testing.F) {
	f.Add("ok slget/1.2.3\n")
	f.Add("ok version=x")
	f.Fuzz(func(t *testing.T, body string) {
		v := HealthzVersion(body)
		if len(v) > 64 || !strings.Contains(body, v) || strings.ContainsFunc(v, func(r rune) bool { return r < '!' || r > '~' }) {
			t.Fatalf("HealthzVersion(%q) = %q", body, v)
		}
	})
}

// instanceHealthz is a serve's /healthz: its ID and the instance of its
// process.
func instanceHealthz(id, instance string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(HeaderID, id)
		w.Header().Set(HeaderInstance, instance)
		w.Write([]byte("ok\n"))
	}))
}

func TestMembersTwoClaimOneID(t *testing.T) {
	x1, x1again, x2, d := instanceHealthz("X", "p1"), instanceHealthz("X", "p1"), instanceHealthz("X", "p2"), instanceHealthz("D", "p3")
	for _, s := range []*httptest.Server{x1, x1again, d} {
		defer s.Close()
	}
	ctx := context.Background()

	// One serve reached by two addresses: one member.
	m := NewMembers([]string{x1.URL, x1again.URL, d.URL}, Options{})
	m.Check(ctx)
	if got := ids(m.Live()); got != "X,D" {
		t.Fatalf("one serve at two addresses: live %s", got)
	}

	// Two serves that claim X: neither is live, both are reported.
	var logs strings.Builder
	m = NewMembers([]string{x1.URL, x2.URL, d.URL}, Options{SelfID: "D", Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	m.Check(ctx)
	if got := ids(m.Live()); got != "D" {
		t.Fatalf("two serves claim X: live %s", got)
	}
	want := "two members claim ID X: " + x1.URL + " and " + x2.URL
	for _, h := range m.Status()[:2] {
		if h.ID != "X" || h.Healthy || h.Err != want {
			t.Fatalf("status %+v, want the error %q", h, want)
		}
	}
	m.Check(ctx)
	if n := strings.Count(logs.String(), "level=ERROR msg=\""+want); n != 1 {
		t.Fatalf("logged %d times:\n%s", n, logs.String())
	}

	// The copy goes: X is back.
	x2.Close()
	m.Check(ctx)
	if got := ids(m.Live()); got != "X,D" {
		t.Fatalf("after the copy went: live %s", got)
	}

	// A copy of the serve's own ID sets the serve aside too.
	me, copier := instanceHealthz("ME", "p1"), instanceHealthz("ME", "p9")
	defer me.Close()
	defer copier.Close()
	m = NewMembers([]string{me.URL, d.URL, copier.URL}, Options{SelfID: "ME"})
	m.Check(ctx)
	if got := ids(m.Live()); got != "D" {
		t.Fatalf("a serve and a copy of its ID: live %s", got)
	}
}
