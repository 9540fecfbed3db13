// Commits: finished slices reach the journal only after the output is
// synced, in groups (write, fdatasync, then commit).

package fetch

import (
	"github.com/slget/slget/segment"
	"io"
	"time"
)

// File is where slice bytes go: an *os.File, typically NAME.part.
type File interface {
	io.WriterAt
	// Sync makes what was written durable (fdatasync); it runs before every
	// journal commit.
	Sync() error
}

// SliceDone is one finished slice, as handed to a Journal.
type SliceDone struct {
	Index  int
	CRC32C uint32             // of the slice's bytes (Castagnoli); zero unless Config.Hash
	From   segment.Provenance // where its bytes came from
	Mirror string             // the mirror that sent them (Body.Mirror), "" for the first URL
}

// Journal records finished slices. Commit is called only after the File
// has been synced, so every slice it is given is on disk. Commit may be
// called from several goroutines at once, with batches in any order.
type Journal interface {
	Commit(done []SliceDone) error
}

func (d *Downloader) committer(stop <-chan struct{}) {
	t := time.NewTicker(d.cfg.CommitEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if err := d.flush(); err != nil {
				return
			}
		}
	}
}

// flush syncs the output and commits the pending slices: write, fdatasync,
// then commit, never the other way round. With a PrefixJournal it commits
// the slices' written prefixes too, taken before the sync: at most every
// prefixEvery when no slice is pending, always when final (Run's end).
func (d *Downloader) flush() error { return d.flushing(false) }

func (d *Downloader) flushing(final bool) error {
	var prefixes []Prefix
	if d.unaligned && d.cfg.Journal != nil {
		prefixes = d.prefixBatch(final)
	}
	d.mu.Lock()
	batch := d.pending
	d.pending = nil
	err := d.commitErr
	d.mu.Unlock()
	if err != nil || (len(batch) == 0 && len(prefixes) == 0) || d.cfg.Journal == nil {
		return err
	}
	if err = d.out.Sync(); err != nil {
		err = &LocalError{Op: "sync", Err: err}
	} else if err = d.commit(batch, prefixes); err != nil {
		err = &LocalError{Op: "journal", Err: err}
	}
	if err != nil {
		d.mu.Lock()
		d.commitErr = err
		d.mu.Unlock()
	}
	return err
}

// commit records the finished slices, then the prefixes (a prefix of a
// slice just finished is left out: the journal keeps none of a done
// slice).
func (d *Downloader) commit(batch []SliceDone, prefixes []Prefix) error {
	if len(batch) > 0 {
		if err := d.cfg.Journal.Commit(batch); err != nil {
			return err
		}
	}
	if len(prefixes) == 0 {
		return nil
	}
	keep := prefixes[:0]
	for _, p := range prefixes {
		if !d.sched.IsDone(p.Index) {
			keep = append(keep, p)
		}
	}
	if len(keep) == 0 {
		return nil
	}
	return d.cfg.Journal.(PrefixJournal).CommitPrefixes(keep)
}

// finished queues slice sd for the next commit, and commits at once when
// enough are queued.
func (d *Downloader) finished(sd SliceDone) error {
	if w, ok := d.src.(SliceWatcher); ok {
		w.SliceDone(sd)
	}
	if d.cfg.OnSlice != nil {
		d.cfg.OnSlice(sd)
	}
	d.mu.Lock()
	if d.cfg.Journal != nil { // without a journal nothing reads them: keep memory flat
		d.pending = append(d.pending, sd)
	}
	n, err := len(d.pending), d.commitErr
	d.mu.Unlock()
	if err != nil {
		return err
	}
	if d.cfg.Journal != nil && n >= d.cfg.CommitSlices {
		return d.flush()
	}
	return nil
}
