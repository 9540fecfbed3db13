// The demo: its origin's bytes at any offset, and the quick start's first
// command, run as a new user would.

package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// Any range of the demo's bytes equals the same range of the whole file,
// at offsets inside an AES block too.
func TestDemoBytesAtAnyOffset(t *testing.T) {
	const size = 100_003
	d := newDemoBytes(size)
	whole, err := io.ReadAll(io.NewSectionReader(d, 0, size))
	if err != nil || len(whole) != size {
		t.Fatalf("read whole: %d bytes, %v", len(whole), err)
	}
	if bytes.Count(whole, []byte{0}) > size/128 {
		t.Fatal("the demo's bytes are mostly zeros")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		off := r.Int64N(size + 10)
		p := make([]byte, r.IntN(70))
		n, err := d.ReadAt(p, off)
		want := whole[min(off, size):min(off+int64(len(p)), size)]
		if !bytes.Equal(p[:n], want) {
			t.Fatalf("ReadAt(%d bytes, %d) differs from the whole file", len(p), off)
		}
		if n < len(p) && err != io.EOF {
			t.Fatalf("ReadAt(%d bytes, %d) = %d, %v: want io.EOF", len(p), off, n, err)
		}
	}
}

// slget demo, the README's first command, downloads its file, checks its
// SHA-256 and finds every request slice-aligned.
func TestDemoRuns(t *testing.T) {
	out, err := exec.Command(binary(t), "demo", "--size", "3000001", "--slice", "256k", "--rate", "2m", "-x", "4").CombinedOutput()
	if err != nil {
		t.Fatalf("slget demo: %v\n%s", err, out)
	}
	for _, want := range []string{"demo origin: http://127.0.0.1:", "4 connections: 2.9 MiB in", "verified", "of them slice-aligned"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("slget demo printed no %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "0 of them") {
		t.Errorf("slget demo:\n%s", out)
	}
}
