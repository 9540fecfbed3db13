// Tests of WithPort and WithHandler: the address asked for, the caller's
// handler beside the file, logged but not counted as a file request, and
// the options that cannot be served.

package fetchtest_test

import (
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestWithPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	s := fetchtest.NewServer(t, fetchtest.WithPort(port), fetchtest.WithSize(100))
	if want := "http://127.0.0.1:" + strconv.Itoa(port); s.URL != want {
		t.Fatalf("URL %s, want %s", s.URL, want)
	}
	if resp, body := mustGet(t, "GET", s.FileURL()); resp.StatusCode != 200 || len(body) != 100 {
		t.Errorf("%d, %d bytes", resp.StatusCode, len(body))
	}
	if _, err := fetchtest.Start(fetchtest.WithPort(port)); err == nil {
		t.Error("a second server on a port in use started")
	}
}

func TestWithHandler(t *testing.T) {
	const doc = `<metalink xmlns="urn:ietf:params:xml:ns:metalink"/>`
	meta := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/metalink4+xml")
		w.Write([]byte(doc))
	})
	s := fetchtest.NewServer(t, fetchtest.WithSize(100), fetchtest.WithHandler("/file.meta4", meta), fetchtest.WithChangeAfter(1))
	resp, body := mustGet(t, "GET", s.URL+"/file.meta4?x=1")
	if resp.StatusCode != 200 || string(body) != doc || resp.Header.Get("Content-Type") != "application/metalink4+xml" {
		t.Fatalf("%d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if r := lastRequest(t, s); r.Path != "/file.meta4" || r.Status != 200 || r.BodyBytes != int64(len(doc)) {
		t.Errorf("logged %s %d, %d body bytes", r.Path, r.Status, r.BodyBytes)
	}
	// Not a file request: the first file request still sees the first version.
	etag := s.ETag()
	if resp, _ := mustGet(t, "GET", s.FileURL()); resp.Header.Get("ETag") != etag {
		t.Errorf("the handler's request counted as a file request: ETag %s, want %s", resp.Header.Get("ETag"), etag)
	}
	if resp, _ := mustGet(t, "GET", s.URL+"/other"); resp.StatusCode != 404 {
		t.Errorf("a path with no handler: %d, want 404", resp.StatusCode)
	}
}

func TestListenOptionsThatCannotBeServed(t *testing.T) {
	ok := http.NotFoundHandler()
	for _, tc := range []struct {
		opt  fetchtest.Option
		want string
	}{
		{fetchtest.WithPort(70000), "port"},
		{fetchtest.WithHandler("meta4", ok), "does not start with /"},
		{fetchtest.WithHandler("/file.bin", ok), "the file's"},
		{fetchtest.WithHandler("/x", nil), "nil handler"},
	} {
		s, err := fetchtest.Start(tc.opt)
		if err == nil {
			s.Close()
			t.Errorf("started; want an error with %q", tc.want)
		} else if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v; want %q", err, tc.want)
		}
	}
}
