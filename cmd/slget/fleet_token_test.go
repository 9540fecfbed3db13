// The fleet token on the command line: --peer-token, --peer-token-file and
// SLGET_PEER_TOKEN (the flag wins, then the file, then the environment),
// never shown; and --peer auto when the LAN has no peer.

package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

// bySourcePeer downloads the origin's file with args and returns how many
// bytes came from the peer; the file must be whole either way.
func bySourcePeer(t *testing.T, srv *fetchtest.Server, args ...string) (int64, runResult) {
	t.Helper()
	dir := t.TempDir()
	r := mustFetch(t, filepath.Join(dir, "f"), srv.Content().SHA256(), append([]string{"-d", dir, "-o", "f", "--json"}, append(args, srv.FileURL())...)...)
	return jsonResult(t, r).BySource["peer"], r
}

func TestPeerTokenSources(t *testing.T) {
	const size = 4 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv, fetchtest.WithPeerToken("right-token"))
	defer noLeaks(t)()
	file := func(content string) string {
		p := filepath.Join(t.TempDir(), "token")
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name string
		env  string
		args []string
		peer bool // the right token reached the peer
	}{
		{"flag", "", []string{"--peer-token", "right-token"}, true},
		{"file", "", []string{"--peer-token-file", file("right-token\nsecond line\n")}, true},
		{"env", "right-token", nil, true},
		{"flag over file", "", []string{"--peer-token", "right-token", "--peer-token-file", file("wrong-token-f")}, true},
		{"file over env", "wrong-token-e", []string{"--peer-token-file", file("  right-token  \n")}, true},
		{"flag over env", "wrong-token-e", []string{"--peer-token", "right-token"}, true},
		{"a wrong one", "", []string{"--peer-token", "wrong-token-w"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(envPeerToken, tc.env)
			got, r := bySourcePeer(t, srv, append([]string{"--peer", peer.URL}, tc.args...)...)
			if tc.peer && got != size || !tc.peer && got != 0 {
				t.Errorf("bytes from the peer %d, want %d with the right token", got, map[bool]int64{true: size}[tc.peer])
			}
			if all := r.stdout + r.stderr; strings.Contains(all, "-token") {
				t.Errorf("a token shows in the output: %q", all)
			}
			if !tc.peer && !strings.Contains(r.stderr, "another fleet token") {
				t.Errorf("stderr %q: want the peer's refusal said", r.stderr)
			}
		})
	}
}

func TestPeerTokenFileErrors(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(mib))
	defer noLeaks(t)()
	empty := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(empty, []byte("\n  \n"), 0o600)
	missing := filepath.Join(t.TempDir(), "missing")
	for _, f := range []string{empty, missing} {
		r := runSlget(t, "--peer", "http://127.0.0.1:1", "--peer-token-file", f, "-d", t.TempDir(), srv.FileURL())
		if r.code != exitBadOption || !strings.Contains(r.stderr, f) || !strings.Contains(r.stderr, "--peer-token-file") {
			t.Errorf("--peer-token-file %s: exit %d, %q; want %d naming the flag and the file", f, r.code, r.stderr, exitBadOption)
		}
	}
	if len(srv.Requests()) != 0 {
		t.Error("the origin was asked")
	}
}

// serve reads its own token and the fleet's with the same precedence, and
// the fleet's defaults to its own.
func TestServeTokens(t *testing.T) {
	tokFile := filepath.Join(t.TempDir(), "tok")
	os.WriteFile(tokFile, []byte("from-file\n"), 0o600)
	read := func(env map[string]string, args ...string) serveOptions {
		t.Helper()
		for k, v := range env {
			t.Setenv(k, v)
		}
		var o serveOptions
		cmd := serveCommand(&console{})
		cmd.Action = func(c *cli.Context) error {
			var err error
			o, err = readServeOptions(c)
			return err
		}
		app := &cli.App{Commands: []*cli.Command{cmd}, ExitErrHandler: func(*cli.Context, error) {}}
		if err := app.Run(append([]string{"slget", "serve", "--cache", t.TempDir(), "--allow", "h"}, args...)); err != nil {
			t.Fatalf("serve %q: %v", args, err)
		}
		return o
	}
	none := map[string]string{envServeToken: "", envPeerToken: ""}
	if o := read(none, "--token", "flag", "--token-file", tokFile); o.cfg.Token != "flag" || o.peerToken != "flag" {
		t.Errorf("--token and --token-file: token %q, peer token %q; want the flag's for both", o.cfg.Token, o.peerToken)
	}
	if o := read(map[string]string{envServeToken: "env", envPeerToken: ""}, "--token-file", tokFile); o.cfg.Token != "from-file" {
		t.Errorf("--token-file and %s: token %q, want the file's", envServeToken, o.cfg.Token)
	}
	if o := read(map[string]string{envServeToken: "env", envPeerToken: "fleet"}); o.cfg.Token != "env" || o.peerToken != "fleet" {
		t.Errorf("the environment: token %q, peer token %q; want env and fleet", o.cfg.Token, o.peerToken)
	}
	o := read(none, "--peer", "auto", "--peer", "http://10.0.0.2:7878", "--no-announce", "--peer-token-file", tokFile)
	if !slices.Equal(o.peers, []string{"auto", "http://10.0.0.2:7878"}) || o.announce || o.peerToken != "from-file" {
		t.Errorf("peers %q, announce %v, peer token %q", o.peers, o.announce, o.peerToken)
	}
}

