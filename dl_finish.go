// Finish: verify the whole file if asked, sync its data, rename it to its
// final name, sync the directory, and only then remove the journal.

package slget

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/resume"
)

// finish makes the complete partial file the final file.
func (d *download) finish(ctx context.Context) error {
	part := d.lock.path
	if err := d.verify(d.lock.f, part); err != nil {
		if d.ms != nil {
			// With mirrors, the one that sent other bytes is found and
			// its slices fetched from the others (blameMirror).
			if err := d.blameMirror(ctx, err); err != nil {
				return d.checksumFailed(err)
			}
		} else {
			// Slices from peers or the cache are fetched again from the
			// origin, and the file is checked once more (sharing.retryChecksum).
			old, err := d.share.retryChecksum(err)
			if err != nil {
				return d.checksumFailed(err)
			}
			if err := d.verify(d.lock.f, part); err != nil {
				return d.checksumFailed(err)
			}
			d.share.checksumFixed(old)
		}
	}
	d.proven()
	d.share.verified()
	d.emit(&Syncing{URL: d.res.URL, Path: d.path})
	d.markComplete(d.lock.f)
	datasync := d.c.shared().datasync
	if datasync == nil {
		datasync = d.c.shared().syncer.Datasync
	}
	if err := datasync(d.lock.f); err != nil {
		return fileErr("io", part, err)
	}
	synced := func(final string) {
		d.emit(&Finishing{URL: d.res.URL, Path: final})
		if d.renamed != nil {
			d.renamed.made()
		} else {
			d.c.shared().dirs.sync(filepath.Dir(final))
		}
	}
	if err := d.foldersStill(); err != nil {
		return err
	}
	if err := d.lock.finish(d.path, d.overwrite(), synced); err != nil {
		var taken *ExistsError
		if !errors.As(err, &taken) || !d.req.AutoRename || d.overwrite() {
			return err
		}
		if err := d.finishBeside(taken, synced); err != nil {
			return err
		}
	}
	// Only after the rename: a crash before it leaves a complete .part that
	// its journal resumes in no time, and a crash after it a complete file
	// that the next run recognises by its journal. aria2c's control file
	// of a file taken over goes first: a crash in between leaves the
	// complete file with its journal, never beside a control file alone,
	// which would make it aria2c's unfinished download.
	d.removeControl()
	d.removeJournal()
	d.setRemoteTime()
	return nil
}

// checksumFailed ends a download whose whole file failed its checksum:
// the partial file stays with its journal (a restart fetches it anew), or,
// without a journal, which nothing could resume, it is removed, as any
// failed download's without one.
func (d *download) checksumFailed(err error) error {
	var ce *ChecksumError
	if errors.As(err, &ce) && d.journal == nil && d.lock != nil {
		d.lock.remove()
		d.lock = nil
		ce.Removed = true
	}
	return err
}

// finishBeside saves the complete partial file as NAME.1.ext (NAME.2.ext,
// ...) when a file took its final name during the download (taken), as
// if it had been there at the start: the bytes are kept, not fetched
// again by the next run.
func (d *download) finishBeside(taken *ExistsError, synced func(string)) error {
	for i := 1; i <= maxRenames; i++ {
		cand := renamed(d.path, i)
		if !d.c.reserve(cand) {
			continue
		}
		err := d.lock.finish(cand, false, synced)
		var again *ExistsError
		if errors.As(err, &again) {
			d.c.unreserve(cand)
			continue
		}
		if err != nil {
			d.c.unreserve(cand)
			return err
		}
		d.warn("%s appeared during the download; saved as %s", taken.Path, cand)
		d.c.unreserve(d.path)
		d.path, d.res.Path = cand, cand
		return nil
	}
	return taken
}

// finishComplete ends a download whose file was found complete: a crash
// after the rename (its journal still there), or -c with a checksum that
// a full-size file matches.
func (d *download) finishComplete() error {
	d.res.Resumed = d.probe.Validator.Size
	d.res.BySource[FromOrigin] = d.probe.Validator.Size
	if d.checksum() != nil || d.req.SHA256 {
		f, err := osfile.OpenNoFollow(d.path, os.O_RDONLY, 0)
		if err != nil {
			return fileErr("open", d.path, err)
		}
		defer f.Close()
		if err := d.verify(f, d.path); err != nil {
			return err
		}
	}
	d.res.AlreadyComplete = true // proven: by its journal or record, and the checksum asked
	d.removeControl()
	d.removeJournal()
	d.setRemoteTime()
	return nil // Result.AlreadyComplete says it: no warning for each file of a rerun list
}

func (d *download) removeJournal() {
	if d.journal == nil {
		return
	}
	path := d.journal.Path()
	d.journal.Close()
	d.journal = nil
	if err := resume.Remove(path); err != nil {
		d.warn("%v", err)
	}
}

// verify hashes f, which is saved at name: it checks the request's
// checksum and fills Result.SHA256 when asked. One read serves both, and
// it begins where the hashing during the transfer stopped (prefixHash).
func (d *download) verify(f *os.File, name string) error {
	sums, from, ok := d.takePrefix()
	if !ok {
		return nil
	}
	c, sha, ch := d.checksum(), sums.sha, sums.ch
	if _, err := io.CopyBuffer(sums.w, io.NewSectionReader(f, from, 1<<62), make([]byte, 1<<20)); err != nil {
		return fileErr("io", name, err)
	}
	if sha != nil {
		d.res.SHA256 = hex.EncodeToString(sha.Sum(nil))
	}
	if c != nil {
		got := ch
		if got == nil {
			got = sha
		}
		if sum := got.Sum(nil); !bytes.Equal(sum, c.Sum) {
			return &ChecksumError{Path: name, Algo: c.Algo, Want: c.Sum, Got: sum, From: c.From}
		}
		d.res.Verified = c.Algo
		if c.From != "" {
			d.res.Verified += " (" + c.From + ")"
		}
	}
	return nil
}
