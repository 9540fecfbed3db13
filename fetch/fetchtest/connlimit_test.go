// Tests of WithConnLimit: 503 above the limit, the counts, and the reset.

package fetchtest_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestConnLimit(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithRateLimit(64<<10), fetchtest.WithConnLimit(2))
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	var slow []*http.Response
	for range 2 {
		resp, err := c.Get(s.FileURL()) // held open at 64 KiB/s
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		slow = append(slow, resp)
	}
	for deadline := time.Now().Add(10 * time.Second); s.InFlight() < 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d requests in flight, want 2", s.InFlight())
		}
	}
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9")
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" || len(body) == 10 {
		t.Fatalf("a third request at once: %d Retry-After %q, %d body bytes; want 503, 1", resp.StatusCode, resp.Header.Get("Retry-After"), len(body))
	}
	if s.MostInFlight() != 3 || s.Refused() != 1 {
		t.Errorf("MostInFlight %d, Refused %d; want 3, 1", s.MostInFlight(), s.Refused())
	}
	for _, r := range slow {
		if n, err := io.Copy(io.Discard, io.LimitReader(r.Body, 100)); r.StatusCode != 200 || n != 100 || err != nil {
			t.Errorf("a request within the limit: %d, %d bytes, %v", r.StatusCode, n, err)
		}
		r.Body.Close()
	}
	for deadline := time.Now().Add(10 * time.Second); s.InFlight() > 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d requests still in flight", s.InFlight())
		}
	}
	if resp, _ := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9"); resp.StatusCode != http.StatusPartialContent {
		t.Errorf("alone: %d, want 206", resp.StatusCode)
	}
	s.ResetLog()
	if s.MostInFlight() != 0 || s.Refused() != 0 {
		t.Errorf("after ResetLog: MostInFlight %d, Refused %d", s.MostInFlight(), s.Refused())
	}
}
