// Errors: the sentinels a caller tests with errors.Is, and *Error, which
// names the journal file and says what to do.

package resume

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/slget/slget/internal/errdetail"
)

// These errors can be returned by Create, Open and Inspect. They always come
// wrapped in an *Error that names the journal file; test them with errors.Is.
var (
	// ErrLocked is returned when another process (or another Journal in
	// this one) holds the journal and the lock was not obtained within
	// Options.Timeout: another slget is downloading the same file.
	ErrLocked = errors.New("resume: journal is locked by another process")

	// ErrCorrupt is returned when the file is not a journal, or is a
	// journal that is truncated, overwritten or inconsistent. Nothing in
	// it can be trusted; the caller should discard it (--restart).
	ErrCorrupt = errors.New("resume: journal is damaged")

	// ErrVersion is returned when the journal was written with a schema
	// newer than SchemaVersion.
	ErrVersion = errors.New("resume: journal schema is newer than this slget")

	// ErrOldSchema is returned by Open for a journal of schema 1, whose
	// records carry no checks of their own. Inspect reads it; the caller
	// checks every slice it claims against its SHA-256 and carries on in a
	// new journal.
	ErrOldSchema = errors.New("resume: journal schema 1 must be checked and rewritten")

	// ErrNotExist is returned by Open and Inspect when there is no
	// journal. errors.Is(err, fs.ErrNotExist) holds as well.
	ErrNotExist = fmt.Errorf("resume: no journal: %w", fs.ErrNotExist)

	// ErrExist is returned by Create when the journal file already exists.
	// errors.Is(err, fs.ErrExist) holds as well.
	ErrExist = fmt.Errorf("resume: journal already exists: %w", fs.ErrExist)
)

// These errors can be returned by the methods of a Journal.
var (
	// ErrClosed is returned when a Journal is used after Close.
	ErrClosed = errors.New("resume: journal is closed")

	// ErrRange is returned by Commit for a record whose index is outside
	// the plan or whose Source is not one of the defined ones.
	ErrRange = errors.New("resume: record out of range")
)

// Error is the error type of this package. It records the journal file and
// the operation that failed; Error() is a message for the user that says
// what happened.
type Error struct {
	Path string // the journal file
	Op   string // "create", "open", "inspect", "commit", "set-final-url", "close", "remove"
	Err  error  // the cause; errors.Is(Err, ErrCorrupt) and so on
}

func (e *Error) Error() string {
	switch {
	case errors.Is(e.Err, ErrLocked):
		return fmt.Sprintf("another slget is downloading this file (journal %s is locked)", e.Path)
	case errors.Is(e.Err, ErrCorrupt):
		return fmt.Sprintf("journal %s is damaged: %s", e.Path, detailOf(e.Err))
	case errors.Is(e.Err, ErrVersion):
		return fmt.Sprintf("journal %s was written by a newer slget (%s); upgrade slget, or discard the journal", e.Path, detailOf(e.Err))
	case errors.Is(e.Err, ErrOldSchema):
		return fmt.Sprintf("journal %s was written by an older slget (schema 1); its slices must be checked against the file before they are trusted", e.Path)
	case errors.Is(e.Err, ErrNotExist):
		return fmt.Sprintf("journal %s does not exist", e.Path)
	case errors.Is(e.Err, ErrExist):
		return fmt.Sprintf("journal %s already exists", e.Path)
	}
	return fmt.Sprintf("journal %s: %s: %v", e.Path, e.Op, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func detailOf(err error) string { return errdetail.Of(err) }

// corruptf is an ErrCorrupt with particulars.
func corruptf(format string, args ...any) error { return errdetail.New(ErrCorrupt, format, args...) }

func wrap(path, op string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Path: path, Op: op, Err: err}
}
