// Tests of the adapter without a daemon: the request parser (fuzzed),
// the paths a client may name, tellWaiting's windows.

package aria2rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/queue"
)

const fuzzSecret = "fuzz-secret-7f3a"

// newServer is a Server whose downloads fail at once (no request leaves
// the test).
func newServer(t testing.TB) *Server {
	q := queue.New(queue.Config{Jobs: 2, Prepare: func(queue.Spec) (*slget.Client, *slget.Request, func(), error) {
		return nil, nil, nil, errors.New("no downloads in this test")
	}})
	t.Cleanup(q.Close)
	return &Server{Queue: q, Root: t.TempDir(), Secret: fuzzSecret, Version: "test", PieceLength: 1 << 20}
}

func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":"q","method":"aria2.getVersion","params":["token:` + fuzzSecret + `"]}`,
		`{"jsonrpc":"2.0","id":1,"method":"aria2.addUri","params":["token:` + fuzzSecret + `",["http://127.0.0.1:1/x"],{"dir":"a","out":"b","header":["X: y"]},0]}`,
		`[{"jsonrpc":"2.0","id":1,"method":"aria2.tellStopped","params":["token:` + fuzzSecret + `",-1,5,["gid"]]},{"id":2}]`,
		`{"jsonrpc":"2.0","id":"m","method":"system.multicall","params":[[{"methodName":"aria2.tellActive","params":["token:` + fuzzSecret + `"]},{"methodName":"system.multicall"}]]}`,
		`{"jsonrpc":"2.0","id":1,"method":"aria2.changePosition","params":["token:` + fuzzSecret + `","0123456789abcdef",1,"POS_END"]}`,
		`{"jsonrpc":"2.0","id":1,"method":"aria2.addMetalink","params":["token:` + fuzzSecret + `","PG1ldGFsaW5rLz4="]}`,
		`{"jsonrpc":"2.0","id":1,"method":`, `[]`, `null`, `{"id":[1]}`, "\x00",
	} {
		f.Add([]byte(s))
	}
	s := newServer(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		answer, _ := s.Handle(body)
		if !json.Valid(answer) {
			t.Fatalf("answer %q to %q is not JSON", answer, body)
		}
		if !json.Valid(bytes.TrimSpace(body)) {
			if want := `{"id":null,"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error."}}`; string(answer) != want {
				t.Fatalf("answer %s to a body that is not JSON, want %s", answer, want)
			}
		}
		if bytes.Contains(answer, []byte(fuzzSecret)) && !bytes.Contains(body, []byte(fuzzSecret)) {
			t.Fatalf("answer %s shows the secret", answer)
		}
		for _, in := range s.Queue.Waiting() {
			if d := in.Spec.Options["dir"]; !inside(s.Root, d) {
				t.Fatalf("a download in %s, outside the root %s", d, s.Root)
			}
		}
	})
}

func TestPlace(t *testing.T) {
	root := filepath.Join(t.TempDir(), "root")
	s := &Server{Root: root}
	for _, c := range []struct {
		opts    map[string]string
		wantDir string // "" when refused
	}{
		{map[string]string{}, root},
		{map[string]string{"dir": "a/b"}, filepath.Join(root, "a", "b")},
		{map[string]string{"dir": root + "/x"}, filepath.Join(root, "x")},
		{map[string]string{"dir": "a/../b", "out": "sub/n.bin"}, filepath.Join(root, "b")},
		{map[string]string{"dir": ".."}, ""},
		{map[string]string{"dir": root + "/../x"}, ""},
		{map[string]string{"dir": root + "x"}, ""}, // a sibling sharing the prefix
		{map[string]string{"dir": "/"}, ""},
		{map[string]string{"out": "../n"}, ""},
		{map[string]string{"out": "a/../../n"}, ""},
		{map[string]string{"out": "/etc/n"}, ""},
		{map[string]string{"out": "."}, ""},
		{map[string]string{"out": ""}, ""},
	} {
		err := s.place(c.opts)
		switch {
		case c.wantDir == "" && err == nil:
			t.Errorf("%v: accepted (dir %s), want refused", c.opts, c.opts["dir"])
		case c.wantDir != "" && err != nil:
			t.Errorf("%v: %v", c.opts, err)
		case c.wantDir != "" && c.opts["dir"] != c.wantDir:
			t.Errorf("dir %s, want %s", c.opts["dir"], c.wantDir)
		}
	}
}

func TestPlaceRefusesSymlinkOut(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "link")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	s := &Server{Root: root}
	for _, opts := range []map[string]string{{"dir": "link"}, {"dir": "link/deeper"}, {"out": "link/x.bin"}} {
		err := s.place(opts)
		if err == nil {
			t.Errorf("%v: accepted, but link leads to %s", opts, outside)
			continue
		}
		// The refusal names what the client gave, and where it leads.
		want := "dir " + opts["dir"] // made absolute by place
		if opts["out"] != "" {
			want = "out " + opts["out"]
		}
		if !strings.Contains(err.Message, want) || !strings.Contains(err.Message, outside) {
			t.Errorf("%v: %q does not name %q and %s", opts, err.Message, want, outside)
		}
	}
	if err := s.place(map[string]string{"dir": "real/new", "out": "x/y.bin"}); err != nil {
		t.Errorf("a folder not yet made: %v", err)
	}
}

func TestWindow(t *testing.T) {
	list := []queue.Info{{GID: 1}, {GID: 2}, {GID: 3}, {GID: 4}}
	gids := func(l []queue.Info) string {
		var b strings.Builder
		for _, in := range l {
			b.WriteString(in.GID.String()[15:])
		}
		return b.String()
	}
	for _, c := range []struct {
		offset, num int
		want        string
	}{{0, 10, "1234"}, {1, 2, "23"}, {4, 1, ""}, {-1, 2, "43"}, {-4, 10, "1"}, {-5, 1, ""}, {0, 0, ""}} {
		if got := gids(window(list, c.offset, c.num)); got != c.want {
			t.Errorf("window(%d, %d) = %q, want %q", c.offset, c.num, got, c.want)
		}
	}
}

func TestBatchAndNotification(t *testing.T) {
	s := newServer(t)
	out, _ := s.Handle([]byte(`[{"jsonrpc":"2.0","id":1,"method":"system.listNotifications"},{"jsonrpc":"2.0","id":2,"method":"aria2.getVersion","params":["token:no"]}]`))
	var answers []map[string]any
	if err := json.Unmarshal(out, &answers); err != nil || len(answers) != 2 {
		t.Fatalf("batch answer %s", out)
	}
	if answers[0]["result"].([]any)[0] != "aria2.onDownloadStart" || answers[1]["error"].(map[string]any)["message"] != "Unauthorized" {
		t.Fatalf("batch answer %s", out)
	}
}
