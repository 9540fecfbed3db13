// An embedded daemon: a queue whose downloads take aria2's options through
// queue.Prepare, behind aria2rpc's JSON-RPC, as slget --enable-rpc runs.

package aria2rpc_test

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

func Example_embeddedDaemon() {
	// An origin that says which X-Token its requests carried.
	content := bytes.Repeat([]byte("slget "), 200_000)
	var mu sync.Mutex
	tokens := map[string]bool{}
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		tokens[r.Header.Get("X-Token")] = true
		mu.Unlock()
		w.Header().Set("ETag", `"v1"`)
		http.ServeContent(w, r, "file.bin", time.Unix(1e9, 0), bytes.NewReader(content))
	}))
	defer origin.Close()

	root, _ := os.MkdirTemp("", "daemon")
	defer os.RemoveAll(root)
	done := make(chan queue.Event, 1)
	srv := &aria2rpc.Server{Root: root, Version: "embedded"}
	q := queue.New(queue.Config{
		// The defaults each download's options (split, header, out,
		// checksum, ...) are laid over.
		Prepare: queue.Prepare(queue.Base{Client: &slget.Client{}, Request: slget.Request{Dir: root}}),
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

	call := `{"jsonrpc":"2.0","id":"1","method":"aria2.addUri","params":[["` + origin.URL + `/file.bin"],` +
		`{"split":"2","header":["X-Token: t1"],"out":"copy.bin"}]}`
	resp, err := http.Post(daemon.URL+"/jsonrpc", "application/json", strings.NewReader(call))
	if err != nil {
		fmt.Println(err)
		return
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()

	e := <-done
	got, _ := os.ReadFile(filepath.Join(root, "copy.bin"))
	mu.Lock()
	defer mu.Unlock()
	fmt.Println(e.Kind, bytes.Equal(got, content), tokens["t1"], tokens[""])
	// Output: complete true true false
}
