// Tests of redirect loops, redirects to another host and redirect faults.

package fetchtest_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestRedirectLoop(t *testing.T) {
	for _, n := range []int{1, 2} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := fetchtest.NewServer(t, fetchtest.WithSize(100), fetchtest.WithRedirectLoop(n))
			if s.FileURL() != s.URL+"/redirect/1" {
				t.Fatalf("FileURL %q", s.FileURL())
			}
			_, _, err := get(t, nil, "GET", s.FileURL())
			if err == nil || !strings.Contains(err.Error(), "stopped after 10 redirects") {
				t.Fatalf("err = %v, want Go's redirect limit", err)
			}
			log := s.Requests()
			if len(log) != 10 {
				t.Fatalf("%d requests logged, want 10", len(log))
			}
			for i, r := range log {
				if want := fmt.Sprintf("/redirect/%d", i%n+1); r.Path != want || r.Status != 302 {
					t.Errorf("request %d: %s %d, want %s 302", i+1, r.Path, r.Status, want)
				}
			}
			// The file itself is still there.
			if resp, body := mustGet(t, "GET", s.URL+"/file.bin"); resp.StatusCode != 200 || len(body) != 100 {
				t.Errorf("file: %d, %d bytes", resp.StatusCode, len(body))
			}
		})
	}
}

func TestRedirectToOtherHost(t *testing.T) {
	mirror := fetchtest.NewServer(t, fetchtest.WithHost("127.0.0.2"), fetchtest.WithSize(1000), fetchtest.WithSeed(9))
	if !strings.HasPrefix(mirror.URL, "http://127.0.0.2:") {
		t.Fatalf("mirror URL %q", mirror.URL)
	}
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithRedirects(2), fetchtest.WithRedirectTo(mirror.FileURL()))
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99",
		"Authorization", "Bearer for-origin", "Cookie", "a=1", "User-Agent", "ua")
	if resp.StatusCode != 206 || !bytes.Equal(body, mirror.Content().Bytes(0, 100)) {
		t.Fatalf("%d, %d bytes from the mirror", resp.StatusCode, len(body))
	}
	if resp.Request.URL.String() != mirror.FileURL() {
		t.Errorf("final URL %q", resp.Request.URL)
	}
	var hops []string
	for _, r := range s.Requests() {
		hops = append(hops, fmt.Sprintf("%s %d %s", r.Path, r.Status, r.Header.Get("Authorization")))
	}
	if want := "[/redirect/1 302 Bearer for-origin /redirect/2 302 Bearer for-origin]"; fmt.Sprint(hops) != want {
		t.Errorf("origin log %v, want %s", hops, want)
	}
	// Go's client keeps Range and User-Agent across hosts but not the
	// credentials.
	r := lastRequest(t, mirror)
	if r.Range != "bytes=0-99" || r.Header.Get("User-Agent") != "ua" || r.Host != strings.TrimPrefix(mirror.URL, "http://") {
		t.Errorf("mirror saw Range %q, User-Agent %q, Host %q", r.Range, r.Header.Get("User-Agent"), r.Host)
	}
	if r.Header.Get("Authorization") != "" || r.Header.Get("Cookie") != "" {
		t.Errorf("credentials followed to another host: %q %q", r.Header.Get("Authorization"), r.Header.Get("Cookie"))
	}

	// One hop when no chain was asked for.
	one := fetchtest.NewServer(t, fetchtest.WithRedirectTo(mirror.FileURL()))
	if _, body := mustGet(t, "GET", one.FileURL()); len(one.Requests()) != 1 || len(body) != 1000 {
		t.Errorf("%d hops, %d bytes", len(one.Requests()), len(body))
	}
}

