// The operator's page in a real browser: headless Chromium loads it, the
// DOM lists the fleet's members, and the browser logged no console
// message (a script error, a CSP refusal). Skipped without chromium,
// except in CI (.ci/run installs it).

package peer

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/fleet"
)

// chromiumPath is the browser, or the test is skipped (failed in CI).
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed (.ci/run installs it)")
	}
	t.Skip("chromium is not installed")
	return ""
}

// browse loads url in headless Chromium and returns the DOM once loaded
// and what the browser logged.
func browse(t *testing.T, url string, extra ...string) (dom, log string) {
	t.Helper()
	bin := chromiumPath(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0"}, extra...)
	args = append(args, "--dump-dom", url)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "http_proxy=", "https_proxy=", "HTTP_PROXY=", "HTTPS_PROXY=", "no_proxy=*",
		"TMPDIR="+t.TempDir()) // its org.chromium.Chromium.* folder too goes where the test cleans up
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, errb.String())
	}
	return out.String(), errb.String()
}

// consoleLine is how Chromium, with --enable-logging=stderr, logs what a
// page sends to its console, errors and CSP refusals among it:
//
//	[1:1:1202/093833.852855:INFO:CONSOLE:1] "Uncaught Error: x", source: http://… (1)
//
// (older releases wrote CONSOLE(1)).
var consoleLine = regexp.MustCompile(`:CONSOLE[:(]\d*\)?\]`)

// consoleMessages are the console lines of a Chromium log.
func consoleMessages(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if consoleLine.MatchString(l) {
			out = append(out, l)
		}
	}
	return out
}

// TestPageInChromium: the page of a server in a fleet of three loads in
// Chromium with no console message, and its DOM lists every member, the
// hostile ID as text.
func TestPageInChromium(t *testing.T) {
	f := startPageFleet(t, Config{})
	f.p.get(t, f.origin.FileURL(), "Range: bytes=0-99") // a fill and its counts
	dom, log := browse(t, f.p.url+"/")
	if msgs := consoleMessages(log); len(msgs) > 0 {
		t.Errorf("the page logged to the console:\n%s", strings.Join(msgs, "\n"))
	}
	for _, want := range []string{`id="members"`, `data-id="page-server"`, `data-id="member-one"`, f.m1.URL, f.m2.URL, f.dead, "1.2.3", "this serve",
		// The hostile ID, a text node and an attribute's value, as the
		// DOM's serializer writes them.
		`<td class="id">"&gt;&lt;script&gt;alert(1)&lt;/script&gt;</td>`, `data-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`,
		`id="hit-rate"`} {
		if !strings.Contains(dom, want) {
			t.Errorf("the DOM lacks %s", want)
		}
	}
	if n := strings.Count(dom, `<tr class="member"`); n != 4 {
		t.Errorf("the DOM has %d member rows, want 4", n)
	}
	if strings.Contains(dom, "<script") {
		t.Error("the DOM has a script element: the hostile ID was taken as markup")
	}
	if t.Failed() {
		t.Logf("DOM:\n%s", dom)
	}
}

// TestChromiumConsoleCaught: the check above sees a page's script error,
// and sees the page's CSP refuse a script: on pages made to fail.
func TestChromiumConsoleCaught(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/error":
			io.WriteString(w, `<!DOCTYPE html><p>x</p><script>undefinedFunction()</script>`)
		case "/csp":
			w.Header().Set("Content-Security-Policy", pageCSP)
			io.WriteString(w, `<!DOCTYPE html><p>x</p><script>document.title = "ran"</script>`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	_, log := browse(t, srv.URL+"/error")
	if msgs := consoleMessages(log); len(msgs) != 1 || !strings.Contains(msgs[0], "undefinedFunction") {
		t.Errorf("a page with a script error: console %q", msgs)
	}
	dom, log := browse(t, srv.URL+"/csp")
	if msgs := consoleMessages(log); len(msgs) != 1 || !strings.Contains(msgs[0], "Content Security Policy") || strings.Contains(dom, "<title>ran") {
		t.Errorf("an inline script under the page's CSP: console %q", msgs)
	}
}

// TestPageScreenshot saves a screenshot of the page of a server in a
// small fleet at work to the file SLGET_PAGE_SCREENSHOT names (skipped
// without it): two servers in one fleet that fill from each other, a
// member that answers /healthz only, one that is down, and a slow fill
// under way.
func TestPageScreenshot(t *testing.T) {
	out := os.Getenv("SLGET_PAGE_SCREENSHOT")
	if out == "" {
		t.Skip("SLGET_PAGE_SCREENSHOT=FILE.png saves a screenshot of the page")
	}
	origin := fetchtest.NewServer(t, fetchtest.WithSize(48<<20+5), fetchtest.WithPath("/releases/image-2026.12.iso"))
	slow := fetchtest.NewServer(t, fetchtest.WithSize(64<<20), fetchtest.WithRateLimit(1<<20), fetchtest.WithPath("/pool/big.tar"))
	allow := []string{allowOrigin(origin.URL), allowOrigin(slow.URL)}
	a := startPeer(t, Config{Allow: allow, ID: "rack1-a", ClientRate: -1}, nil)
	b := startPeer(t, Config{Allow: allow, ID: "rack1-b", ClientRate: -1}, nil)
	m1 := fakeMember(t, "127.0.0.2", "rack2-c", "0.1.0")
	dead := "http://127.0.0.1:1"
	ma := fleet.NewMembers([]string{a.url, b.url, m1.URL, dead}, fleet.Options{SelfID: "rack1-a", Timeout: 5 * time.Second})
	mb := fleet.NewMembers([]string{a.url, b.url}, fleet.Options{SelfID: "rack1-b", Timeout: 5 * time.Second})
	ma.Check(context.Background())
	mb.Check(context.Background())
	a.srv.cfg.Fleet, b.srv.cfg.Fleet = ma, mb
	for _, c := range []*http.Client{clientFrom(t, a, "127.0.0.2"), a.client, clientFrom(t, a, "127.0.0.5")} {
		resp, err := c.Get(origin.FileURL())
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, slow.FileURL(), nil)
	go func() {
		if resp, err := a.client.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	for deadline := time.Now().Add(30 * time.Second); len(a.srv.fillsNow()) < 2 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	for _, target := range []string{"/", "/?format=json"} {
		start := time.Now()
		_, body := getPage(t, a, http.MethodGet, target)
		t.Logf("GET %s: %d bytes in %v", target, len(body), time.Since(start).Round(time.Microsecond))
	}
	_, log := browse(t, a.url+"/", "--screenshot="+out, "--window-size=1200,800", "--hide-scrollbars")
	if msgs := consoleMessages(log); len(msgs) > 0 {
		t.Errorf("the page logged to the console:\n%s", strings.Join(msgs, "\n"))
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", out)
}
