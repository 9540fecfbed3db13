// Tests of Lock: a second open of a locked file is turned away, in this
// process too, and a shared lock admits another shared one.

package flock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestLock(t *testing.T) {
	if !Supported {
		t.Skip("no flock here")
	}
	p := filepath.Join(t.TempDir(), "f")
	open := func() *os.File {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	a, b := open(), open()
	if err := Lock(a, true, 0); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := Lock(b, true, 50*time.Millisecond); !errors.Is(err, ErrLocked) {
		t.Fatalf("second exclusive lock: %v, want ErrLocked", err)
	}
	if el := time.Since(start); el < 40*time.Millisecond {
		t.Errorf("gave up after %s, before the timeout", el)
	}
	a.Close()
	if err := Lock(b, false, 0); err != nil {
		t.Fatalf("after the holder closed: %v", err)
	}
	if err := Lock(open(), false, 0); err != nil {
		t.Fatalf("a second shared lock: %v", err)
	}
}
