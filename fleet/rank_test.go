// Tests of ownership: agreement, equal shares, and that a member joining
// or leaving moves little more than its own share.

package fleet

import (
	"fmt"
	"sync"
	"testing"
)

// bigFile is a 512 MiB file in 1 MiB slices: 128 runs of 4 MiB.
func bigFile(name string) File {
	return File{URL: "http://origin/" + name, ETag: `"e1"`, Size: 512 << 20, Slice: 1 << 20}
}

// firstChoice is a run's owner by plain rendezvous hashing: the member
// whose weight is highest.
func firstChoice(o *Owners, run int64) string {
	w := o.weights(run, nil)
	best := 0
	for i := range w {
		if byWeight(w, i, best) < 0 {
			best = i
		}
	}
	return o.members[best]
}

func TestOwnerIsRankFirst(t *testing.T) {
	f := bigFile("big.bin")
	o := Own(f, []string{"a", "b", "c", "d"})
	o2 := Own(f, []string{"d", "c", "b", "a", "c"})
	for run := range f.Runs() {
		r := o.Rank(run)
		if len(r) != 4 || r[0] != o.Owner(run) {
			t.Fatalf("run %d: Rank %v, Owner %q", run, r, o.Owner(run))
		}
		// The order given, and repeats, do not matter.
		if r2 := o2.Rank(run); fmt.Sprint(r2) != fmt.Sprint(r) {
			t.Fatalf("Rank depends on the order of members: %v and %v", r, r2)
		}
	}
	if o.Owner(-1) != "" || o.Owner(f.Runs()) != "" || Own(f, nil).Owner(0) != "" || Own(f, nil).Rank(0) != nil {
		t.Fatal("an owner of a run the file has not, or among no members")
	}
	if !o.For([]string{"c", "a", "b", "d", "a"}) || o.For([]string{"a", "b", "c"}) || o.For([]string{"a", "b", "c", "e"}) {
		t.Fatal("For does not tell the members it was made for")
	}
}

// TestOwnersAreBalanced: no member owns more than its equal share of a
// file's runs, rounded up, whatever the file and however many members.
// Plain rendezvous hashing gave one of four members 42 of a 512 MiB
// file's 128 runs in the fleet benchmark (1.31 times its share).
func TestOwnersAreBalanced(t *testing.T) {
	plainOver := 0
	for n := 1; n <= 7; n++ {
		var m []string
		for i := range n {
			m = append(m, fmt.Sprintf("member-%d", i))
		}
		for k := range 20 {
			f := bigFile(fmt.Sprintf("file-%d.bin", k))
			f.Size = int64(1+k*37) << 20 // 1 to 704 slices: some runs and blocks part full
			o := Own(f, m)
			share := (f.Runs() + int64(n) - 1) / int64(n)
			plain := map[string]int64{}
			var total int64
			for _, id := range m {
				c := ownedBy(o, id)
				total += c
				if c > share {
					t.Fatalf("%d members, %d runs: %s owns %d, more than its share %d", n, f.Runs(), id, c, share)
				}
			}
			for run := range f.Runs() {
				plain[firstChoice(o, run)]++
			}
			for _, c := range plain {
				if c > share {
					plainOver++
					break
				}
			}
			if total != f.Runs() {
				t.Fatalf("%d of %d runs owned", total, f.Runs())
			}
		}
	}
	if plainOver == 0 {
		t.Fatal("plain rendezvous hashing was never over a share: the test files prove nothing")
	}
}

// TestBlocksAreBalanced: a file of more than BlockRuns runs is shared out
// block by block, each block held to equal shares.
func TestBlocksAreBalanced(t *testing.T) {
	f := bigFile("huge.bin")
	f.Size = (2*BlockRuns + 100) * RunSlices * f.Slice
	m := []string{"a", "b", "c"}
	o := Own(f, m)
	for first := int64(0); first < f.Runs(); first += BlockRuns {
		n := min(BlockRuns, f.Runs()-first)
		count := map[string]int64{}
		for run := first; run < first+n; run++ {
			count[o.Owner(run)]++
		}
		for _, id := range m {
			if count[id] > (n+2)/3 {
				t.Fatalf("block at run %d: %v", first, count)
			}
		}
	}
}