func TestRedirectToHostThatDropsRanges(t *testing.T) {
	mirror := fetchtest.NewServer(t, fetchtest.WithHost("127.0.0.2"), fetchtest.WithSize(1000), fetchtest.WithNoRanges())
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithRedirectTo(mirror.FileURL()))
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=100-199")
	if resp.StatusCode != 200 || resp.Header.Get("Accept-Ranges") != "" || !bytes.Equal(body, mirror.Content().Bytes(0, 1000)) {
		t.Errorf("%d, Accept-Ranges %q, %d bytes; want 200 and the whole file", resp.StatusCode, resp.Header.Get("Accept-Ranges"), len(body))
	}
	if r := lastRequest(t, mirror); r.Range != "bytes=100-199" || r.Status != 200 {
		t.Errorf("mirror logged Range %q, status %d", r.Range, r.Status)
	}
}

func TestLocationFault(t *testing.T) {
	mirror := fetchtest.NewServer(t, fetchtest.WithHost("127.0.0.2"), fetchtest.WithSize(1000), fetchtest.WithSeed(5))
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000),
		fetchtest.WithFault(fetchtest.OnRequest(2, fetchtest.Fault{Location: mirror.FileURL()})),
		fetchtest.WithFault(fetchtest.OnRequest(3, fetchtest.Fault{Location: mirror.FileURL(), Status: 307})),
		fetchtest.WithFault(fetchtest.OnRequest(4, fetchtest.Fault{Location: "/file.bin", Status: 500})),
	)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for n, want := range []int{206, 302, 307, 302} {
		resp, _, err := get(t, noFollow, "GET", s.FileURL(), "Range", "bytes=0-9")
		if err != nil || resp.StatusCode != want {
			t.Fatalf("request %d: %v %d, want %d", n+1, err, resp.StatusCode, want)
		}
		if want != 206 {
			loc := resp.Header.Get("Location")
			if n == 3 && loc != "/file.bin" || n < 3 && loc != mirror.FileURL() {
				t.Errorf("request %d: Location %q", n+1, loc)
			}
		}
	}
	// A client that follows gets file request 2 from the mirror.
	s = fetchtest.NewServer(t, fetchtest.WithSize(1000),
		fetchtest.WithFault(fetchtest.OnRequest(2, fetchtest.Fault{Location: mirror.FileURL()})))
	mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9")
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9")
	if resp.StatusCode != 206 || !bytes.Equal(body, mirror.Content().Bytes(0, 10)) {
		t.Errorf("redirected request: %d, body from the origin? %v", resp.StatusCode, bytes.Equal(body, s.Content().Bytes(0, 10)))
	}
}

func TestRedirects(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(100), fetchtest.WithRedirects(3),
		fetchtest.WithStatusFor(503, 1, ""))
	if got, want := s.FileURL(), s.URL+"/redirect/1"; got != want {
		t.Fatalf("FileURL = %q, want %q", got, want)
	}
	resp, _ := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9")
	if resp.StatusCode != 503 {
		t.Fatalf("status %d, want 503 (first file request)", resp.StatusCode)
	}
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9")
	if resp.StatusCode != 206 || len(body) != 10 {
		t.Fatalf("status %d, %d bytes", resp.StatusCode, len(body))
	}
	if got, want := resp.Request.URL.String(), s.URL+"/file.bin"; got != want {
		t.Errorf("final URL %q, want %q", got, want)
	}
	var got []string
	for _, r := range s.Requests() {
		got = append(got, fmt.Sprintf("%d %s %d", r.N, r.Path, r.Status))
	}
	want := []string{
		"1 /redirect/1 302", "2 /redirect/2 302", "3 /redirect/3 302", "4 /file.bin 503",
		"5 /redirect/1 302", "6 /redirect/2 302", "7 /redirect/3 302", "8 /file.bin 206",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("log:\n%q\nwant\n%q", got, want)
	}
	resp, _ = mustGet(t, "GET", s.URL+"/redirect/4")
	if resp.StatusCode != 404 {
		t.Errorf("/redirect/4: %d", resp.StatusCode)
	}
	if s.BytesServed() != 10 {
		t.Errorf("BytesServed %d, want 10", s.BytesServed())
	}
}
