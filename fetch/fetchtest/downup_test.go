// Tests of Down and Up: a killed origin refuses connections, cuts answers
// in flight, and comes back on the same port with the same file.

package fetchtest_test

import (
	"errors"
	"io"
	"net/http"
	"syscall"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestDownUp(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithRateLimit(256<<10))
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	resp, err := c.Get(s.FileURL())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	s.Down()
	if _, err := io.Copy(io.Discard, resp.Body); err == nil {
		t.Fatal("an answer in flight went on after Down")
	}
	_, err = c.Get(s.FileURL())
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("a request while down: %v, want connection refused", err)
	}
	if err := s.Up(); err != nil {
		t.Fatal(err)
	}
	_, body, err := get(t, c, http.MethodGet, s.FileURL(), "Range", "bytes=0-99")
	if err != nil {
		t.Fatalf("after Up: %v", err)
	}
	if want := s.Content().Bytes(0, 100); string(body) != string(want) {
		t.Fatal("after Up the file differs")
	}
	reqs := s.Requests()
	if len(reqs) != 2 || reqs[1].Conn <= reqs[0].Conn {
		t.Fatalf("the log after Up: %+v, want both requests, the second on a new connection id", reqs)
	}
	s.Close()
	if err := s.Up(); err == nil {
		t.Fatal("Up after Close succeeded")
	}
}
