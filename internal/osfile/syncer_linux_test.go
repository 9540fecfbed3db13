// Tests of Syncer on Linux: syncs through the io_uring on a disk, the
// plain call in memory and where the kernel refuses a ring, errors as the
// system call gives them, waits that hold no thread, and nothing left
// once idle.

package osfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// diskDir is a new folder on a file system that is not held in memory:
// the test's temporary folder, or one beside the package where /tmp is a
// tmpfs.
func diskDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if memoryDir(dir) {
		var err error
		if dir, err = os.MkdirTemp(".", "syncer-test-"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		if memoryDir(dir) {
			t.Fatal("no folder on a disk to test in")
		}
	}
	return dir
}

func memoryDir(dir string) bool {
	d, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer d.Close()
	return inMemory(int(d.Fd()))
}

// needRing skips where the kernel gives this process no io_uring: there
// Syncer makes the plain calls, which TestSyncerWithoutRing proves.
func needRing(t *testing.T) {
	t.Helper()
	r, err := openRing(4)
	if err != nil {
		t.Skipf("this kernel gives no io_uring (%v): Syncer makes the plain system calls", err)
	}
	r.close()
}

// waitIdle waits until no goroutine of s reaps completions.
func waitIdle(t *testing.T, s *Syncer) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		busy := s.reaping
		s.mu.Unlock()
		if !busy {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the ring's goroutine still runs with nothing in flight")
		}
		runtime.Gosched()
	}
}

func openFDs(t *testing.T) int {
	t.Helper()
	e, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(e)
}

