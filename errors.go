// Errors of the download flow: each names the file or URL it is about and
// says what to do; each has a type or sentinel a caller tests with
// errors.As or errors.Is (the command maps them to exit codes).

package slget

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"github.com/slget/slget/internal/osfile"
)

// ErrLocked is matched by the error of a download whose output another
// download (in this process or another) holds.
var ErrLocked = errors.New("another slget is downloading this file")

// FileError is a failure of the local file system: opening an existing
// file, creating or truncating one, or reading, writing and syncing one.
type FileError struct {
	Op   string // "open", "create" or "io"
	Path string
	Err  error
}

func (e *FileError) Error() string {
	what := map[string]string{"open": "cannot open", "create": "cannot create", "io": "cannot write"}[e.Op]
	if what == "" {
		what = e.Op
	}
	msg := fmt.Sprintf("%s %s: %v", what, e.Path, e.Err)
	switch {
	case osfile.IsReadOnlyFS(e.Err):
		msg += " (the file system is read-only: choose another directory with -d)"
	case errors.Is(e.Err, fs.ErrPermission): // EACCES, EPERM; ERROR_ACCESS_DENIED
		msg += " (no permission: choose another directory with -d)"
	}
	return msg
}

func (e *FileError) Unwrap() error { return e.Err }

func fileErr(op, path string, err error) error {
	if err == nil {
		return nil
	}
	return &FileError{Op: op, Path: path, Err: err}
}

// ExistsError reports that the output name is taken and slget may not
// replace what is there: a file, a partial download of another URL, or a
// partial file that is not slget's.
type ExistsError struct {
	Path string
	Why  string // what is there: "already exists"
	Hint string // what the user can do, "" if nothing
}

func (e *ExistsError) Error() string {
	if e.Hint == "" {
		return e.Path + " " + e.Why
	}
	return e.Path + " " + e.Why + "; " + e.Hint
}

// DiskFullError reports that the file cannot fit where it is to be saved.
type DiskFullError struct {
	Path       string
	Need, Free int64
}

func (e *DiskFullError) Error() string {
	return fmt.Sprintf("%s needs %s more but its file system has only %s free; free some space or choose another directory with -d",
		e.Path, HumanBytes(e.Need), HumanBytes(e.Free))
}

// Unwrap makes a DiskFullError match syscall.ENOSPC.
func (e *DiskFullError) Unwrap() error { return syscall.ENOSPC }

// ChecksumError reports that the whole file does not match --checksum.
type ChecksumError struct {
	Path      string // where the file stays; "" for a stream (Request.Writer)
	Algo      string
	Want, Got []byte
}

func (e *ChecksumError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("%s checksum mismatch: want %x, got %x; the bytes went to the stream already: do not use them", e.Algo, e.Want, e.Got)
	}
	return fmt.Sprintf("%s checksum mismatch: want %x, got %x; the file stays in %s", e.Algo, e.Want, e.Got, e.Path)
}

// WriterError reports that Request.Writer failed, after Written bytes of
// the stream went to it: its reader went away (errors.Is(err,
// syscall.EPIPE) for a closed pipe), or its file system failed.
type WriterError struct {
	Written int64
	Err     error
}

func (e *WriterError) Error() string {
	return fmt.Sprintf("writing the stream failed after %s: %v", HumanBytes(e.Written), e.Err)
}

func (e *WriterError) Unwrap() error { return e.Err }

// InterruptedError reports a download stopped by its context (Ctrl-C,
// SIGTERM) and what was kept of it.
type InterruptedError struct {
	Path string // the partial file kept, or "" if nothing was kept
	Err  error  // the context's error
}

func (e *InterruptedError) Error() string {
	if e.Path == "" {
		return "interrupted; nothing was kept (this download cannot be resumed)"
	}
	return fmt.Sprintf("interrupted; the partial download stays in %s; run the same command again to resume", e.Path)
}

func (e *InterruptedError) Unwrap() error { return e.Err }

// HumanBytes formats n bytes in binary units: "512 B", "1.5 MiB".
func HumanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
