// Helpers for the command's tests: running slget in-process or as a binary.

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// runResult is what one in-process run of slget printed and returned.
type runResult struct {
	code           int
	stdout, stderr string
}

// runSlget runs the command in-process with args (without the program name).
func runSlget(t *testing.T, args ...string) runResult {
	t.Helper()
	return slgetCtx(t, context.Background(), args...)
}

func slgetCtx(t *testing.T, ctx context.Context, args ...string) runResult {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(ctx, append([]string{"slget"}, args...), bytes.NewReader(nil), &out, &errb)
	r := runResult{code: code, stdout: out.String(), stderr: errb.String()}
	t.Logf("slget %q: exit %d\nstdout: %s\nstderr: %s", args, code, r.stdout, r.stderr)
	return r
}

// fileSHA returns the hex SHA-256 of a file, failing the test if it is
// missing.
func fileSHA(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func mustNotExist(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Lstat(path); err == nil {
		t.Fatalf("%s exists, want it absent", path)
	}
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds the slget command once per test run and returns its path.
func binary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "slget-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "slget")
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		out, err := exec.CommandContext(ctx, "go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = err
			binPath = string(out)
		}
	})
	if binErr != nil {
		t.Fatalf("building slget: %v\n%s", binErr, binPath)
	}
	return binPath
}

// mustFetch runs slget with args and fails the test unless it exits 0 and
// path then holds exactly the content whose hex SHA-256 is want.
func mustFetch(t *testing.T, path, want string, args ...string) runResult {
	t.Helper()
	r := runSlget(t, args...)
	if r.code != 0 {
		t.Fatalf("slget %q: exit %d, want 0", args, r.code)
	}
	if got := fileSHA(t, path); got != want {
		t.Fatalf("slget %q: %s has SHA-256 %s, want %s", args, path, got, want)
	}
	return r
}

// journalPath is where the journal of the download saved as path lives.
// gets leaves out of log the HEADs: the probe's, when slices may come
// from a cache or peers, and the look after the last byte (confirmVersion in
// the library), which carry no range.
func gets(log []fetchtest.Request) []fetchtest.Request {
	var out []fetchtest.Request
	for _, q := range log {
		if q.Method != http.MethodHead {
			out = append(out, q)
		}
	}
	return out
}

func journalPath(path string) string { return path + ".slget" }

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

func newRand() *rand.Rand { return rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7)) }