// TestJoinAndLeaveMoveLittleMore: a member that joins or leaves moves
// little more than its own share (plain rendezvous hashing moves exactly
// that), and most runs keep their plain rendezvous owner.
func TestJoinAndLeaveMoveLittleMore(t *testing.T) {
	three, four := []string{"a", "b", "c"}, []string{"a", "b", "c", "d"}
	var joined, toD, left, ofD, runs, plain int64
	for k := range 50 {
		f := bigFile(fmt.Sprintf("file-%d.bin", k))
		before, after := Own(f, three), Own(f, four)
		for run := range f.Runs() {
			runs++
			if after.Owner(run) == firstChoice(after, run) {
				plain++
			}
			if o1, o2 := before.Owner(run), after.Owner(run); o1 != o2 {
				joined++
				if o2 == "d" {
					toD++
				}
			}
			// d leaves: its runs go to others, and some more move.
			if o1, o2 := after.Owner(run), before.Owner(run); o1 != o2 {
				left++
				if o1 == "d" {
					ofD++
				}
			}
		}
	}
	if toD != runs/4 || ofD != runs/4 {
		t.Fatalf("d took %d runs and gave back %d, want a quarter of %d each", toD, ofD, runs)
	}
	if joined > toD*5/4 || left > ofD*5/4 {
		t.Fatalf("a join moved %d runs (%d to the new member), a leave %d (%d of the one leaving): more than 1.25 times its share", joined, toD, left, ofD)
	}
	if plain < runs*4/5 {
		t.Fatalf("only %d of %d runs kept their plain rendezvous owner", plain, runs)
	}
}

// TestOwnersConcurrently: one Owners asked from many goroutines works each
// block out once and answers alike.
func TestOwnersConcurrently(t *testing.T) {
	f := bigFile("big.bin")
	f.Size = 3 * BlockRuns * RunSlices * f.Slice
	want := Own(f, []string{"a", "b", "c"})
	o := Own(f, []string{"a", "b", "c"})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for run := int64(g); run < f.Runs(); run += 97 {
				if o.Owner(run) != want.Owner(run) {
					t.Errorf("run %d: %q against %q", run, o.Owner(run), want.Owner(run))
				}
			}
		}()
	}
	wg.Wait()
}

func TestCanonicalURL(t *testing.T) {
	for _, c := range [][2]string{
		{"http://Host:80/a", "http://host/a"},
		{"https://host:443/a?q=1#frag", "https://host/a?q=1"},
		{"http://user:pw@host:8080", "http://host:8080/"},
		{"HTTP://HOST/x", "http://host/x"},
		{"http://host:443/a", "http://host:443/a"},
	} {
		if got := CanonicalURL(c[0]); got != c[1] {
			t.Errorf("CanonicalURL(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	if RunKey("http://h:80/f", `"e"`, 1, 2, 3) != RunKey("http://h/f#x", `"e"`, 1, 2, 3) {
		t.Fatal("one resource, two keys")
	}
	if RunKey("http://h/f", `"e"`, 1, 2, 3) == RunKey("http://h/f", `"e2"`, 1, 2, 3) {
		t.Fatal("two versions, one key")
	}
}

func TestRunBounds(t *testing.T) {
	for _, c := range [][3]int64{{0, 0, 4}, {3, 0, 4}, {4, 1, 8}, {9, 2, 12}} {
		if Run(c[0]) != c[1] || RunEnd(c[0]) != c[2] {
			t.Errorf("slice %d: run %d end %d", c[0], Run(c[0]), RunEnd(c[0]))
		}
	}
}

// ownedBy is how many of the file's runs member owns.
func ownedBy(o *Owners, member string) int64 {
	var n int64
	for run := int64(0); run < o.runs; run++ {
		if o.Owner(run) == member {
			n++
		}
	}
	return n
}
