// A commit waiting on the disk does not hold the readers: Done, Counts,
// Meta and Record answer while another transaction holds bbolt's writer
// lock and a Commit waits behind it, as it waits behind a slow fsync.

package resume

import (
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/slget/slget/segment"
)

func TestReadersDoNotWaitForACommit(t *testing.T) {
	j := newJournal(t, testMeta(64*4096, 4096), nil)
	if err := j.Commit([]Record{rec(0, segment.FromOrigin)}); err != nil {
		t.Fatal(err)
	}
	// Another transaction holds bbolt's writer lock until release is
	// closed: a Commit started now waits in its db.Update, as it waits for
	// the fsync of a slow disk.
	holding, release := make(chan struct{}), make(chan struct{})
	go j.db.Update(func(*bolt.Tx) error {
		close(holding)
		<-release
		return nil
	})
	<-holding
	committed := make(chan error, 1)
	go func() { committed <- j.Commit([]Record{rec(1, segment.FromPeer)}) }()

	read := make(chan struct{})
	go func() {
		defer close(read)
		time.Sleep(50 * time.Millisecond) // let the Commit reach its transaction
		if d := j.Done(); !d.Has(0) || d.Has(1) {
			t.Errorf("done-set %v while slice 1's commit waits", d)
		}
		if c := j.Counts(); c[segment.FromOrigin] != 4096 || c[segment.FromPeer] != 0 {
			t.Errorf("counts %v while slice 1's commit waits", c)
		}
		if _, ok := j.Record(0); !ok {
			t.Error("slice 0's record is missing")
		}
		_ = j.Meta()
	}()
	select {
	case <-read:
	case <-time.After(30 * time.Second):
		close(release)
		t.Fatal("the readers waited for a commit that waits for the disk")
	}
	close(release)
	if err := <-committed; err != nil {
		t.Fatal(err)
	}
	if d := j.Done(); !d.Has(1) || j.Counts()[segment.FromPeer] != 4096 {
		t.Errorf("after the commit: done %v, counts %v", d, j.Counts())
	}
}
