// The journal file: made whole under a temporary name and linked into place,
// opened under its lock and checked before use, and removed.

package resume

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Create makes a new journal at path for the download described by m and
// returns it open and locked. It fails with an error matching fs.ErrExist
// (and ErrExist) if path exists. A zero m.Created is set to the current time.
//
// The journal appears at path complete or not at all: it is written and
// synced under a temporary name beside path and then linked into place, so a
// crash during Create never leaves a half-made journal that Open would call
// damaged. (A crash can leave the temporary file, PATH.tmp-XXXXXXXXXXXXXXXX;
// where files can be locked, the next Create or Remove of the same path
// deletes it.)
func Create(path string, m Meta, opts *Options) (*Journal, error) {
	j, err := create(path, m, opts)
	return j, wrap(path, "create", err)
}

func create(path string, m Meta, opts *Options) (*Journal, error) {
	if m.Size < 0 {
		return nil, fmt.Errorf("resume: negative size %d", m.Size)
	}
	if m.SliceSize <= 0 {
		return nil, fmt.Errorf("resume: slice size %d must be positive", m.SliceSize)
	}
	if n := sliceCount(m.Size, m.SliceSize); n < 0 {
		return nil, fmt.Errorf("resume: %d bytes in slices of %d is more than %d slices", m.Size, m.SliceSize, MaxSlices)
	}
	if m.Created.IsZero() {
		m.Created = time.Now()
	}
	m.Created = m.Created.Round(0).UTC()
	m.Schema = SchemaVersion
	if _, err := os.Lstat(path); err == nil {
		return nil, ErrExist
	}
	removeStale(path)

	f, tmp, err := createTemp(path)
	if err != nil {
		return nil, err
	}
	linked := false
	defer func() {
		if !linked {
			os.Remove(tmp)
		}
	}()
	if err := lockFile(f, true, 0); err != nil {
		f.Close()
		return nil, err
	}
	db, err := bolt.Open(tmp, 0o600, boltOptions(f, opts, false))
	if err != nil {
		f.Close()
		return nil, err
	}
	if err := db.Update(func(tx *bolt.Tx) error { return writeNew(tx, m) }); err != nil {
		db.Close()
		return nil, err
	}
	// Link, not rename: a link fails if path exists, so two slgets racing
	// to create the same journal cannot both win.
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			db.Close()
			return nil, ErrExist
		}
		// No hard links here (some network and FAT file systems): fall
		// back to a rename, checking first.
		if _, serr := os.Lstat(path); serr == nil {
			db.Close()
			return nil, ErrExist
		}
		if rerr := os.Rename(tmp, path); rerr != nil {
			db.Close()
			return nil, rerr
		}
	}
	linked = true
	os.Remove(tmp) // already gone after a rename
	if !opts.noSync() {
		osfile.SyncDir(filepath.Dir(path))
	}
	plan, _ := segment.NewPlan(m.Size, m.SliceSize)
	return &Journal{path: path, db: db, meta: m, plan: plan, done: segment.NewSet(plan.N())}, nil
}

// Open opens the journal at path and locks it. It fails with ErrNotExist if
// there is none (it never creates one), ErrLocked if another process holds
// it for longer than opts.Timeout, ErrVersion if a newer slget wrote it, and
// ErrCorrupt if it is damaged in any way; it never panics, whatever the file
// holds. Open reads the whole journal, so damage shows here and not later.
func Open(path string, opts *Options) (*Journal, error) {
	j, err := open(path, opts)
	return j, wrap(path, "open", err)
}

