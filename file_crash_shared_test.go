// Power loss amid the syncs that a list of small files shares: the data
// syncs of files that finish together run side by side, and one folder
// fsync covers their renames.

package slget

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/osfile"
)

// syncModel records what a power loss could leave: a file's data is
// durable once its data sync has returned; a name in the folder may reach
// the disk at any moment after its rename (the kernel writes folders back
// on its own), and surely does once an fsync of the folder that began
// after the rename has ended.
type syncModel struct {
	t      *testing.T
	dir    string
	mu     sync.Mutex
	synced map[string]bool // NAME.part paths whose data sync returned
	lost   string          // the NAME.part whose data sync the power loss hits
	syncer *osfile.Syncer  // makes the syncs, as the Client's would
	// started counts the folder fsyncs begun, ended the highest one that
	// has ended (they run one at a time per folder).
	started, ended int
	broken         []string
}

// check looks at the folder as a power loss now would: every final name
// there must have had its data synced.
func (m *syncModel) check(when string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	names, err := os.ReadDir(m.dir)
	if err != nil {
		m.t.Error(err)
		return
	}
	for _, e := range names {
		name := filepath.Join(m.dir, e.Name())
		if strings.HasSuffix(name, ".part") {
			continue
		}
		if !m.synced[name+".part"] {
			m.broken = append(m.broken, fmt.Sprintf("%s: %s has its final name before its data was synced", when, e.Name()))
		}
	}
}

func (m *syncModel) datasync(f *os.File) error {
	m.check("before a data sync")
	if f.Name() == m.lost {
		return errPowerLost
	}
	if err := m.syncer.Datasync(f); err != nil {
		return err
	}
	m.mu.Lock()
	m.synced[f.Name()] = true
	m.mu.Unlock()
	return nil
}

func (m *syncModel) fsync(dir string) {
	m.check("before a folder fsync")
	m.mu.Lock()
	m.started++
	n := m.started
	m.mu.Unlock()
	m.syncer.SyncDir(dir)
	m.mu.Lock()
	m.ended = max(m.ended, n)
	m.mu.Unlock()
}

// TestPowerLossAmidSharedSyncs downloads 40 small files, 8 transferring at
// once, each giving its place to the next at Syncing (as -j does), with
// the power lost at the data sync of one of them. At every data sync,
// folder fsync and event, no final name is in the folder whose data was
// not synced; the file whose sync failed never gets its final name; every
// other file is whole under its name, and its Do returned only after a
// folder fsync that began after its rename had ended.
func TestPowerLossAmidSharedSyncs(t *testing.T) {
	const files, jobs, lost = 40, 8, 17
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	dir := t.TempDir()
	path := func(k int) string { return filepath.Join(dir, fmt.Sprintf("f%02d.bin", k)) }
	m := &syncModel{t: t, dir: dir, synced: map[string]bool{}, lost: path(lost) + ".part"}
	c := &Client{}
	m.syncer = &c.shared().syncer
	c.shared().datasync = m.datasync
	c.shared().dirs.fsync = m.fsync

	places := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	errs := make([]error, files)
	for k := range files {
		places <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var once sync.Once
			free := func() { once.Do(func() { <-places }) }
			defer free()
			renamedBefore := -1 // folder fsyncs begun when the file got its name
			_, errs[k] = c.Do(context.Background(), &Request{URL: fmt.Sprintf("%s?n=%d", srv.FileURL(), k), Path: path(k),
				Events: func(e Event) {
					switch e.(type) {
					case *Syncing:
						m.check("at Syncing")
						free()
					case *Finishing:
						m.check("at Finishing")
						m.mu.Lock()
						renamedBefore = m.started
						m.mu.Unlock()
					}
				}})
			m.mu.Lock()
			defer m.mu.Unlock()
			if errs[k] == nil && (renamedBefore < 0 || m.ended <= renamedBefore) {
				m.broken = append(m.broken, fmt.Sprintf("f%02d.bin: Do returned before a folder fsync begun after its rename had ended (begun before: %d, ended: %d)",
					k, renamedBefore, m.ended))
			}
		}()
	}
	wg.Wait()
	m.check("at the end")
	for _, b := range m.broken {
		t.Error(b)
	}
	want := srv.Content().SHA256()
	for k := range files {
		switch {
		case k == lost:
			if errs[k] == nil {
				t.Errorf("f%02d.bin: its data sync failed, yet Do returned no error", k)
			}
			if _, err := os.Lstat(path(k)); err == nil {
				t.Errorf("f%02d.bin: its data sync failed, yet it has its final name", k)
			}
		case errs[k] != nil:
			t.Errorf("f%02d.bin: %v", k, errs[k])
		case sha256Of(path(k)) != want:
			t.Errorf("f%02d.bin: wrong bytes under the final name", k)
		}
	}
	t.Logf("%d files: %d data syncs, %d folder fsyncs", files, len(m.synced), m.started)
}

// sha256Of is the hex SHA-256 of the file at path, or "" if it cannot be read.
func sha256Of(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
