// The fleet ID: the name a serve of this cache goes by in its fleet, made
// once and kept with the slices it names the owner of.

package localcache

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
)

// FleetID returns the fleet ID kept in the cache s holds (12 hex digits),
// making one the first time. A fleet ranks the owners of slices by it, so
// a serve restarted on the same cache owns the same slices, which it still
// has.
func (s *Store) FleetID() (string, error) {
	id, err := fleetID(s.dir)
	if err != nil {
		return "", &Error{Dir: s.dir, Op: "fleet id", Err: err}
	}
	return id, nil
}

func fleetID(dir string) (string, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return "", err
	}
	defer root.Close()
	if err := checkHeld(root); err != nil {
		return "", err
	}
	if f, err := root.Open(fleetIDName); err == nil {
		b, rerr := io.ReadAll(io.LimitReader(f, 64))
		f.Close()
		if id := strings.TrimSpace(string(b)); rerr == nil && validFleetID(id) {
			return id, nil
		}
		// A damaged ID is replaced: the cost is that this serve's slices
		// move to other owners once.
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	var b [6]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	tmp := tempName(".")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", err
	}
	if err := writeAll(f, [][]byte{[]byte(id + "\n")}, true); err != nil {
		root.Remove(tmp)
		return "", err
	}
	if err := root.Rename(tmp, fleetIDName); err != nil {
		root.Remove(tmp)
		return "", err
	}
	return id, nil
}

func validFleetID(id string) bool {
	if len(id) != 12 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil
}
