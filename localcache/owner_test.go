// Tests of ownership: the lock across processes, and the owner's published address.

package localcache

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// helperOwner is the second process of TestOwnerAcrossProcesses (TestMain
// runs it when $LOCALCACHE_OWNER_DIR is set): it opens the cache there,
// publishes an address, says "ready", and closes the cache when its stdin
// closes. It returns the exit code.
func helperOwner(dir string) int {
	s, err := Open(dir, fast(Options{}))
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	defer s.Close()
	if err := WriteOwner(dir, "http://127.0.0.1:8471"); err != nil {
		fmt.Println("error:", err)
		return 1
	}
	fmt.Println("ready")
	bufio.NewReader(os.Stdin).ReadString('\n')
	return 0
}

func TestOwnerAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "LOCALCACHE_OWNER_DIR="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if strings.TrimSpace(line) != "ready" {
		t.Fatalf("helper process: %q, %v", line, err)
	}

	_, err = Open(dir, nil)
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("Open while another process owns the cache: %v, want ErrLocked", err)
	}
	if !strings.Contains(err.Error(), "another slget owns the cache") {
		t.Errorf("message %q", err)
	}
	addr, err := Owner(dir)
	if err != nil || addr != "http://127.0.0.1:8471" {
		t.Fatalf("Owner = %q, %v", addr, err)
	}
	if err := WriteOwner(dir, "http://127.0.0.1:9999"); err != nil {
		t.Fatalf("WriteOwner while the cache is held: %v", err)
	}

	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := Owner(dir); !errors.Is(err, ErrNoOwner) {
		t.Errorf("Owner after the owner closed: %v, want ErrNoOwner", err)
	}
	s := openAt(t, dir, nil)
	s.Close()
}

func TestOwner(t *testing.T) {
	dir := t.TempDir()
	if _, err := Owner(dir); !errors.Is(err, ErrNoOwner) {
		t.Errorf("Owner of a folder never opened: %v", err)
	}
	if err := WriteOwner(dir, "http://x"); !errors.Is(err, ErrNoOwner) {
		t.Errorf("WriteOwner without a Store: %v, want ErrNoOwner", err)
	}
	s := openAt(t, dir, nil)
	if _, err := Owner(dir); !errors.Is(err, ErrNoOwner) || !strings.Contains(err.Error(), "no address") {
		t.Errorf("Owner before WriteOwner: %v", err)
	}
	for _, bad := range []string{"", "http://x\nEvil: 1", strings.Repeat("a", maxAddrLen+1)} {
		if err := WriteOwner(dir, bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("WriteOwner(%.20q) = %v, want ErrInvalid", bad, err)
		}
	}
	if err := WriteOwner(dir, "http://[::1]:8471"); err != nil {
		t.Fatal(err)
	}
	if addr, err := Owner(dir); addr != "http://[::1]:8471" || err != nil {
		t.Errorf("Owner = %q, %v", addr, err)
	}
	s.Close()
	if _, err := os.Lstat(dir + "/" + ownerName); !os.IsNotExist(err) {
		t.Errorf("owner file after Close: %v", err)
	}
	// An address left by an owner that died is not returned.
	if err := os.WriteFile(dir+"/"+ownerName, []byte("http://dead\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Owner(dir); !errors.Is(err, ErrNoOwner) {
		t.Errorf("Owner with a stale file: %v", err)
	}
}

func TestFleetIDIsKept(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.FleetID()
	if err != nil || !validFleetID(id) {
		t.Fatalf("FleetID %q, %v", id, err)
	}
	s.Close()
	s, err = Open(dir, nil) // the cache with its ID is still a cache
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if again, err := s.FleetID(); err != nil || again != id {
		t.Fatalf("after a restart the ID is %q (%v), was %q", again, err, id)
	}
}
