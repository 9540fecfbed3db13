// Examples of Plan and Scheduler.

package segment_test

import (
	"fmt"

	"github.com/slget/slget/segment"
)

func ExamplePlan_RunRange() {
	// 2.5 MiB in slices of 1 MiB: three slices, the last one half full.
	p, err := segment.NewPlan(5<<19, segment.DefaultSlice)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.N(), "slices")
	for _, run := range []segment.Run{{First: 0, End: 1}, {First: 1, End: 3}, {First: 2, End: 3}} {
		r := p.RunRange(run)
		fmt.Println(run, r, r.Header(), p.Aligned(r))
	}
	// Output:
	// 3 slices
	// slices [0,1) [0,1048576) bytes=0-1048575 true
	// slices [1,3) [1048576,2621440) bytes=1048576-2621439 true
	// slices [2,3) [2097152,2621440) bytes=2097152-2621439 true
}

func ExampleScheduler() {
	p, _ := segment.NewPlan(10<<20, segment.DefaultSlice) // 10 slices
	s := segment.NewScheduler(p, nil, 2)

	// Two workers start with equal shares.
	a, _ := s.Claim()
	b, _ := s.Claim()
	fmt.Println("a:", a.Run, p.RunRange(a.Run).Header())
	fmt.Println("b:", b.Run)

	// a is fast: it finishes its share while b is still reading slice 5.
	for i := a.Run.First; i < a.Run.End; i++ {
		s.Complete(a, i)
	}
	s.Release(a)

	// Nothing is free, so a steals the second half of what b has left.
	a, _ = s.Claim()
	fmt.Println("a steals:", a.Run)
	for i := 5; ; i++ {
		if out := s.Complete(b, i); !out.More {
			fmt.Println("b stops after slice", i)
			break
		}
	}
	s.Release(b)

	// b steals from a in turn; then nothing is left to split, and the next
	// claim is an end-game duplicate of the slice a is reading.
	b, _ = s.Claim()
	fmt.Println("b steals:", b.Run)
	d, _ := s.Claim()
	fmt.Println("duplicate:", d.Run, d.Dup)

	// The duplicate lands first: it is the copy to commit, and a is told
	// to stop.
	out := s.Complete(d, 8)
	fmt.Println("duplicate first:", out.First, "cancel a:", len(out.Cancel) == 1 && out.Cancel[0] == a.ID)
	fmt.Println("a first:", s.Complete(a, 8).First)
	s.Release(a)
	s.Release(d)
	s.Complete(b, 9)
	s.Release(b)
	fmt.Println("finished:", s.Finished())
	// Output:
	// a: slices [0,5) bytes=0-5242879
	// b: slices [5,10)
	// a steals: slices [8,10)
	// b stops after slice 7
	// b steals: slices [9,10)
	// duplicate: slices [8,9) true
	// duplicate first: true cancel a: true
	// a first: false
	// finished: true
}
