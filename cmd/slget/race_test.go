// Four slget processes with mixed flags on one output name, again and
// again: never a final file with wrong bytes, never a complete file lost.

package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// savedAs finds where a run says it saved the file, or found it complete
// (a run that starts as another renames the file and has not yet removed
// its journal finds the file complete).
var savedAs = regexp.MustCompile(`(?:saved (\S+)|: (\S+) is complete already) \(`)

func TestFourSlgetsOneName(t *testing.T) {
	rounds := 30
	if testing.Short() {
		rounds = 4
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithRateLimit(2<<20))
	want := srv.Content().SHA256()
	flags := [][]string{{}, {"--restart"}, {"--no-journal"}, {"-c"}}
	rng := rand.New(rand.NewPCG(3, 4))
	for round := 0; round < rounds; round++ {
		dir := t.TempDir()
		var wg sync.WaitGroup
		codes := make([]int, len(flags))
		outs := make([]string, len(flags))
		for i, f := range flags {
			wg.Add(1)
			// Starts spread over about a download's time: some meet a
			// running download, some a finished file.
			delay := time.Duration(rng.IntN(1200)) * time.Millisecond
			go func() {
				defer wg.Done()
				time.Sleep(delay)
				args := append(append([]string{}, f...), "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
				codes[i], outs[i] = startBinary(t, args...).wait(t)
			}()
		}
		wg.Wait()
		saved := map[string]bool{}
		for i := range flags {
			switch codes[i] {
			case 0:
				m := savedAs.FindStringSubmatch(outs[i])
				if m == nil {
					t.Fatalf("round %d, %v: exit 0 without saying where it saved:\n%s", round, flags[i], outs[i])
				}
				saved[m[1]+m[2]] = true
			case exitJournal, exitFileExists:
				// Turned away by another's lock, or told the name is taken.
			default:
				t.Fatalf("round %d, %v: exit %d:\n%s", round, flags[i], codes[i], outs[i])
			}
		}
		if len(saved) == 0 {
			t.Fatalf("round %d: no slget finished:\n%s", round, strings.Join(outs, "\n"))
		}
		// Every file a slget said it saved is there, complete; every file
		// under a final name is complete.
		for p := range saved {
			if got := fileSHA(t, p); got != want {
				t.Fatalf("round %d: %s has wrong bytes", round, p)
			}
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if n := e.Name(); !strings.HasSuffix(n, ".part") && !strings.HasSuffix(n, ".slget") {
				if got := fileSHA(t, filepath.Join(dir, n)); got != want {
					t.Fatalf("round %d: %s is under a final name with wrong bytes", round, n)
				}
			}
		}
		if testing.Verbose() {
			fmt.Printf("round %d: exits %v, saved %d\n", round, codes, len(saved))
		}
	}
}
