// A program outside slget's module (TestEmbeddedOutsideTheModule gives it
// a go.mod of its own with a replace to the checkout) that embeds the
// daemon, queue and aria2rpc, with the exported mapping of aria2's
// options, and prints what a client's split and header did at the origin.
package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/aria2rpc"
	"github.com/slget/slget/queue"
)

func main() {
	content := bytes.Repeat([]byte("0123456789abcdef"), 256<<10) // 4 MiB
	var mu sync.Mutex
	inFlight, most := 0, 0
	tokens := map[string]int{}
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		tokens[r.Header.Get("X-Token")]++
		inFlight++
		most = max(most, inFlight)
		mu.Unlock()
		defer func() { mu.Lock(); inFlight--; mu.Unlock() }()
		time.Sleep(50 * time.Millisecond) // a slow origin: connections overlap
		w.Header().Set("ETag", `"v1"`)
		http.ServeContent(w, r, "f.bin", time.Unix(1e9, 0), bytes.NewReader(content))
	}))
	defer origin.Close()

	root, _ := os.MkdirTemp("", "embed")
	defer os.RemoveAll(root)
	done := make(chan queue.Event, 1)
	srv := &aria2rpc.Server{Root: root, Version: "embedded"}
	q := queue.New(queue.Config{
		Prepare: queue.Prepare(queue.Base{Client: &slget.Client{Slice: 256 << 10}, Request: slget.Request{Dir: root}}),
		Notify: func(e queue.Event) {
			srv.Notify(e)
			if e.Kind == queue.EventComplete || e.Kind == queue.EventError {
				done <- e
			}
		},
	})
	defer q.Close()
	srv.Queue = q
	daemon := httptest.NewServer(srv)
	defer daemon.Close()

	for _, split := range []string{"1", "4"} {
		mu.Lock()
		most, tokens = 0, map[string]int{}
		mu.Unlock()
		out := "split" + split + ".bin"
		call := `{"jsonrpc":"2.0","id":"1","method":"aria2.addUri","params":[["` + origin.URL + `/f.bin"],` +
			`{"split":"` + split + `","header":["X-Token: t-` + split + `"],"out":"` + out + `"}]}`
		resp, err := http.Post(daemon.URL+"/jsonrpc", "application/json", strings.NewReader(call))
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		answer, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		e := <-done
		got, _ := os.ReadFile(filepath.Join(root, out))
		mu.Lock()
		fmt.Printf("split=%s: %s, bytes equal %v, most requests at once %d, requests by X-Token %v\n",
			split, e.Kind, bytes.Equal(got, content), most, tokens)
		if !bytes.Contains(answer, []byte(`"result"`)) {
			fmt.Printf("addUri: %s\n", answer)
		}
		mu.Unlock()
	}
}