// On a disk, the data and the folder syncs go through the ring; once
// nothing is in flight no goroutine is left, and Close gives back every
// descriptor the ring took.
func TestSyncerThroughRing(t *testing.T) {
	needRing(t)
	dir := diskDir(t)
	before := openFDs(t)
	var s Syncer
	for i := range 3 {
		f, err := os.Create(filepath.Join(dir, "f"+string(rune('a'+i))))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(make([]byte, 64<<10)); err != nil {
			t.Fatal(err)
		}
		if err := s.Datasync(f); err != nil {
			t.Fatalf("Datasync: %v", err)
		}
		f.Close()
	}
	s.SyncDir(dir)
	if got := s.ViaRing(); got != 4 {
		t.Fatalf("%d syncs went through the ring, want 4 (3 files and the folder)", got)
	}
	waitIdle(t, &s)
	s.Close()
	if s.r != nil {
		t.Fatal("Close left the ring open")
	}
	if after := openFDs(t); after != before {
		t.Fatalf("%d descriptors open after Close, %d before", after, before)
	}
	f, err := os.Open(filepath.Join(dir, "fa"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := s.Datasync(f); err != nil || s.ViaRing() != 5 {
		t.Fatalf("a sync after Close: %v, %d through the ring; want a new ring", err, s.ViaRing())
	}
	waitIdle(t, &s)
	s.Close()
}

// On tmpfs a sync returns at once, so it is made plainly.
func TestSyncerInMemoryPlain(t *testing.T) {
	if !memoryDir("/dev/shm") {
		t.Skip("no tmpfs at /dev/shm")
	}
	f, err := os.CreateTemp("/dev/shm", "syncer-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	var s Syncer
	if err := s.Datasync(f); err != nil {
		t.Fatal(err)
	}
	if s.ViaRing() != 0 || s.r != nil {
		t.Fatalf("a sync on tmpfs went through a ring (%d)", s.ViaRing())
	}
}

// Where the kernel refuses a ring, the syncs are the system calls, and
// the ring is not asked for again.
func TestSyncerWithoutRing(t *testing.T) {
	dir := diskDir(t)
	asked := 0
	s := Syncer{open: func(uint32) (*ring, error) {
		asked++
		return nil, os.NewSyscallError("io_uring_setup", syscall.ENOSYS)
	}}
	f, err := os.Create(filepath.Join(dir, "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for range 3 {
		if err := s.Datasync(f); err != nil {
			t.Fatalf("Datasync without a ring: %v", err)
		}
	}
	s.SyncDir(dir)
	if asked != 1 || s.ViaRing() != 0 {
		t.Fatalf("the ring was asked for %d times and made %d syncs; want once and none", asked, s.ViaRing())
	}
}

// A sync the file cannot take fails as the system call does: a pipe
// (EINVAL, which the ring's fsync also gives on a kernel without it, so it
// is asked plainly) and a closed file (EBADF).
func TestSyncerErrorsAsPlain(t *testing.T) {
	needRing(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	var s Syncer
	defer s.Close()
	got, want := s.Datasync(w), unix.Fdatasync(int(w.Fd()))
	if want == nil || !errors.Is(got, want) {
		t.Fatalf("Datasync of a pipe: %v, the system call: %v", got, want)
	}
	f, err := os.Create(filepath.Join(diskDir(t), "f"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := s.Datasync(f); !errors.Is(err, syscall.EBADF) {
		t.Fatalf("Datasync of a closed file: %v, want EBADF", err)
	}
	waitIdle(t, &s)
}

// opRead is IORING_OP_READ: it stands for a sync that waits on a slow
// disk, as a read of an empty pipe waits until something is written.
const opRead = 22

// threadsInRead counts this process's other threads now in the read
// system call.
func threadsInRead(t *testing.T) int {
	t.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	self := strconv.Itoa(unix.Gettid())
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	read := strconv.Itoa(unix.SYS_READ) + " "
	n := 0
	for _, task := range tasks {
		if task.Name() == self {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc/self/task", task.Name(), "syscall"))
		if err == nil && strings.HasPrefix(string(b), read) {
			n++
		}
	}
	return n
}

// While the kernel works, a sync holds no thread: with 16 reads of empty
// pipes in flight through the ring no thread waits in read, where 16
// blocking calls keep one thread each (the control below, so that the
// count can fail).
func TestSyncerWaitsWithoutThreads(t *testing.T) {
	needRing(t)
	const n = 16
	var s Syncer
	defer s.Close()
	var pipes [n][2]int
	for i := range pipes {
		if err := unix.Pipe2(pipes[i][:], unix.O_CLOEXEC); err != nil {
			t.Fatal(err)
		}
		defer unix.Close(pipes[i][0])
		defer unix.Close(pipes[i][1])
	}
	bufs := make([][]byte, n)
	var pin runtime.Pinner
	defer pin.Unpin()
	results := make([]chan int32, n)
	for i := range pipes {
		bufs[i] = make([]byte, 8)
		pin.Pin(&bufs[i][0])
		ch, err := s.submit(ringSQE{opcode: opRead, fd: int32(pipes[i][0]), addr: uint64(uintptr(unsafe.Pointer(&bufs[i][0]))), len: 8, off: ^uint64(0)})
		if err != nil {
			t.Fatal(err)
		}
		results[i] = ch
	}
	inFlight := threadsInRead(t)
	for i := range pipes {
		if _, err := unix.Write(pipes[i][1], []byte("written")); err != nil {
			t.Fatal(err)
		}
	}
	for i, ch := range results {
		if res := <-ch; res != 7 || string(bufs[i][:7]) != "written" {
			t.Fatalf("read %d: %d, %q", i, res, bufs[i][:max(res, 0)])
		}
	}
	waitIdle(t, &s)
	if inFlight > 0 {
		t.Fatalf("%d threads waited in read for %d reads through the ring; want none", inFlight, n)
	}

	// The control: the same waits as blocking system calls.
	for i := range pipes {
		if err := unix.Pipe2(pipes[i][:], unix.O_CLOEXEC); err != nil {
			t.Fatal(err)
		}
		defer unix.Close(pipes[i][0])
		defer unix.Close(pipes[i][1])
	}
	var wg sync.WaitGroup
	for i := range pipes {
		wg.Go(func() {
			var b [8]byte
			unix.Read(pipes[i][0], b[:])
		})
	}
	deadline := time.Now().Add(10 * time.Second)
	for threadsInRead(t) < n && time.Now().Before(deadline) {
		runtime.Gosched()
	}
	blocked := threadsInRead(t)
	for i := range pipes {
		unix.Write(pipes[i][1], []byte("x"))
	}
	wg.Wait()
	if blocked < n {
		t.Fatalf("the control: %d threads waited in %d blocking reads; the count cannot tell", blocked, n)
	}
}

// The kernel's structures keep their sizes on every architecture: a
// field added or a type changed would shift the ones after it.
func TestRingLayout(t *testing.T) {
	if s := unsafe.Sizeof(ringSQE{}); s != sqeSize {
		t.Errorf("a submission entry is %d bytes, want %d", s, sqeSize)
	}
	if s := unsafe.Sizeof(ringCQE{}); s != cqeSize {
		t.Errorf("a completion entry is %d bytes, want %d", s, cqeSize)
	}
	if s := unsafe.Sizeof(ringParams{}); s != 120 {
		t.Errorf("the setup parameters are %d bytes, want 120", s)
	}
}

// With every entry of the ring in flight, one more sync is made with the
// system call, at once, instead of waiting for room.
func TestSyncerRingFull(t *testing.T) {
	needRing(t)
	var s Syncer
	defer s.Close()
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(p[0])
	defer unix.Close(p[1])
	buf := make([]byte, ringEntries)
	var pin runtime.Pinner
	pin.Pin(&buf[0])
	defer pin.Unpin()
	var results []chan int32
	for i := range ringEntries {
		ch, err := s.submit(ringSQE{opcode: opRead, fd: int32(p[0]), addr: uint64(uintptr(unsafe.Pointer(&buf[i]))), len: 1, off: ^uint64(0)})
		if err != nil {
			t.Fatalf("read %d: %v", i, err)
		}
		results = append(results, ch)
	}
	if _, err := s.submit(ringSQE{opcode: opRead, fd: int32(p[0]), addr: uint64(uintptr(unsafe.Pointer(&buf[0]))), len: 1, off: ^uint64(0)}); !errors.Is(err, errRingFull) {
		t.Fatalf("a submission past the ring's size: %v, want errRingFull", err)
	}
	f, err := os.Create(filepath.Join(diskDir(t), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := s.Datasync(f); err != nil || s.ViaRing() != 0 {
		t.Fatalf("a sync with the ring full: %v, %d through the ring; want the system call", err, s.ViaRing())
	}
	if _, err := unix.Write(p[1], make([]byte, ringEntries)); err != nil {
		t.Fatal(err)
	}
	for _, ch := range results {
		if res := <-ch; res != 1 {
			t.Fatalf("a read ended with %d", res)
		}
	}
	waitIdle(t, &s)
	if s.noRing {
		t.Fatal("a full ring was taken for a refused one")
	}
}
