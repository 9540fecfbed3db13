// webui-aria2, a real front end, in a real browser: its built page
// (testdata/webui-aria2) opened from a file in headless Chromium, against
// the daemon with a secret. The page is of no origin the daemon knows
// (a file:// page says "null"): the token is its proof.

package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// webuiDownload is what the page shows of one download.
type webuiDownload struct {
	GID      string `json:"gid"`
	Name     string `json:"name"`
	Complete bool   `json:"complete"`
}

// webuiDownloads reads the downloads webui-aria2 lists, from its DOM:
// each is a .download with its GID; ng-switch leaves only the block of its
// status, and the "complete" one says it is complete.
const webuiDownloads = `[...document.querySelectorAll('.download[data-gid]')].map(d => ({
	gid: d.dataset.gid,
	name: (d.querySelector('.download-name') || {}).innerText || '',
	complete: !!d.querySelector('[ng-switch-when="complete"]'),
}))`

func TestWebUIAria2InChromium(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	requireTool(t, "chromium")
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20+123))
	root := t.TempDir()
	const secret = "webui-s3cret"
	d := startDaemon(t, secret, "-d", root)
	host, port, _ := strings.Cut(d.addr, ":")
	index, err := filepath.Abs(filepath.Join("testdata", "webui-aria2", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	// webui-aria2 takes its connection from the page's query.
	page := (&url.URL{Scheme: "file", Path: index, RawQuery: url.Values{"host": {host}, "port": {port}, "token": {secret}}.Encode()}).String()
	b := startChromium(t, ctx, page)

	// poll runs script until it is true.
	poll := func(what, script string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			var ok bool
			err := b.eval(ctx, script, &ok)
			if err == nil && ok {
				return
			}
			if time.Now().After(deadline) {
				var state string
				_ = b.eval(ctx, `document.title + ' | ' + document.body.innerText.slice(0, 400)`, &state)
				t.Fatalf("the page never showed %s (last: %v); the page: %s", what, err, state)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	// The page is up and has asked the daemon (its title counts the
	// downloads it was told of).
	poll("its title from the daemon", `document.title.startsWith('active: 0')`)

	// Add a download as a user does: Add > By URIs, the URL, Start.
	poll("the add menu", `(() => { const a = document.querySelector('[ng-click="addUris()"]'); if (!a) return false; a.click(); return true })()`)
	poll("the URI box", `!!document.querySelector('textarea[ng-model="getUris.uris"]')`)
	script := `(() => {
		const ta = document.querySelector('textarea[ng-model="getUris.uris"]');
		ta.value = ` + jsString(srv.FileURL()+" --out=from-webui.bin") + `;
		ta.dispatchEvent(new Event('input', {bubbles: true}));
		const start = [...document.querySelectorAll('.modal-footer button.btn-primary')].find(b => b.offsetParent);
		start.click();
		return true })()`
	poll("the URI box taking the URL", script)

	// The page shows it complete.
	var shown []webuiDownload
	for {
		shown = nil
		if err := b.eval(ctx, webuiDownloads, &shown); err != nil {
			t.Fatal(err)
		}
		if len(shown) == 1 && shown[0].Complete {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the page never showed the download complete: %+v\n%s", shown, d.errText())
		case <-time.After(200 * time.Millisecond):
		}
	}
	if !strings.Contains(shown[0].Name, "from-webui.bin") {
		t.Errorf("the page names the download %q, want from-webui.bin", shown[0].Name)
	}
	var st map[string]any
	d.must(t, &st, "aria2.tellStatus", shown[0].GID, []string{"status"})
	if st["status"] != "complete" {
		t.Fatalf("the daemon says %v of the page's download %s", st["status"], shown[0].GID)
	}
	got, err := os.ReadFile(filepath.Join(root, "from-webui.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(got); hex.EncodeToString(sum[:]) != srv.Content().SHA256() {
		t.Fatal("the file the page asked for is not the origin's bytes")
	}
	if out := os.Getenv("SLGET_WEBUI_SCREENSHOT"); out != "" {
		png, err := b.screenshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "<", `\x3c`)
	return "'" + r.Replace(s) + "'"
}
