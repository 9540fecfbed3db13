// Package pause waits for a time or the end of a context, whichever comes
// first: the pause between two tries, in the HTTP side and the download
// flow alike.
package pause

import (
	"context"
	"time"
)

// Sleep waits for d, or until ctx ends, and then returns ctx's error.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
