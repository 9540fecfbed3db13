// Tests of ownership: agreement, balance, and that a member joining or
// leaving moves only its own share.

package fleet

import (
	"fmt"
	"testing"
)

func keys(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = RunKey("http://origin/big.bin", `"e1"`, 512<<20, 1<<20, int64(i))
	}
	return out
}

func TestOwnerIsRankFirst(t *testing.T) {
	m := []string{"a", "b", "c", "d"}
	for _, k := range keys(200) {
		r := Rank(k, m)
		if len(r) != 4 || r[0] != Owner(k, m) {
			t.Fatalf("Rank %v, Owner %q", r, Owner(k, m))
		}
		// The order given does not matter.
		if r2 := Rank(k, []string{"d", "c", "b", "a"}); fmt.Sprint(r2) != fmt.Sprint(r) {
			t.Fatalf("Rank depends on the order of members: %v and %v", r, r2)
		}
	}
}

func TestOwnersAreBalanced(t *testing.T) {
	m := []string{"id-1", "id-2", "id-3", "id-4"}
	count := map[string]int{}
	const n = 128 // a 512 MiB file in runs of 4 MiB
	for _, k := range keys(n) {
		count[Owner(k, m)]++
	}
	for _, id := range m {
		// Fair is 32; the fleet's promise is at most twice the fair share.
		if c := count[id]; c < n/len(m)/2 || c > 2*n/len(m) {
			t.Errorf("%s owns %d of %d runs: %v", id, c, n, count)
		}
	}
}

func TestJoinAndLeaveMoveOnlyTheirShare(t *testing.T) {
	before := []string{"a", "b", "c"}
	after := []string{"a", "b", "c", "d"}
	moved, toD := 0, 0
	for _, k := range keys(1000) {
		o1, o2 := Owner(k, before), Owner(k, after)
		if o1 != o2 {
			moved++
			if o2 == "d" {
				toD++
			}
		}
	}
	if moved != toD {
		t.Fatalf("a join moved %d runs, of which only %d to the new member", moved, toD)
	}
	if moved < 150 || moved > 350 {
		t.Fatalf("a fourth member took %d of 1000 runs; want about 250", moved)
	}
	// Leaving: the runs of c go to others, no other run moves.
	for _, k := range keys(1000) {
		o1, o2 := Owner(k, before), Owner(k, []string{"a", "b"})
		if o1 != "c" && o1 != o2 {
			t.Fatalf("run of %s moved to %s when c left", o1, o2)
		}
	}
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
