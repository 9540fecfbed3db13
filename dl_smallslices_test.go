// The small-slice warning as a program meets it through Client.Do: a slice
// size whose journal commits would take longer than the transfer is named,
// with the one that fits and RemedyLargerSlice; a fitting one, or a
// download without a journal, gets no warning.

package slget_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestSmallSliceWarning(t *testing.T) {
	const size = 32 << 20 // 8192 slices of 4k: 128 commits, longer than the transfer
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(4<<20))
	const warning = "slices of 4k cut 32.0 MiB into 8192 slices, which the journal commits at least 128 times"
	for _, tc := range []struct {
		name      string
		slice     int64
		noJournal bool
		warn      bool
	}{
		{"4k", 4 << 10, false, true},
		{"4k without a journal", 4 << 10, true, false}, // no commits until the end
		{"1m", 1 << 20, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t, &slget.Client{Connections: 4, Slice: tc.slice})
			// The warning comes before the transfer: stop the download
			// once it has started.
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			var warned []*slget.Warning
			_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "f.bin"), NoJournal: tc.noJournal,
				Events: func(e slget.Event) {
					switch e := e.(type) {
					case *slget.Warning:
						warned = append(warned, e)
					case *slget.Started:
						cancel()
					}
				}})
			var ie *slget.InterruptedError
			if !errors.As(err, &ie) {
				t.Fatalf("Do: %v (%T), want an *InterruptedError once started", err, err)
			}
			var got *slget.Warning
			for _, w := range warned {
				if strings.Contains(w.Message, "journal commits") || strings.Contains(w.Message, "fit") {
					got = w
				}
			}
			if (got != nil) != tc.warn {
				t.Fatalf("warned %v, want %v: %+v", got != nil, tc.warn, warned)
			}
			if !tc.warn {
				return
			}
			if !strings.Contains(got.Message, warning) || !strings.Contains(got.Message, "slices of 1m, the default, fit (32 slices)") {
				t.Errorf("the warning does not say what costs and which slice size fits: %q", got.Message)
			}
			if !slices.Equal(got.Help, []slget.Remedy{slget.RemedyLargerSlice}) {
				t.Errorf("the warning's Help is %v, want RemedyLargerSlice", got.Help)
			}
		})
	}
}
