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

// A ranged GET with If-Range, and what the server logged about it.
func Example() {
	s, err := fetchtest.Start(fetchtest.WithSize(1000))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	req, _ := http.NewRequest("GET", s.FileURL(), nil)
	req.Header.Set("Range", "bytes=0-255")
	req.Header.Set("If-Range", s.ETag())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()

	fmt.Println(resp.Status, resp.Header.Get("Content-Range"), resp.Header.Get("ETag"))
	fmt.Println("same bytes:", bytes.Equal(body, s.Content().Bytes(0, 256)))
	for _, r := range s.Requests() {
		fmt.Println(r.N, r.Method, r.Path, r.Status, r.Start, r.End, r.BodyBytes, r.Aligned(256, 1000))
	}
	// Output:
	// 206 Partial Content bytes 0-255/1000 "1-3e8"
	// same bytes: true
	// 1 GET /file.bin 206 0 256 256 true
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

// After Change, a request pinned to the old ETag with If-Range gets the
// whole new content with 200, as HTTP requires.
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
	req.Header.Set("If-Range", old)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
	fmt.Println(old, "->", s.ETag())
	fmt.Println(resp.StatusCode, resp.ContentLength, resp.Header.Get("Last-Modified"))
	// Output:
	// "1-64" -> "910a2dec89025cc1-64"
	// 200 100 Fri, 02 Jan 2026 04:04:05 GMT
}