func open(path string, opts *Options) (j *Journal, err error) {
	var db *bolt.DB
	var st state
	err = openChecked(path, opts, false, func(d *bolt.DB) error {
		db = d
		return d.View(func(tx *bolt.Tx) error {
			var err error
			st, err = load(tx, false)
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return &Journal{path: path, db: db, meta: st.meta, plan: st.plan, done: st.done, counts: st.counts, dropped: st.dropped, mirrorOf: st.mirrorOf}, nil
}

// Inspect reads the journal at path without changing it: its Meta, done-set
// and records (records that fail their check are left out, as Open drops
// them). It takes a shared lock with the same timeout as Open, so it fails
// with ErrLocked while a download holds the journal. It fails as Open does
// on a missing, newer or damaged journal, but reads schema 1.
func Inspect(path string) (Meta, *segment.Set, []Record, error) {
	var st state
	err := openChecked(path, nil, true, func(d *bolt.DB) error {
		defer d.Close()
		return d.View(func(tx *bolt.Tx) error {
			var err error
			st, err = load(tx, true)
			return err
		})
	})
	if err != nil {
		return Meta{}, nil, nil, wrap(path, "inspect", err)
	}
	return st.meta, st.done, st.records, nil
}

// openChecked opens path (read-write or read-only), locks it, checks its
// structure, hands it to bbolt and runs use on the open database, all under
// a recover that turns any panic or memory fault into ErrCorrupt. On error
// the database is closed; on success use owns it.
func openChecked(path string, opts *Options, readOnly bool, use func(*bolt.DB) error) (err error) {
	// Never through a symlink planted at the journal's name.
	flag := os.O_RDWR
	if readOnly {
		flag = os.O_RDONLY
	}
	f, err := osfile.OpenNoFollow(path, flag, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return ErrNotExist
		}
		if osfile.IsSymlinkRefused(err) {
			return fmt.Errorf("resume: a symbolic link, not a journal: %w", err)
		}
		return err
	}
	var db *bolt.DB
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = corruptf("unreadable structure (%v)", r)
		}
		if err != nil {
			closeQuietly(db, f)
		}
	}()
	if err := lockFile(f, !readOnly, opts.timeout()); err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("resume: not a regular file (%v)", fi.Mode().Type())
	}
	if err := checkBolt(f, fi.Size()); err != nil {
		return err
	}
	bo := boltOptions(f, opts, readOnly)
	db, err = bolt.Open(path, 0o600, bo)
	if err != nil {
		db = nil
		switch {
		case errors.Is(err, berrors.ErrTimeout):
			return ErrLocked
		case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum),
			errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping):
			return corruptf("%v", err)
		}
		return err
	}
	return use(db)
}

// closeQuietly closes what a failed open left open, even if the failure left
// bbolt in a state where closing panics.
func closeQuietly(db *bolt.DB, f *os.File) {
	defer func() { _ = recover() }()
	defer f.Close() // an error if bbolt closed it already
	if db != nil {
		db.Close()
	}
}

// boltOptions hands bbolt the file we opened and locked, rather than
// letting it open one of its own (with O_CREATE, and unchecked).
func boltOptions(f *os.File, opts *Options, readOnly bool) *bolt.Options {
	return &bolt.Options{
		// Where lockFile locks, bbolt finds the lock taken and this
		// does not matter; elsewhere bbolt's lock is the only one. Its
		// zero waits for ever, so a nanosecond stands for "try once".
		Timeout:  max(opts.timeout(), time.Nanosecond),
		NoSync:   opts.noSync(),
		ReadOnly: readOnly,
		OpenFile: func(string, int, os.FileMode) (*os.File, error) { return f, nil },
	}
}

// Remove deletes the journal file at path; a missing file is not an error.
// It also deletes temporary files that a Create of the same path left behind
// when it was interrupted. Close the Journal first.
func Remove(path string) error {
	removeStale(path)
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return wrap(path, "remove", err)
	}
	return nil
}

// tmpSuffix is followed by 16 hex digits in the name of a journal that
// Create is still writing.
const tmpSuffix = ".tmp-"

// TempExtra is how many bytes the temporary name Create writes under adds
// to the journal's name: a name this much shorter than the file system's
// limit is the longest a journal can have.
const TempExtra = len(tmpSuffix) + 16

func createTemp(path string) (*os.File, string, error) {
	for range 10 {
		var r [8]byte
		if _, err := rand.Read(r[:]); err != nil {
			return nil, "", err
		}
		tmp := path + tmpSuffix + hex.EncodeToString(r[:])
		f, err := osfile.OpenNoFollow(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, tmp, err
	}
	return nil, "", fmt.Errorf("resume: no free temporary name beside %s", path)
}

// removeStale deletes PATH.tmp-XXXXXXXXXXXXXXXX files that no one holds
// locked: the leftovers of a Create that crashed. Where files cannot be
// locked it does nothing, since it could not tell them from a Create in
// progress.
func removeStale(path string) {
	if !haveLock {
		return
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, base+tmpSuffix)
		if !ok || len(rest) != 16 || !e.Type().IsRegular() {
			continue
		}
		if _, err := hex.DecodeString(rest); err != nil {
			continue
		}
		p := filepath.Join(dir, name)
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		if lockFile(f, true, 0) == nil {
			os.Remove(p)
		}
		f.Close()
	}
}
