// The small differences a front end shows, each beside a real aria2c
// --enable-rpc: URIs of a scheme slget cannot fetch, a waiting download
// removed, option values in bytes, and the connections a running download
// has.

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestRPCSmallDifferencesBesideAria2c(t *testing.T) {
	const secret = "small"
	tk := "token:" + secret
	ariaURL := startAria2cRPC(t, t.TempDir(), secret)
	session := filepath.Join(t.TempDir(), "session")
	d := startDaemon(t, secret, "-d", t.TempDir(), "--save-session", session)
	both := []string{d.url, ariaURL}
	who := func(url string) string {
		if url == ariaURL {
			return "aria2c"
		}
		return "slget"
	}

	// A scheme neither fetches: refused at once, in aria2c's words; one
	// slget cannot fetch (aria2c can), the same refusal.
	for _, u := range []string{"file:///etc/hostname", "foo"} {
		var errs []string
		for _, url := range both {
			a := callURL(t, url, "aria2.addUri", tk, []string{u})
			if a.Error == nil {
				t.Fatalf("%s: addUri %s answered %s", who(url), u, a.Result)
			}
			errs = append(errs, a.Error.Message)
		}
		if errs[0] != errs[1] {
			t.Errorf("addUri %s: %q, aria2c %q", u, errs[0], errs[1])
		}
	}
	for _, u := range []string{"file:///etc/hostname"} { // ftp:// and sftp:// are fetched
		if a := d.call(t, "aria2.addUri", []string{u}); a.Error == nil || a.Error.Message != "No URI to download." {
			t.Errorf("addUri %s: %+v %s, want No URI to download.", u, a.Error, a.Result)
		}
	}

	// A paused download removed (remove or forceRemove) is dropped: not
	// found after, not among the stopped.
	for _, m := range []string{"aria2.remove", "aria2.forceRemove"} {
		var answers []string
		for _, url := range both {
			var gid string
			a := callURL(t, url, "aria2.addUri", tk, []string{"http://127.0.0.1:1/r.bin"}, map[string]string{"pause": "true"})
			if a.Error != nil || json.Unmarshal(a.Result, &gid) != nil {
				t.Fatalf("%s: addUri: %+v", who(url), a)
			}
			if a := callURL(t, url, m, tk, gid); a.Error != nil {
				t.Fatalf("%s: %s: %+v", who(url), m, a.Error)
			}
			st := callURL(t, url, "aria2.tellStatus", tk, gid)
			var stopped []map[string]any
			sa := callURL(t, url, "aria2.tellStopped", tk, 0, 100, []string{"gid"})
			_ = json.Unmarshal(sa.Result, &stopped)
			listed := false
			for _, s := range stopped {
				listed = listed || s["gid"] == gid
			}
			msg := "<answered>"
			if st.Error != nil {
				msg = strings.ReplaceAll(st.Error.Message, gid, "GID")
			}
			answers = append(answers, fmt.Sprintf("tellStatus %s, listed stopped %v", msg, listed))
		}
		if answers[0] != answers[1] {
			t.Errorf("after %s of a paused download: %s; aria2c %s", m, answers[0], answers[1])
		}
	}

	// Option values in bytes, as aria2c answers them, in getOption,
	// getGlobalOption and the session file.
	sized := map[string]string{"max-download-limit": "100K", "min-split-size": "1M", "lowest-speed-limit": "10K"}
	var opts []map[string]string
	for _, url := range both {
		var gid string
		a := callURL(t, url, "aria2.addUri", tk, []string{"http://127.0.0.1:1/o.bin"}, map[string]any{"pause": "true", "max-download-limit": "100K", "min-split-size": "1M", "lowest-speed-limit": "10K"})
		if a.Error != nil || json.Unmarshal(a.Result, &gid) != nil {
			t.Fatalf("%s: addUri: %+v", who(url), a)
		}
		var o map[string]string
		a = callURL(t, url, "aria2.getOption", tk, gid)
		if a.Error != nil || json.Unmarshal(a.Result, &o) != nil {
			t.Fatalf("%s: getOption: %+v", who(url), a)
		}
		if a := callURL(t, url, "aria2.changeGlobalOption", tk, map[string]string{"max-download-limit": "1M"}); a.Error != nil {
			t.Fatalf("%s: changeGlobalOption: %+v", who(url), a.Error)
		}
		var g map[string]string
		a = callURL(t, url, "aria2.getGlobalOption", tk)
		if a.Error != nil || json.Unmarshal(a.Result, &g) != nil {
			t.Fatalf("%s: getGlobalOption: %+v", who(url), a)
		}
		o["global max-download-limit"] = g["max-download-limit"]
		opts = append(opts, o)
	}
	for _, k := range []string{"max-download-limit", "min-split-size", "lowest-speed-limit", "global max-download-limit"} {
		if opts[0][k] != opts[1][k] {
			t.Errorf("%s: %q, aria2c %q", k, opts[0][k], opts[1][k])
		}
	}
	d.must(t, nil, "aria2.saveSession")
	saved, err := os.ReadFile(session)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range sized {
		n, _ := strconv.ParseInt(opts[1][k], 10, 64)
		if want := " " + k + "=" + strconv.FormatInt(n, 10) + "\n"; !strings.Contains(string(saved), want) {
			t.Errorf("the session file keeps %s=%s as %q; want %q:\n%s", k, v, k, strings.TrimSpace(want), saved)
		}
	}

	// A running download's connections, in tellStatus and tellActive:
	// the ones that run, not 0.
	for i, o := range []map[string]string{{"out": "slow.bin", "split": "4", "max-connection-per-server": "4"}, {"out": "default.bin"}, {"out": "stream.bin"}, {"out": "mirrors.bin"}} {
		opts := []fetchtest.Option{fetchtest.WithSize(8 << 20), fetchtest.WithRateLimit(256 << 10)}
		if i == 2 {
			opts = append(opts, fetchtest.WithNoRanges()) // one stream
		}
		srv := fetchtest.NewServer(t, opts...)
		uris := []string{srv.FileURL()}
		if i == 3 {
			uris = append(uris, fetchtest.NewServer(t, opts...).FileURL())
		}
		var gid string
		d.must(t, &gid, "aria2.addUri", uris, o)
		deadline := time.Now().Add(30 * time.Second)
		for {
			var st map[string]string
			d.must(t, &st, "aria2.tellStatus", gid, []string{"status", "connections", "completedLength"})
			var active []map[string]string
			d.must(t, &active, "aria2.tellActive", []string{"gid", "connections"})
			n, _ := strconv.Atoi(st["connections"])
			if st["status"] == "active" && n > 0 && st["completedLength"] != "0" {
				if n > 4 {
					t.Errorf("%v: connections %d, over the 4 asked for", o, n)
				}
				for _, a := range active {
					if a["gid"] == gid && a["connections"] == "0" {
						t.Errorf("%v: tellActive says connections 0", o)
					}
				}
				break
			}
			if st["status"] != "active" && st["status"] != "waiting" || time.Now().After(deadline) {
				t.Fatalf("a running download %v: %v, want connections above 0", o, st)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if i == 3 {
			mirrorsInUse(t, d, gid, uris)
		}
		d.must(t, nil, "aria2.forceRemove", gid)
	}
}

// mirrorsInUse waits until getUris says both uris of a running download
// are used, as aria2c says of mirrors it fetches from, and checks that
// getServers lists both.
func mirrorsInUse(t *testing.T, d *rpcDaemon, gid string, uris []string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var got []map[string]string
		d.must(t, &got, "aria2.getUris", gid)
		used := 0
		for _, u := range got {
			if u["status"] == "used" {
				used++
			}
		}
		if used == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("getUris of a download fetching from two mirrors: %v", got)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var servers []map[string]any
	d.must(t, &servers, "aria2.getServers", gid)
	var listed []string
	for _, s := range servers[0]["servers"].([]any) {
		listed = append(listed, s.(map[string]any)["uri"].(string))
	}
	if len(listed) != 2 || listed[0] != uris[0] || listed[1] != uris[1] {
		t.Errorf("getServers lists %v, want both mirrors %v", listed, uris)
	}
}
