// Tests of the partial file's writer on Linux: blocks reserved a slice at
// a time.

package slget

import (
	"bytes"
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/slget/slget/segment"
)

// allocated is the bytes of disk f holds.
func allocated(t *testing.T, f *os.File) int64 {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		t.Fatal(err)
	}
	return st.Blocks * 512
}

func TestSyncFileReservesEachSliceOnItsFirstWrite(t *testing.T) {
	const slice = 256 << 10
	size := int64(3*slice + 1000) // a short last slice
	plan, err := segment.NewPlan(size, slice)
	if err != nil {
		t.Fatal(err)
	}
	f := openPart(t, size)
	if err := unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_KEEP_SIZE, 0, 4096); err != nil {
		t.Fatalf("this test needs a file system with fallocate (the temporary directory's has none: %v)", err)
	}
	f.Truncate(0)
	f.Truncate(size)
	s := newSyncFile(f, plan, nil)
	if got := allocated(t, f); got != 0 {
		t.Fatalf("a fresh sparse file holds %d bytes", got)
	}

	// A few bytes in slice 1 reserve all of slice 1 and nothing else.
	want := bytes.Repeat([]byte("slget"), 20)
	if _, err := s.WriteAt(want, slice+10); err != nil {
		t.Fatal(err)
	}
	if got := allocated(t, f); got != slice {
		t.Fatalf("after a write into slice 1 the file holds %d bytes; want the slice's %d", got, slice)
	}
	// A write across slices 2 and 3 reserves both; the last one only up
	// to the end of the file (rounded to the block).
	if _, err := s.WriteAt(want, 3*slice-50); err != nil {
		t.Fatal(err)
	}
	block := int64(os.Getpagesize()) // ext4's and tmpfs's block here
	if got, want := allocated(t, f), 2*int64(slice)+(1000+block-1)/block*block; got != want {
		t.Fatalf("after a write across slices 2 and 3 the file holds %d bytes; want slices 1 and 2 and the last one's 1000 bytes to the block: %d", got, want)
	}
	// The reserved blocks read as zeros, the written bytes as written, and
	// the size did not change.
	got := make([]byte, size)
	if _, err := f.ReadAt(got, 0); err != nil {
		t.Fatal(err)
	}
	exp := make([]byte, size)
	copy(exp[slice+10:], want)
	copy(exp[3*slice-50:], want)
	if !bytes.Equal(got, exp) {
		t.Fatal("the file's bytes are not what was written")
	}
	if fi, _ := f.Stat(); fi.Size() != size {
		t.Fatalf("size %d after the writes; want %d", fi.Size(), size)
	}
}

func TestSyncFileWithoutFallocateStaysSparse(t *testing.T) {
	// A file system without fallocate: the writes go on, nothing reserved.
	// /dev/shm (tmpfs) has fallocate, so fake its absence by a plan whose
	// reservations were all tried already.
	const slice = 64 << 10
	plan, _ := segment.NewPlan(4*slice, slice)
	f := openPart(t, 4*slice)
	s := newSyncFile(f, plan, nil)
	s.noReserve.Store(true)
	if _, err := s.WriteAt([]byte("x"), slice); err != nil {
		t.Fatal(err)
	}
	if got := allocated(t, f); got >= slice {
		t.Fatalf("with reservations off one byte took %d bytes of disk", got)
	}
	if err := s.reserve(1 << 20); err != nil || errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("a slice past the plan: %v; want no error", err)
	}
}

// A file of one slice (a list's small file) reserves nothing: its writes
// come in order from its start, and a reservation is a call per file for
// nothing. Its bytes are written whole all the same.
func TestSyncFileOfOneSliceReservesNothing(t *testing.T) {
	const size = 64 << 10
	plan, _ := segment.NewPlan(size, 1<<20)
	f := openPart(t, size)
	if err := unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_KEEP_SIZE, 0, 4096); err != nil {
		t.Fatalf("this test needs a file system with fallocate (the temporary directory's has none: %v)", err)
	}
	f.Truncate(0)
	f.Truncate(size)
	s := newSyncFile(f, plan, nil)
	if _, err := s.WriteAt([]byte("x"), 0); err != nil {
		t.Fatal(err)
	}
	if got := allocated(t, f); got >= size {
		t.Fatalf("one byte of a one-slice file took %d bytes of disk: the slice was reserved", got)
	}
	want := bytes.Repeat([]byte{7}, size)
	if _, err := s.WriteAt(want, 0); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, size)
	if _, err := f.ReadAt(got, 0); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the file holds other bytes than written (%v)", err)
	}
}

// Writes to the partial file go one at a time: a second WriteAt waits for
// the one in progress (here, the lock held by the test stands for it).
func TestSyncFileWritesOneAtATime(t *testing.T) {
	const slice = 64 << 10
	plan, _ := segment.NewPlan(2*slice, slice)
	f := openPart(t, 2*slice)
	s := newSyncFile(f, plan, nil)
	s.writing.Lock()
	done := make(chan error, 1)
	go func() {
		_, err := s.WriteAt([]byte("second"), slice)
		done <- err
	}()
	// The write must not get through while the other one holds the file:
	// give it far longer than a write of six bytes takes.
	select {
	case err := <-done:
		t.Fatalf("a write went through while another was in progress (err %v)", err)
	case <-time.After(200 * time.Millisecond):
	}
	s.writing.Unlock()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the waiting write never went through")
	}
	got := make([]byte, 6)
	if _, err := f.ReadAt(got, slice); err != nil || string(got) != "second" {
		t.Fatalf("read back %q, %v", got, err)
	}
}
