// Tests of -x as the command reads it: without it the count is found
// (auto), with -x N it is N, and --json's max_connections says which.
// What the library does with the count is tested in the root package
// (TestConnectionsAsTheOriginAllows).

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestConnectionsFlagAndJSON(t *testing.T) {
	for _, tc := range []struct {
		name        string
		args        []string
		least, most int // max_connections
	}{
		{"without -x", nil, 5, 16},
		{"-x 6", []string{"-x", "6"}, 6, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Each connection limited to 512 KiB/s, as nginx's limit_rate:
			// more than the 4 a found count starts with pay.
			srv := fetchtest.NewServer(t, fetchtest.WithSize(12<<20), fetchtest.WithRateLimit(512<<10))
			path := filepath.Join(t.TempDir(), "f")
			r := mustFetch(t, path, srv.Content().SHA256(), append(tc.args, "-q", "--json", "-k", "256k", "-o", path, srv.FileURL())...)
			var res struct {
				Max int `json:"max_connections"`
			}
			if err := json.Unmarshal([]byte(strings.TrimSpace(r.stdout)), &res); err != nil {
				t.Fatalf("--json: %v\n%s", err, r.stdout)
			}
			if res.Max < tc.least || res.Max > tc.most {
				t.Errorf("max_connections %d, want %d to %d", res.Max, tc.least, tc.most)
			}
		})
	}
}
