// Errors: the sentinels a caller tests with errors.Is, and *Error, which
// names the cache directory and says what to do.

package localcache

import (
	"errors"
	"fmt"

	"github.com/slget/slget/internal/errdetail"
)

// These errors can be returned by Open.
var (
	// ErrLocked is returned when another Store, in this process or
	// another, owns the cache directory. Only one process uses a cache at
	// a time; the others talk to it over HTTP (see Owner).
	ErrLocked = errors.New("localcache: cache is owned by another slget")

	// ErrSliceSize is returned when Options.SliceSize differs from the
	// slice size the cache was created with, and by Get, OpenRaw and Put
	// for a Key whose SliceSize is not the cache's. A cache holds slices
	// of one size only.
	ErrSliceSize = errors.New("localcache: slice size differs from the cache's")

	// ErrVersion is returned when the cache was written by a newer slget
	// with a format this one does not know.
	ErrVersion = errors.New("localcache: cache format is newer than this slget")

	// ErrNotCache is returned when the directory holds files but no
	// cache: Open does not scatter cache files among someone else's.
	ErrNotCache = errors.New("localcache: directory is not a slget cache")
)

// These errors can be returned by the methods of a Store.
var (
	// ErrMiss is returned by Get and OpenRaw when the cache does not hold
	// the slice. It is returned as is, not wrapped: a miss is not a
	// failure.
	ErrMiss = errors.New("localcache: slice not in cache")

	// ErrCorrupt is returned by Get and OpenRaw when the slice file was
	// damaged (its header, its size or a checksum did not match). The
	// file has been moved to the quarantine folder and out of the index;
	// treat it as a miss.
	ErrCorrupt = errors.New("localcache: slice file is damaged")

	// ErrFull is returned by Put when the file system is full (ENOSPC or
	// EDQUOT). Nothing was left behind; pass the bytes through uncached.
	ErrFull = errors.New("localcache: no space left for the cache")

	// ErrInvalid is returned for a Key or data the cache cannot hold: an
	// empty or relative URL, an empty or weak validator, a negative
	// index, a string past its limit, or data that is empty or longer
	// than a slice.
	ErrInvalid = errors.New("localcache: invalid key or data")

	// ErrClosed is returned when a Store is used after Close.
	ErrClosed = errors.New("localcache: cache is closed")
)

// These errors can be returned by Owner and WriteOwner.
var (
	// ErrNoOwner is returned by Owner when no process owns the cache, or
	// the owner has not published an address; and by WriteOwner when the
	// caller does not hold the cache open.
	ErrNoOwner = errors.New("localcache: no process serves the cache")
)

// Error is the error type of this package for everything but ErrMiss. It
// records the cache directory, the operation, and the file or URL
// concerned; Error() is a message for the user that says what to do.
type Error struct {
	Dir  string // the cache directory
	Op   string // "open", "get", "put", "sweep", "verify", "list", "purge", "owner", "close"
	Path string // a file under Dir or a URL, if one is concerned
	Err  error  // the cause; errors.Is(Err, ErrLocked) and so on
}

func (e *Error) Error() string {
	where := e.Dir
	if e.Path != "" {
		where = e.Path + " in cache " + e.Dir
	}
	switch {
	case errors.Is(e.Err, ErrLocked):
		return fmt.Sprintf("another slget owns the cache %s; ask the server that owns it as a peer, or use another cache directory", e.Dir)
	case errors.Is(e.Err, ErrSliceSize):
		return fmt.Sprintf("cache %s: %s; use the cache's slice size or another cache directory", e.Dir, detailOf(e.Err))
	case errors.Is(e.Err, ErrVersion):
		return fmt.Sprintf("cache %s was written by a newer slget (%s); upgrade, or use another cache directory", e.Dir, detailOf(e.Err))
	case errors.Is(e.Err, ErrNotCache):
		return fmt.Sprintf("%s holds other files and is not a slget cache; use an empty or new directory", e.Dir)
	case errors.Is(e.Err, ErrCorrupt):
		return fmt.Sprintf("%s is damaged (%s); it was moved to the quarantine folder and will be fetched again", where, detailOf(e.Err))
	case errors.Is(e.Err, ErrFull):
		return fmt.Sprintf("no space left to cache %s; the download goes on uncached (free space or lower the cache size)", where)
	case errors.Is(e.Err, ErrNoOwner):
		return fmt.Sprintf("cache %s: %s", e.Dir, detailOf(e.Err))
	}
	if e.Path != "" {
		return fmt.Sprintf("cache %s: %s %s: %v", e.Dir, e.Op, e.Path, e.Err)
	}
	return fmt.Sprintf("cache %s: %s: %v", e.Dir, e.Op, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// detailOf and detailf: see errdetail.
func detailOf(err error) string { return errdetail.Of(err) }

func detailf(kind error, format string, args ...any) error {
	return errdetail.New(kind, format, args...)
}

func (s *Store) wrap(op, path string, err error) error {
	if err == nil || err == ErrMiss {
		return err
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Dir: s.dir, Op: op, Path: path, Err: err}
}
