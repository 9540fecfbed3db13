// The owner's address: how slget processes that cannot open the cache find the one that has it.

package localcache

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// maxAddrLen bounds an owner address.
const maxAddrLen = 1 << 10

// WriteOwner publishes addr (such as "http://127.0.0.1:8471") as the
// address at which the process that owns the cache in dir serves it, for
// other slget processes to find with Owner. Call it from the process whose
// Store holds dir open; it fails with ErrNoOwner if none does. The file is
// replaced atomically, and Close removes it.
func WriteOwner(dir, addr string) error {
	err := writeOwner(dir, addr)
	if err != nil {
		return &Error{Dir: dir, Op: "owner", Err: err}
	}
	return nil
}

func writeOwner(dir, addr string) error {
	if addr == "" || len(addr) > maxAddrLen || strings.ContainsFunc(addr, isControl) {
		return fmt.Errorf("%w: address %q", ErrInvalid, addr)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := checkHeld(root); err != nil {
		return err
	}
	tmp := tempName(".")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if err := writeAll(f, [][]byte{[]byte(addr + "\n")}, true); err != nil {
		root.Remove(tmp)
		return err
	}
	if err := root.Rename(tmp, ownerName); err != nil {
		root.Remove(tmp)
		return err
	}
	return nil
}

// Owner returns the address the owner of the cache in dir published with
// WriteOwner. It fails with ErrNoOwner if no process holds the cache (an
// address left by one that died is not returned) or the owner published
// none; then the caller may Open the cache itself.
func Owner(dir string) (string, error) {
	addr, err := owner(dir)
	if err != nil {
		return "", &Error{Dir: dir, Op: "owner", Err: err}
	}
	return addr, nil
}

func owner(dir string) (string, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", detailf(ErrNoOwner, "no cache here yet")
		}
		return "", err
	}
	defer root.Close()
	if err := checkHeld(root); err != nil {
		return "", err
	}
	fi, err := root.Lstat(ownerName)
	if errors.Is(err, fs.ErrNotExist) {
		return "", detailf(ErrNoOwner, "its owner publishes no address (it is not a server)")
	}
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", ownerName)
	}
	f, err := root.Open(ownerName)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxAddrLen+2))
	if err != nil {
		return "", err
	}
	addr, _, _ := strings.Cut(string(b), "\n")
	if addr == "" || len(addr) > maxAddrLen || strings.ContainsFunc(addr, isControl) {
		return "", detailf(ErrNoOwner, "its owner file is damaged")
	}
	return addr, nil
}

// checkHeld returns ErrNoOwner unless some Store holds the cache's lock.
func checkHeld(root *os.Root) error {
	f, err := root.Open(lockName)
	if errors.Is(err, fs.ErrNotExist) {
		return detailf(ErrNoOwner, "no slget has opened it")
	}
	if err != nil {
		return err
	}
	defer f.Close()
	held, err := lockHeld(f)
	if err != nil {
		return err
	}
	if !held {
		return detailf(ErrNoOwner, "no slget holds it open")
	}
	return nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
