// Tests of the mapping of aria2's options to a download: each option
// lands where aria2c would apply it, and a bad value is refused by name.

package queue

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
)

func TestPrepareMapsAria2Options(t *testing.T) {
	base := Base{
		Client:  &slget.Client{Connections: 4, Slice: 1 << 20},
		Request: slget.Request{Dir: "/root", AutoRename: true},
	}
	prep := Prepare(base)
	c, req, done, err := prep(Spec{URIs: []string{"http://a/f"}, Options: map[string]string{
		"split": "2", "min-split-size": "2M", "out": "sub/x.bin", "checksum": "sha-256=" + strings.Repeat("ab", 32),
		"max-tries": "3", "retry-wait": "2", "max-download-limit": "100K", "auto-file-renaming": "false",
		"header": "X-Token: t1\nX-Other: 2", "file-allocation": "falloc",
	}})
	if err != nil {
		t.Fatal(err)
	}
	if c == base.Client || c.Connections != 2 || c.Slice != 2<<20 || c.Retry.MaxTries != 3 || c.Retry.Wait != 2*time.Second || c.RateLimit != 100<<10 {
		t.Errorf("client %+v: want a clone with 2 connections, 2 MiB slices, 3 tries 2s apart, 100 KiB/s", c)
	}
	if req.URL != "http://a/f" || req.Path != filepath.Join("/root", "sub", "x.bin") || req.Checksum == nil || req.AutoRename || len(req.Mirrors) != 0 {
		t.Errorf("request %+v", req)
	}
	if done == nil || c.HTTP == base.Client.HTTP {
		t.Errorf("header= must give the download an HTTP client of its own")
	}
	if base.Client.Connections != 4 || !base.Request.AutoRename {
		t.Errorf("the base changed: %+v %+v", base.Client, base.Request)
	}

	for _, tc := range []struct {
		opts  map[string]string
		uris  int
		conns int
		per   int
	}{
		{map[string]string{"max-connection-per-server": "3", "split": "5"}, 1, 3, 0},
		{map[string]string{"max-connection-per-server": "3"}, 1, 3, 0},
		{map[string]string{"split": "6"}, 2, 6, 0},
		{map[string]string{"max-connection-per-server": "2"}, 3, 6, 2},
		{map[string]string{}, 1, 4, 0},
	} {
		uris := []string{"http://a/f", "http://b/f", "http://c/f"}[:tc.uris]
		c, req, done, err := prep(Spec{URIs: uris, Options: tc.opts})
		if err != nil || c.Connections != tc.conns || req.PerHost != tc.per || len(req.Mirrors) != tc.uris-1 || done != nil {
			t.Errorf("%v over %d URIs: %d connections, %d per host, mirrors %v, done %v, %v; want %d, %d",
				tc.opts, tc.uris, c.Connections, req.PerHost, req.Mirrors, done != nil, err, tc.conns, tc.per)
		}
	}

	// The daemon's -s 2 under a download's max-connection-per-server=8:
	// aria2c's rule takes the smaller.
	b2 := base
	b2.Split = 2
	if c, _, _, err := Prepare(b2)(Spec{URIs: []string{"http://a/f"}, Options: map[string]string{"max-connection-per-server": "8"}}); err != nil || c.Connections != 2 {
		t.Errorf("-s 2 with max-connection-per-server=8: %d connections (%v), want 2", c.Connections, err)
	}

	for opt, want := range map[string]string{
		"split":       "option split=0: want a whole number from 1 to 64",
		"header":      "option header=Range: …: slget sets Range itself",
		"http-passwd": "option http-passwd=…: control character",
		"out":         `option out=../x: want a name inside dir=, without ".."`,
	} {
		v := map[string]string{"split": "0", "header": "Range: bytes=0-", "http-passwd": "s3cret\x01", "out": "../x"}[opt]
		_, _, _, err := prep(Spec{URIs: []string{"http://a/f"}, Options: map[string]string{opt: v}})
		if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%s=%q: error %v, want %q…", opt, v, err, want)
		}
	}
}
