// Tests of what a serve says of where it listens: its log, /status and
// /fleet name the address it was given, with the port it got.

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// A serve on 0.0.0.0 says 0.0.0.0, where Go's listener reads "[::]" and
// the log said "[::1]", a loopback address it was not limited to; the
// address for processes on the host is 127.0.0.1. Its /fleet entry, not
// in the --peer list, has that address too.
func TestServeOnEveryAddressSaysSo(t *testing.T) {
	port := freePort(t)
	p := startServeOn(t, "0.0.0.0", port, t.TempDir(), "--allow", "example.com", "--token", "t0k", "--no-announce",
		"--peer", "http://127.0.0.1:1")
	get := func(path string, v any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, p.url+path, nil)
		req.Header.Set("Authorization", "Bearer t0k")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s, %v", path, resp.Status, err)
		}
	}
	var st struct{ Listen string }
	get("/status", &st)
	want := fmt.Sprintf("0.0.0.0:%d", port)
	if st.Listen != want {
		t.Errorf("/status listen %q, want %q", st.Listen, want)
	}
	var fl struct {
		Members []struct {
			Addr string
			Self bool
		}
	}
	get("/fleet", &fl)
	self := 0
	for _, m := range fl.Members {
		if m.Self {
			self++
			if m.Addr != "http://"+want {
				t.Errorf("/fleet's own entry at %q, want http://%s", m.Addr, want)
			}
		}
	}
	if self != 1 {
		t.Errorf("/fleet: %d entries of its own, want 1: %+v", self, fl.Members)
	}
	p.stop(t)
	log := p.stderr.String()
	var serving string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "msg=serving") {
			serving = l
		}
	}
	if !strings.Contains(serving, "listen="+want+" ") || !strings.Contains(serving, fmt.Sprintf("local=http://127.0.0.1:%d ", port)) || strings.Contains(log, "[::") {
		t.Errorf("the log says %q, want listen=%s and local=http://127.0.0.1:%d, no [::1]\n%s", serving, want, port, log)
	}
}
