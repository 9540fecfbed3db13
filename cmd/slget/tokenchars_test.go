// Fleet tokens with the characters a URL escapes ('/', '+', '%', '@',
// ':'): percent-encoded, they work in every URL form the README shows
// (--peer, curl -x, the page's URL, slget peers); written raw, they fail;
// and no output, log line, page or --json field shows one, either way.

package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestTokensWithURLCharacters(t *testing.T) {
	const size = 2 * mib
	for _, tok := range []string{"jf6y/Q+x=Z3kT", "p%41ss@w:rd/+%2F", "a?b#c d[e]f&g=h;i,j!k'l(m)n*o$p\"q<r>s^t`u{v}w|x\\y\u00e9z"} {
		t.Run(fmt.Sprintf("%x", sha256.Sum256([]byte(tok)))[:8], func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			host := strings.TrimPrefix(srv.URL, "http://")
			enc := escapeAll(tok)
			ports := freePorts(t, 2)
			addrA, addrB := fmt.Sprintf("127.0.0.1:%d", ports[0]), fmt.Sprintf("127.0.0.1:%d", ports[1])
			outs := map[string]string{} // every output, by where it came from
			// Serve B takes the token with --token and names A bare (its
			// fleet token is its own); serve A takes it from the
			// environment and names B with the token in its URL.
			serveB := startServeAt(t, ports[1], t.TempDir(), "--allow", host, "--token", tok, "--peer", "http://"+addrA)
			serveA := startServeEnv(t, []string{envServeToken + "=" + tok}, "127.0.0.1", ports[0], t.TempDir(),
				"--allow", host, "--peer", "http://slget:"+enc+"@"+addrB)

			// --peer with the token percent-encoded: every byte from the peer.
			dir := t.TempDir()
			for i, args := range [][]string{
				{"--peer", "http://slget:" + enc + "@" + addrA},
				{"--peer", "http://" + addrA, "--peer-token", tok},
			} {
				name := fmt.Sprintf("f%d", i)
				r := mustFetch(t, filepath.Join(dir, name), srv.Content().SHA256(), append(args, "--json", "-d", dir, "-o", name, srv.FileURL()+"?"+name)...)
				if got := jsonResult(t, r).BySource["peer"]; got != size {
					t.Errorf("%q: %d bytes from the peer, want all %d", args, got, size)
				}
				outs[fmt.Sprintf("slget %q", args)] = r.stdout + r.stderr
			}
			// The token written raw in a URL: refused or unusable, never shown.
			raw := "http://slget:" + tok + "@" + addrA
			r := runSlget(t, "--peer", raw, "--json", "-d", dir, "-o", "raw", srv.FileURL()+"?raw")
			outs["slget --peer RAW"] = r.stdout + r.stderr
			t.Setenv("SLGET_PEERS", raw)
			r = runSlget(t, "--json", "-d", dir, "-o", "rawenv", srv.FileURL()+"?rawenv")
			outs["SLGET_PEERS=RAW slget"] = r.stdout + r.stderr
			t.Setenv("SLGET_PEERS", "")
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			r = slgetCtx(t, ctx, "serve", "--cache", t.TempDir(), "--listen", "127.0.0.1:0", "--allow", host, "--token", tok, "--peer", "http://slget:"+tok+"@"+addrB)
			cancel()
			outs["slget serve --peer RAW"] = r.stdout + r.stderr

			// curl -x http://any:TOKEN@HOST:PORT: net/http's proxy does
			// as curl does with the userinfo (decoded, then Basic).
			proxied := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(mustURL(t, "http://any:"+enc+"@"+addrA))}}
			status, body := getBody(t, proxied, srv.FileURL()+"?curl")
			if status != http.StatusOK || sha(body) != srv.Content().SHA256() {
				t.Errorf("curl -x with the token encoded: %d, %d bytes; want 200 and the file", status, len(body))
			}
			if curl, err := exec.LookPath("curl"); err == nil {
				// curl itself, as the README shows it.
				out := filepath.Join(dir, "curl")
				cmd := exec.Command(curl, "-sS", "--fail", "-x", "http://any:"+enc+"@"+addrA, "-o", out, srv.FileURL()+"?curl-x")
				cmd.Env = noProxyEnv()
				b, err := cmd.CombinedOutput()
				if err != nil || fileSHA(t, out) != srv.Content().SHA256() {
					t.Errorf("curl -x with the token encoded: %v: %s", err, b)
				}
				outs["curl -x"] = string(b)
			}
			// The page's URL, http://any:TOKEN@HOST:PORT/, and its JSON.
			for _, page := range []string{"/", "/?format=json", "/fleet", "/status"} {
				status, body := getBody(t, http.DefaultClient, "http://any:"+enc+"@"+addrA+page)
				if status != http.StatusOK {
					t.Errorf("the page %s with the token in its URL: %d", page, status)
				}
				outs["page "+page] = string(body)
			}
			// slget peers, with the token encoded and raw.
			for _, args := range [][]string{
				{"peers", "--peer", "http://slget:" + enc + "@" + addrA},
				{"peers", "--json", "--peer", "http://slget:" + enc + "@" + addrA, "--peer", "http://slget:" + enc + "@" + addrB},
				{"peers", "--peer", raw},
			} {
				r := runSlget(t, args...)
				outs[fmt.Sprintf("slget %q", args)] = r.stdout + r.stderr
				if args[1] == "--json" && (r.code != 0 || strings.Count(r.stdout, `"healthy": true`)+strings.Count(r.stdout, `"healthy":true`) != 2) {
					t.Errorf("slget peers with the token encoded: exit %d, %s; want both healthy", r.code, r.stdout)
				}
			}
			// Time for each serve to check the other, so that its log and
			// pages have said what they will of it.
			waitHealthy(t, "http://any:"+enc+"@"+addrA+"/fleet", 2)
			outs["serve A's log"], outs["serve B's log"] = serveA.stderr.String(), serveB.stderr.String()

			for where, out := range outs {
				for _, form := range []string{tok, enc, url.UserPassword("slget", tok).String()} {
					if strings.Contains(out, form) {
						t.Errorf("%s shows the token (as %q):\n%s", where, form, out)
					}
				}
			}
		})
	}
}

// getBody GETs u with hc and returns the status and the body.
func getBody(t *testing.T, hc *http.Client, u string) (int, []byte) {
	t.Helper()
	resp, err := hc.Get(u)
	if err != nil {
		t.Fatalf("GET: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// escapeAll percent-encodes every byte of s but letters, digits and
// "-._~": a token as the README says to write one in a URL.
func escapeAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// waitHealthy waits until the fleet page at u counts n healthy members.
func waitHealthy(t *testing.T, u string, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, body := getBody(t, http.DefaultClient, u)
		if strings.Count(string(body), `"healthy":true`) >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never counted %d healthy members: %s", u, n, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
