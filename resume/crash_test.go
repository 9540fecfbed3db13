// Crash tests: a child process that dies, or is killed, around commits.

package resume

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/segment"
)

// The child's side. TestMain runs it instead of the tests when the
// environment asks.
const (
	helperEnv = "RESUME_CRASH_HELPER" // the mode
	pathEnv   = "RESUME_CRASH_PATH"   // the journal
)

// crashMeta is the plan of the crash tests: 200 slices of 1000 bytes.
var crashMeta = testMeta(200*1000, 1000)

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(crashHelper(mode, os.Getenv(pathEnv)))
	}
	os.Exit(m.Run())
}

func crashHelper(mode, path string) int {
	j, err := Open(path, &Options{Timeout: 5 * time.Second})
	if errors.Is(err, ErrNotExist) {
		j, err = Create(path, crashMeta, nil)
	}
	if err != nil {
		fmt.Println("error", err)
		return 2
	}
	switch mode {
	case "die-before-commit":
		// Slice 0 is written, synced and committed; slice 1 is
		// written and synced, and the process dies before its commit.
		if err := j.Commit([]Record{rec(0, segment.FromOrigin)}); err != nil {
			fmt.Println("error", err)
			return 2
		}
		os.Exit(0) // no Close, no Commit of slice 1
	case "commit-loop":
		// Commit the missing slices in batches of 1 to 3, saying which
		// after each Commit returns, until all are done or the parent
		// kills us. The pause stands for the download of the batch.
		fmt.Println("open")
		var batch []Record
		flush := func() {
			time.Sleep(time.Millisecond)
			if err := j.Commit(batch); err != nil {
				fmt.Println("error", err)
				os.Exit(2)
			}
			for _, r := range batch {
				fmt.Println("done", r.Index)
			}
			batch = batch[:0]
		}
		for _, run := range j.Done().Missing() {
			for i := run.First; i < run.End; i++ {
				batch = append(batch, rec(i, segment.Provenance(1+i%3)))
				if len(batch) >= 1+batch[0].Index%3 {
					flush()
				}
			}
		}
		if len(batch) > 0 {
			flush()
		}
		fmt.Println("full")
	}
	return 0
}

// child runs the test binary as a crash helper.
func child(t *testing.T, mode, path string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, pathEnv+"="+path)
	cmd.Stderr = os.Stderr
	return cmd
}

func TestCrashBeforeCommit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "j.slget")
	if out, err := child(t, "die-before-commit", p).Output(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	j := mustOpen(t, p, nil)
	d := j.Done()
	if !d.Has(0) || d.Has(1) || d.Count() != 1 {
		t.Errorf("after a crash before the second commit: %d slices done (0: %v, 1: %v), want slice 0 only",
			d.Count(), d.Has(0), d.Has(1))
	}
	if r, _ := j.Record(0); r != rec(0, segment.FromOrigin) {
		t.Errorf("Record(0) = %v", r)
	}
}

// TestKillLoop kills a committing child with SIGKILL at random moments,
// from before it has created the journal to the middle of its commits, at
// least 20 times, and checks each time that every commit the child saw
// succeed is in the journal, intact, and that nothing else is half there.
// When a child gets to the end, the journal is removed and the next child
// starts a new download.
func TestKillLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "j.slget")
	r := rand.New(rand.NewPCG(5, 6))
	seen := map[int]bool{} // slices a child reported done
	interrupted := 0       // kills that landed before the child finished
	var progress []int     // slices done after each kill
	for round := 0; ; round++ {
		last := interrupted >= 20
		cmd := child(t, "commit-loop", p)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
		}()
		var timer <-chan time.Time
		if !last {
			timer = time.After(time.Duration(r.IntN(150)) * time.Millisecond)
		}
		full, killed := false, false
	read:
		for {
			select {
			case <-timer:
				cmd.Process.Kill()
				killed, timer = true, nil
			case l, ok := <-lines:
				if !ok {
					break read
				}
				if i, found := strings.CutPrefix(l, "done "); found {
					n, _ := strconv.Atoi(i)
					seen[n] = true
				}
				if strings.HasPrefix(l, "error") {
					t.Fatalf("round %d: child: %s", round, l)
				}
				full = full || l == "full"
			}
		}
		cmd.Wait()

		_, set, recs, err := Inspect(p)
		if errors.Is(err, ErrNotExist) && len(seen) == 0 && killed {
			interrupted++
			progress = append(progress, -1)
			continue // killed before the journal existed
		}
		if err != nil {
			t.Fatalf("round %d: after the kill: %v", round, err)
		}
		for i := range seen {
			if !set.Has(i) {
				t.Fatalf("round %d: slice %d was committed but is not done", round, i)
			}
		}
		for _, rc := range recs {
			if rc != rec(rc.Index, segment.Provenance(1+rc.Index%3)) {
				t.Fatalf("round %d: slice %d: record %v", round, rc.Index, rc)
			}
		}
		if killed && !full {
			interrupted++
			progress = append(progress, set.Count())
		}
		if full {
			if !set.Full() {
				t.Fatalf("round %d: the child finished with %d of %d done", round, set.Count(), set.Len())
			}
			if last {
				break
			}
			if err := Remove(p); err != nil {
				t.Fatal(err)
			}
			clear(seen)
		} else if last {
			t.Fatalf("the last child did not finish: %d of %d done", set.Count(), set.Len())
		}
	}
	t.Logf("%d kills before the end; slices done after each (-1: no journal yet): %v", interrupted, progress)
	if err := Remove(p); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files left after Remove: %v", ents)
	}
}
