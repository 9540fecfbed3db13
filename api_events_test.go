// Tests of the events a download reports: Started names the proxy that
// answers its requests and says what a cache in front said.

package slget_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// forwardProxy is an HTTP proxy on loopback that answers absolute-form
// requests by fetching them itself; it counts the requests it answered.
func forwardProxy(t *testing.T) (url string, answered *atomic.Int64) {
	t.Helper()
	answered = new(atomic.Int64)
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) { r.Out.URL = r.In.URL }}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !r.URL.IsAbs() {
			http.Error(w, "not a proxy request", http.StatusBadRequest)
			return
		}
		answered.Add(1)
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, answered
}

func TestStartedNamesAnsweringProxy(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	proxy, answered := forwardProxy(t)
	for _, tc := range []struct {
		name, proxy, want string
	}{
		{"direct", "", ""},
		{"through an HTTP proxy", proxy, proxy},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := answered.Load()
			hc, err := slget.NewHTTPClient(slget.HTTPOptions{Proxy: tc.proxy, Getenv: func(string) string { return "" }})
			if err != nil {
				t.Fatal(err)
			}
			c := &slget.Client{HTTP: hc, Connections: 2, Slice: 1 << 20}
			var started []*slget.Started
			path := filepath.Join(t.TempDir(), "file.bin")
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			_, err = c.Do(ctx, &slget.Request{URL: origin.FileURL(), Path: path, Events: func(e slget.Event) {
				if s, ok := e.(*slget.Started); ok {
					started = append(started, s)
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			if fileSHA256(path) != origin.Content().SHA256() {
				t.Fatal("wrong bytes")
			}
			if len(started) != 1 || started[0].Proxy != tc.want {
				t.Fatalf("Started events %+v, want one with Proxy %q", started, tc.want)
			}
			if through := answered.Load() - before; (tc.want != "") != (through > 0) {
				t.Errorf("the proxy answered %d requests", through)
			}
		})
	}
}

// Started.Cache says what a cache in front (one the probe's answer names)
// said of the file, and how the download goes because of it.
func TestStartedSaysWhatTheCacheSaid(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header [2]string
		want   string
	}{
		{"no cache", [2]string{"X-Note", "none"}, ""},
		{"a hit", [2]string{"X-Cache", "HIT"}, "a cache answered the probe from what it holds: ranges from it"},
		// The test origin ignores only-if-cached: it answers the look
		// with the range, as a cache that holds it does.
		{"a miss", [2]string{"Via", "1.1 varnish (Varnish/7.1)"}, "Varnish holds (or is filling) the file: ranges from it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			origin := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithHeader(tc.header[0], tc.header[1]))
			c := &slget.Client{Connections: 2, Slice: 1 << 20}
			var said []string
			path := filepath.Join(t.TempDir(), "file.bin")
			_, err := c.Do(context.Background(), &slget.Request{URL: origin.FileURL(), Path: path, Events: func(e slget.Event) {
				if s, ok := e.(*slget.Started); ok {
					said = append(said, s.Cache)
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			if fileSHA256(path) != origin.Content().SHA256() {
				t.Fatal("wrong bytes")
			}
			if len(said) != 1 || said[0] != tc.want {
				t.Errorf("Started.Cache %q, want %q", said, tc.want)
			}
		})
	}
}

// Finishing is sent once per download, when the complete file has its
// final name and no partial file is left: a small file (the probe's answer
// is the whole file) and one of several slices with a journal alike. It
// is not sent for a download that fails.
func TestFinishingEvent(t *testing.T) {
	for _, size := range []int64{64 << 10, 3<<20 + 5} {
		origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
		path := filepath.Join(t.TempDir(), "file.bin")
		var finishing []*slget.Finishing
		var sawPart, sawFinal []bool
		c := &slget.Client{Connections: 4, Slice: 1 << 20}
		_, err := c.Do(context.Background(), &slget.Request{URL: origin.FileURL(), Path: path, Events: func(e slget.Event) {
			if f, ok := e.(*slget.Finishing); ok {
				finishing = append(finishing, f)
				sawPart = append(sawPart, exists(path+".part"))
				sawFinal = append(sawFinal, fileSHA256(path) == origin.Content().SHA256())
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		if len(finishing) != 1 || finishing[0].Path != path || finishing[0].URL != origin.FileURL() {
			t.Fatalf("%d bytes: Finishing events %+v, want one for %s", size, finishing, path)
		}
		if sawPart[0] || !sawFinal[0] {
			t.Errorf("%d bytes: at Finishing, NAME.part there: %v, the whole file at its name: %v", size, sawPart[0], sawFinal[0])
		}
	}
	failing := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithStatusFor(http.StatusNotFound, 100, ""))
	c := &slget.Client{Retry: slget.RetryPolicy{MaxTries: 1}}
	_, err := c.Do(context.Background(), &slget.Request{URL: failing.FileURL(), Path: filepath.Join(t.TempDir(), "f.bin"), Events: func(e slget.Event) {
		if _, ok := e.(*slget.Finishing); ok {
			t.Error("Finishing sent for a download that failed")
		}
	}})
	if err == nil {
		t.Fatal("a 404 downloaded")
	}
}

// Syncing is sent once per download, before Finishing, when every byte is
// in NAME.part and the final name is not there yet: a program may give the
// download's place to the next one while the data sync, the rename and the
// folder's fsync run. It is not sent for a download that fails, nor when
// the whole-file checksum fails (the bytes are not the ones asked for).
func TestSyncingEvent(t *testing.T) {
	for _, size := range []int64{64 << 10, 3<<20 + 5} {
		origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
		path := filepath.Join(t.TempDir(), "file.bin")
		var order []string
		var partSum string
		var finalThere bool
		c := &slget.Client{Connections: 4, Slice: 1 << 20}
		_, err := c.Do(context.Background(), &slget.Request{URL: origin.FileURL(), Path: path, Events: func(e slget.Event) {
			switch e := e.(type) {
			case *slget.Syncing:
				order = append(order, "syncing")
				if e.Path != path || e.URL != origin.FileURL() {
					t.Errorf("%d bytes: Syncing %+v, want %s", size, e, path)
				}
				partSum, finalThere = fileSHA256(path+".part"), exists(path)
			case *slget.Finishing:
				order = append(order, "finishing")
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(order, ",") != "syncing,finishing" {
			t.Fatalf("%d bytes: events %v, want Syncing then Finishing, once each", size, order)
		}
		if partSum != origin.Content().SHA256() || finalThere {
			t.Errorf("%d bytes: at Syncing, NAME.part holds the whole file: %v, the final name is there: %v",
				size, partSum == origin.Content().SHA256(), finalThere)
		}
	}
	origin := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	wrong := &slget.Checksum{Algo: "sha-256", Sum: make([]byte, 32)}
	c := &slget.Client{}
	_, err := c.Do(context.Background(), &slget.Request{URL: origin.FileURL(), Path: filepath.Join(t.TempDir(), "f.bin"), Checksum: wrong,
		Events: func(e slget.Event) {
			if _, ok := e.(*slget.Syncing); ok {
				t.Error("Syncing sent for a file that failed its checksum")
			}
		}})
	if err == nil {
		t.Fatal("a file with the wrong checksum was kept")
	}
}
