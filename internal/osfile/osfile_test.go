// Tests of the OS layer: a lock turns away a second open's, a shared lock
// admits another shared one, the no-replace rename leaves an existing
// target and its source alone, OpenNoFollow refuses a symbolic link, and
// SyncDir of a folder (or of none) returns.

package osfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestLock(t *testing.T) {
	if !LockSupported {
		t.Skip("no locks here")
	}
	p := filepath.Join(t.TempDir(), "f")
	open := func() *os.File {
		f, err := OpenNoFollow(p, os.O_RDWR|os.O_CREATE, 0o600)
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
	// The data stays readable and writable through another handle (on
	// Windows the lock lies far past it).
	if _, err := b.WriteAt([]byte("data"), 0); err != nil {
		t.Fatalf("write through a second handle while locked: %v", err)
	}
	start := time.Now()
	if err := Lock(b, true, 50*time.Millisecond); !errors.Is(err, ErrLocked) {
		t.Fatalf("second exclusive lock: %v, want ErrLocked", err)
	}
	if el := time.Since(start); el < 40*time.Millisecond {
		t.Errorf("gave up after %s, before the timeout", el)
	}
	if err := Lock(b, false, 0); !errors.Is(err, ErrLocked) {
		t.Fatalf("shared lock beside an exclusive one: %v, want ErrLocked", err)
	}
	a.Close()
	if err := Lock(b, false, 0); err != nil {
		t.Fatalf("after the holder closed: %v", err)
	}
	c := open()
	if err := Lock(c, false, 0); err != nil {
		t.Fatalf("a second shared lock: %v", err)
	}
	if err := Lock(open(), true, 0); !errors.Is(err, ErrLocked) {
		t.Fatalf("exclusive lock beside two shared ones: %v, want ErrLocked", err)
	}
	if err := Unlock(b); err != nil {
		t.Fatal(err)
	}
	if err := Unlock(c); err != nil {
		t.Fatal(err)
	}
	if err := Lock(open(), true, 0); err != nil {
		t.Fatalf("exclusive lock after both unlocked: %v", err)
	}
}

func TestRenameNoReplace(t *testing.T) {
	dir := t.TempDir()
	from, to := filepath.Join(dir, "from"), filepath.Join(dir, "to")
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	check := func(p, want string) {
		t.Helper()
		got, err := os.ReadFile(p)
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", filepath.Base(p), got, err, want)
		}
	}
	write(from, "new")
	write(to, "old")
	if err := RenameNoReplace(from, to); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("over an existing file: %v, want fs.ErrExist", err)
	}
	check(from, "new")
	check(to, "old")

	if err := os.Remove(to); err != nil {
		t.Fatal(err)
	}
	if err := RenameNoReplace(from, to); err != nil {
		t.Fatalf("to a free name: %v", err)
	}
	check(to, "new")
	if _, err := os.Lstat(from); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the source is still there after the rename: %v", err)
	}
}

// TestRenameWhileOpen: the file OpenNoFollow holds (NAME.part, locked) can
// be renamed; on Windows this needs FILE_SHARE_DELETE.
func TestRenameWhileOpen(t *testing.T) {
	dir := t.TempDir()
	from, to := filepath.Join(dir, "f.part"), filepath.Join(dir, "f")
	f, err := OpenNoFollow(from, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := Lock(f, true, 0); err != nil {
		t.Fatal(err)
	}
	if err := RenameNoReplace(from, to); err != nil {
		t.Fatalf("rename of the open, locked file: %v", err)
	}
	SyncDir(dir)
}

func TestOpenNoFollow(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	if err := os.WriteFile(target, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, flag := range []int{os.O_RDONLY, os.O_RDWR, os.O_RDWR | os.O_CREATE, os.O_RDWR | os.O_TRUNC} {
		f, err := OpenNoFollow(link, flag, 0o600)
		if err == nil {
			f.Close()
			t.Fatalf("flag %#x: opened through a symbolic link", flag)
		}
		if !IsSymlinkRefused(err) {
			t.Errorf("flag %#x: %v, which IsSymlinkRefused does not match", flag, err)
		}
	}
	if got, err := os.ReadFile(target); err != nil || string(got) != "x" {
		t.Errorf("the link's target changed: %q, %v", got, err)
	}
	f, err := OpenNoFollow(target, os.O_RDONLY, 0)
	if err != nil {
		t.Fatalf("a plain file: %v", err)
	}
	f.Close()
	if _, err := OpenNoFollow(filepath.Join(dir, "none"), os.O_RDONLY, 0); !errors.Is(err, fs.ErrNotExist) || IsSymlinkRefused(err) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist only", err)
	}
	if _, err := OpenNoFollow(target, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600); !errors.Is(err, fs.ErrExist) {
		t.Errorf("O_EXCL on an existing file: %v, want fs.ErrExist", err)
	}
}

func TestSyncDir(t *testing.T) {
	SyncDir(t.TempDir())
	SyncDir(filepath.Join(t.TempDir(), "none")) // ignored
}
