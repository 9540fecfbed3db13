// A name another download holds, through Client.Do: a second download to
// it, asked to restart or to keep no journal, is refused at once with a
// *LockedError, and the first still ends with the file's bytes.

package slget_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// Restart used to remove the other's journal and partial file before
// taking any lock, and NoJournal used to take no lock at all: the first
// download then renamed a half-written file to the final name.
func TestAHeldNameRefusesASecondDownload(t *testing.T) {
	for _, tc := range []struct {
		name   string
		first  slget.Request
		second slget.Request
		held   string // the side file that shows the first holds the name
	}{
		{"Restart", slget.Request{}, slget.Request{Restart: true}, ".slget"},
		{"NoJournal", slget.Request{NoJournal: true}, slget.Request{NoJournal: true}, ".part"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(1<<20))
			dir := t.TempDir()
			path := filepath.Join(dir, "f.bin")
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			// Two Clients, as two programs.
			a := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
			b := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
			first := tc.first
			first.URL, first.Path = srv.FileURL(), path
			ended := make(chan error, 1)
			go func() {
				_, err := a.Do(ctx, &first)
				ended <- err
			}()
			waitFor(t, "the first download's "+tc.held, func() bool { return exists(path + tc.held) })
			second := tc.second
			second.URL, second.Path = srv.FileURL(), path
			start := time.Now()
			_, err := b.Do(ctx, &second)
			var le *slget.LockedError
			if !errors.As(err, &le) || !errors.Is(err, slget.ErrLocked) || le.Path != path {
				t.Fatalf("second download: %v (%T), want a *LockedError for %s", err, err, path)
			}
			if !slices.Equal(slget.Remedies(err), []slget.Remedy{slget.RemedyWait, slget.RemedyOtherName}) {
				t.Errorf("Remedies: %v", slget.Remedies(err))
			}
			if el := time.Since(start); el > 3*time.Second {
				t.Errorf("the second download took %s to give up", el)
			}
			if err := <-ended; err != nil {
				t.Fatalf("first download: %v", err)
			}
			if fileSHA256(path) != srv.Content().SHA256() {
				t.Fatal("the first download ended with wrong bytes")
			}
		})
	}
}
