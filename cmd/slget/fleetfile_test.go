// Tests of the fleet file: its parser, and a serve and a client that take
// their fleet from it.

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestParseFleetFile(t *testing.T) {
	got, err := parseFleetFile("f", strings.NewReader("# the fleet\nhttp://h1:7878\n\n  http://H2:7878/ \n#http://h3:7878\n"))
	if err != nil || !slices.Equal(got, []string{"http://h1:7878", "http://h2:7878"}) {
		t.Fatalf("%q, %v", got, err)
	}
	for _, bad := range []string{"h1:7878\n", "http://slget:tok@h1:7878\n", "https://h1:7878\n", "http://h1:7878/path\n"} {
		if _, err := parseFleetFile("/etc/slget/fleet", strings.NewReader("http://ok:1\n"+bad)); err == nil || !strings.Contains(err.Error(), "/etc/slget/fleet, line 2") {
			t.Errorf("%q: %v, want an error naming the file and line 2", bad, err)
		} else if strings.Contains(err.Error(), "tok") && !strings.Contains(err.Error(), "token") {
			t.Errorf("%q: the error shows the token: %v", bad, err)
		}
	}
}

func FuzzParseFleetFile(f *testing.F) {
	f.Add("http://h1:7878\n# c\n\nhttp://[::1]:80\n")
	f.Add("http://slget:x@h:1\n")
	f.Fuzz(func(t *testing.T, s string) {
		addrs, err := parseFleetFile("f", strings.NewReader(s))
		if err != nil {
			return
		}
		for _, a := range addrs {
			if !strings.HasPrefix(a, "http://") || strings.Contains(a, "@") {
				t.Fatalf("member %q", a)
			}
		}
	})
}

// TestFleetFromAFile: three serves and a client that all read one fleet
// file, with the fleet's token; the origin gets each slice once.
func TestFleetFromAFile(t *testing.T) {
	const (
		size  = 12<<20 + 3
		slice = 1 << 20
	)
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(16<<20))
	file := filepath.Join(t.TempDir(), "fleet")
	ports := freePorts(t, 3)
	var lines []string
	for _, p := range ports {
		lines = append(lines, "http://127.0.0.1:"+strconv.Itoa(p))
	}
	if err := os.WriteFile(file, []byte("# three serves\n"+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var serves []*servedPeer
	for _, p := range ports {
		serves = append(serves, startServeAt(t, p, t.TempDir(), "--allow", strings.TrimPrefix(origin.URL, "http://"), "--fleet-file", file, "--token", fleetToken))
	}
	for _, s := range serves {
		waitFleet(t, s, 3)
	}
	pr := runSlget(t, "peers", "--no-mdns", "--json", "--fleet-file", file, "--peer-token", fleetToken)
	var found []peerStatus
	if err := json.Unmarshal([]byte(pr.stdout), &found); err != nil || pr.code != 0 || len(found) != 3 {
		t.Fatalf("slget peers --fleet-file: exit %d, %q (%v)", pr.code, pr.stdout, err)
	}
	for _, p := range found {
		if !p.Healthy || p.Source != "file" || p.Version == "" {
			t.Errorf("slget peers --fleet-file: %+v, want healthy, from the file, with the version /healthz says", p)
		}
	}
	dir := t.TempDir()
	// The members hold the fleet key: a member without it would be on
	// probation, its slices compared with the origin's on a sample.
	mustFetch(t, filepath.Join(dir, "f"), origin.Content().SHA256(), "-x", "4", "--fleet-file", file, "--peer-token", fleetToken, "-d", dir, "-o", "f", origin.FileURL())
	onceEach(t, origin, size, slice)
	r := runSlget(t, "--fleet-file", filepath.Join(dir, "missing"), "-d", dir, "-o", "g", origin.FileURL())
	if r.code != exitBadOption || !strings.Contains(r.stderr, "fleet file") {
		t.Errorf("a missing fleet file: exit %d, %q", r.code, r.stderr)
	}
}