func TestResolvePeersAuto(t *testing.T) {
	var warned []string
	warnf := func(f string, a ...any) { warned = append(warned, f) }
	none := func(context.Context, time.Duration) ([]string, error) { return nil, nil }
	got := resolvePeers(t.Context(), []string{"auto"}, none, warnf)
	if len(got) != 0 || len(warned) != 1 || !strings.Contains(warned[0], "no slget serve answered") {
		t.Errorf("auto, none found: peers %q, warnings %q; want none and one warning", got, warned)
	}
	warned = nil
	two := func(context.Context, time.Duration) ([]string, error) {
		return []string{"http://10.0.0.1:7878", "http://10.0.0.9:7878"}, nil
	}
	got = resolvePeers(t.Context(), []string{"http://10.0.0.9:7878", "auto"}, two, warnf)
	if want := []string{"http://10.0.0.9:7878", "http://10.0.0.1:7878"}; !slices.Equal(got, want) || warned != nil {
		t.Errorf("auto beside a static peer: %q, warnings %q; want %q", got, warned, want)
	}
	failing := func(context.Context, time.Duration) ([]string, error) { return nil, errors.New("no interface") }
	got = resolvePeers(t.Context(), []string{"auto"}, failing, warnf)
	if len(got) != 0 || len(warned) != 1 || !strings.Contains(warned[0], "cannot ask the LAN") {
		t.Errorf("auto, lookup failed: %q, %q", got, warned)
	}
}

// --cache DIR owned by a serve that wants a token: the fleet token goes to
// it, though the address it publishes has none.
func TestCacheOwnedByAServerWithAToken(t *testing.T) {
	const size = 4 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv, fetchtest.WithPeerToken("owner-token"))
	defer noLeaks(t)()
	cache := filepath.Join(t.TempDir(), "cache")
	owner, err := localcache.Open(cache, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close()
	if err := localcache.WriteOwner(cache, peer.URL); err != nil {
		t.Fatal(err)
	}
	t.Setenv(envPeerToken, "owner-token")
	got, r := bySourcePeer(t, srv, "--cache", cache)
	if got != size || strings.Contains(r.stdout+r.stderr, "owner-token") {
		t.Errorf("bytes from the cache's owner %d, want %d, with the token never shown", got, size)
	}
}

// A token file's first line, trimmed, is the token; never a newline, never
// an empty token.
func FuzzTokenFile(f *testing.F) {
	f.Add([]byte("tok\n"))
	f.Add([]byte("  tok  \r\nsecond\n"))
	f.Add([]byte("\n"))
	f.Add([]byte{0xff, 0xfe, '\n'})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(dir, "token")
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		tok, err := tokenFile(p)
		if err != nil {
			if !strings.Contains(err.Error(), p) {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if tok == "" || strings.ContainsAny(tok, "\r\n") || tok != strings.TrimSpace(tok) {
			t.Fatalf("token %q from %q", tok, b)
		}
	})
}

// --peer auto takes whatever the LAN announces: without the fleet's token
// nothing tells the fleet's own serves from a forger's, so it is refused,
// for a download and for a serve, and says what to do. A list typed out
// stays allowed.
func TestPeerAutoNeedsAToken(t *testing.T) {
	t.Setenv(envPeerToken, "")
	t.Setenv(envServeToken, "")
	srv := fetchtest.NewServer(t, fetchtest.WithSize(mib))
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--peer", "auto", "-d", dir, srv.FileURL()},
		{"serve", "--cache", t.TempDir(), "--listen", "127.0.0.1:0", "--allow", "example.com", "--peer", "auto"},
	} {
		r := runSlget(t, args...)
		if r.code != exitBadOption || !strings.Contains(r.stderr, "--peer auto needs the fleet's token") || !strings.Contains(r.stderr, "--peer-token") {
			t.Errorf("slget %q: exit %d, %q; want %d and what to give", args, r.code, r.stderr, exitBadOption)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("the refused download asked the origin %d times", n)
	}
	static := fetchtest.NewPeer(t, srv)
	mustFetch(t, filepath.Join(dir, "f"), srv.Content().SHA256(), "--peer", static.URL, "-d", dir, "-o", "f", srv.FileURL())
}
