// A request that reads, as its answer, bytes the previous answer left on
// a kept-alive connection is sent again on a new connection.

package fetch_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

func TestBytesLeftOnAReusedConnection(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var conns atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			go func() {
				defer c.Close()
				br := bufio.NewReader(c)
				for n := 0; ; n++ {
					if _, err := http.ReadRequest(br); err != nil {
						return
					}
					left := ""
					if n > 0 {
						left = strings.Repeat("GARBAGE ", 100) // what the answer before left
					}
					io.WriteString(c, left+"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
				}
			}()
		}
	}()
	c := newClient(t, 1)
	for i := range 3 {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			req, _ := http.NewRequestWithContext(t.Context(), method, "http://"+ln.Addr().String()+"/f", nil)
			resp, err := c.HTTP.Do(req)
			if err != nil {
				t.Fatalf("%s %d: %v", method, i, err)
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if want := map[string]string{http.MethodGet: "hello", http.MethodHead: ""}[method]; err != nil || string(b) != want {
				t.Fatalf("%s %d: %q, %v; want %q", method, i, b, err, want)
			}
		}
	}
	if n := conns.Load(); n < 2 {
		t.Errorf("%d connections, want new ones for the requests sent again", n)
	}
}
