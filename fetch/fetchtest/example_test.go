// Examples of the test origin.

package fetchtest_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net/http"

	"github.com/slget/slget/fetch/fetchtest"
)

// A ranged GET pinned with If-Match, and what the server logged about it.
func Example() {
	s, err := fetchtest.Start(fetchtest.WithSize(1000))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	req, _ := http.NewRequest("GET", s.FileURL(), nil)
	req.Header.Set("Range", "bytes=0-255")
	req.Header.Set("If-Match", s.ETag())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()

	fmt.Println(resp.Status, resp.Header.Get("Content-Range"), resp.Header.Get("ETag"))
	fmt.Println("same bytes:", bytes.Equal(body, s.Content().Bytes(0, 256)))
	for _, r := range s.Requests() {
		fmt.Println(r.N, r.Method, r.Path, r.IfMatch, r.Status, r.Start, r.End, r.BodyBytes, r.Aligned(256, 1000))
	}
	// Output:
	// 206 Partial Content bytes 0-255/1000 "1-3e8"
	// same bytes: true
	// 1 GET /file.bin "1-3e8" 206 0 256 256 true
}

// Content is the same for the same seed, at any offset, without memory.
func ExampleContent() {
	c := fetchtest.Content{Size: 5 << 30, Seed: 1} // 5 GiB
	fmt.Printf("%x\n", c.Bytes(4<<30, 8))
	fmt.Printf("%x\n", c.Bytes(c.Size-3, 100)) // cut at Size

	small := fetchtest.Content{Size: 1 << 20, Seed: 1}
	fmt.Println(small.SHA256())
	// Output:
	// 3b4b9726a51681cc
	// ce64aa
	// e1ff5f7522fc72f4cf05dfa654ce13dc812c1ebb17fd15c0adb2c2c79afb1a50
}

// The first two file requests get 503 with Retry-After, then the file is
// served.
func ExampleWithStatusFor() {
	s, err := fetchtest.Start(fetchtest.WithSize(100), fetchtest.WithStatusFor(503, 2, "1"))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	for range 3 {
		resp, err := http.Get(s.FileURL())
		if err != nil {
			log.Fatal(err)
		}
		resp.Body.Close()
		fmt.Println(resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	// Output:
	// 503 1
	// 503 1
	// 200
}

// After Change, a request pinned to the old ETag with If-Match gets 412
// and no body; with If-Range it would get the whole new content with 200.
func ExampleServer_Change() {
	s, err := fetchtest.Start(fetchtest.WithSize(100))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	old := s.ETag()
	s.Change()

	req, _ := http.NewRequest("GET", s.FileURL(), nil)
	req.Header.Set("Range", "bytes=0-9")
	req.Header.Set("If-Match", old)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
	fmt.Println(old, "->", s.ETag())
	fmt.Println(resp.StatusCode, resp.ContentLength, resp.Header.Get("ETag"))
	// Output:
	// "1-64" -> "910a2dec89025cc1-64"
	// 412 0 "910a2dec89025cc1-64"
}

// The second request meets a CDN edge out of step: the same bytes under
// another ETag, although the request pinned the origin's.
func ExampleWithOutOfStep() {
	s, err := fetchtest.Start(fetchtest.WithSize(1000), fetchtest.WithOutOfStep(2))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	for range 3 {
		req, _ := http.NewRequest("GET", s.FileURL(), nil)
		req.Header.Set("Range", "bytes=0-99")
		req.Header.Set("If-Match", s.ETag())
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		resp.Body.Close()
		fmt.Println(resp.StatusCode, resp.Header.Get("Content-Range"), resp.Header.Get("ETag"))
	}
	// Output:
	// 206 bytes 0-99/1000 "1-3e8"
	// 206 bytes 0-99/1000 "1-3e8-edge"
	// 206 bytes 0-99/1000 "1-3e8"
}

// Once(OnRange(...)) picks the first request for one range only: here it
// fails with 503 and the retry is served. With
// Fault{TrickleAfter: 64 << 10, TrickleRate: 100_000} it would be one slow
// but live connection whose end-game duplicate runs at full speed.
func ExampleOnRange() {
	first := fetchtest.Once(fetchtest.OnRange(
		func(start, _ int64) bool { return start == 1<<20 },
		fetchtest.Fault{Status: http.StatusServiceUnavailable, RetryAfter: "1"}))
	s, err := fetchtest.Start(fetchtest.WithSize(4<<20), fetchtest.WithFault(first))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	for _, rng := range []string{"bytes=0-1048575", "bytes=1048576-2097151", "bytes=1048576-2097151"} {
		req, _ := http.NewRequest("GET", s.FileURL(), nil)
		req.Header.Set("Range", rng)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		fmt.Println(rng, resp.StatusCode, n)
	}
	// Output:
	// bytes=0-1048575 206 1048576
	// bytes=1048576-2097151 503 20
	// bytes=1048576-2097151 206 1048576
}
