// Tests of -x auto, the default: more connections where each is limited,
// never more than a server allows, and -x N exactly N.

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// connOrigin is a fetchtest origin of size bytes, each connection limited
// to rate bytes per second, refusing requests above limit at once (503, as
// nginx's limit_conn) when limit is positive.
func connOrigin(t *testing.T, size, rate int64, limit int) *fetchtest.Server {
	return fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate), fetchtest.WithConnLimit(limit))
}

// peakOf is the max_connections of slget --json's result.
func peakOf(t *testing.T, stdout string) int {
	t.Helper()
	var res struct {
		Max int `json:"max_connections"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(stdout)), &res); err != nil {
		t.Fatalf("--json: %v\n%s", err, stdout)
	}
	return res.Max
}

// Without -x, a download from an origin that limits each connection (as
// nginx's limit_rate) opens more than the 4 it starts with.
func TestDefaultConnectionsGrowWhereEachIsLimited(t *testing.T) {
	srv := connOrigin(t, 12<<20, 512<<10, 0)
	path := filepath.Join(t.TempDir(), "f")
	r := mustFetch(t, path, srv.Content().SHA256(), "-q", "--json", "-k", "256k", "-o", path, srv.FileURL())
	most := srv.MostInFlight()
	if most <= 4 {
		t.Errorf("the origin saw at most %d requests at once, want more than 4: each connection is limited to 512 KiB/s", most)
	}
	if n := peakOf(t, r.stdout); n <= 4 || n > 16 {
		t.Errorf("max_connections %d, want 5 to 16", n)
	}
}

// Without -x, an origin that allows 3 connections (503 beyond, as
// limit_conn) is asked beyond its limit once, and the download keeps to 3,
// without failed tries.
func TestDefaultConnectionsKeepToServerLimit(t *testing.T) {
	srv := connOrigin(t, 8<<20, 1<<20, 3)
	path := filepath.Join(t.TempDir(), "f")
	r := mustFetch(t, path, srv.Content().SHA256(), "--json", "--progress=none", "-k", "256k", "-o", path, srv.FileURL())
	if refusals := srv.Refused(); refusals > 1 {
		t.Errorf("the origin refused %d requests above its 3 connections, want at most 1", refusals)
	}
	if strings.Contains(r.stderr, "try 2") {
		t.Errorf("a 503 of the connection limit was taken as a failed try:\n%s", r.stderr)
	}
}

// -x N opens exactly N connections: never more at once, all of them used.
func TestFixedConnectionsExact(t *testing.T) {
	srv := connOrigin(t, 6<<20, 1<<20, 0)
	path := filepath.Join(t.TempDir(), "f")
	r := mustFetch(t, path, srv.Content().SHA256(), "-q", "--json", "-x", "6", "-k", "256k", "-o", path, srv.FileURL())
	if most := srv.MostInFlight(); most != 6 {
		t.Errorf("the origin saw at most %d requests at once, want 6", most)
	}
	if n := peakOf(t, r.stdout); n != 6 {
		t.Errorf("max_connections %d, want 6", n)
	}
}

// -o - without -x: the count grows inside the stream's window, and the
// bytes come out whole and in order.
func TestDefaultConnectionsStream(t *testing.T) {
	srv := connOrigin(t, 8<<20, 512<<10, 0)
	r := runSlget(t, "-q", "-k", "128k", "--stream-window", "2m", "-o", "-", srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	sum := sha256.Sum256([]byte(r.stdout))
	if got := hex.EncodeToString(sum[:]); got != srv.Content().SHA256() {
		t.Fatalf("stdout has SHA-256 %s, want %s", got, srv.Content().SHA256())
	}
	if most := srv.MostInFlight(); most <= 4 {
		t.Errorf("the origin saw at most %d requests at once, want more than 4", most)
	}
}
