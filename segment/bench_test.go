// Benchmarks of the scheduler over whole downloads, and of the done-set.

package segment

import (
	"fmt"
	"testing"
)

// runSchedule drives s to completion with workers simulated in turn, each
// completing one slice per turn: equal shares, then stealing, then end-game.
func runSchedule(b *testing.B, s *Scheduler, workers int) {
	claims := make([]Claim, workers)
	next := make([]int, workers)
	held := make([]bool, workers)
	for !s.Finished() {
		for w := 0; w < workers; w++ {
			if !held[w] {
				c, ok := s.Claim()
				if !ok {
					continue
				}
				claims[w], next[w], held[w] = c, c.Run.First, true
			}
			out := s.Complete(claims[w], next[w])
			next[w]++
			if !out.More {
				s.Release(claims[w])
				held[w] = false
			}
		}
	}
	for w := range held {
		if held[w] {
			s.Release(claims[w])
		}
	}
	if s.Active() != 0 {
		b.Fatalf("%d claims left", s.Active())
	}
}

func BenchmarkSchedulerClaimComplete(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		for _, workers := range []int{8, 16} {
			b.Run(fmt.Sprintf("slices=%d/workers=%d", n, workers), func(b *testing.B) {
				p := Plan{Size: int64(n) << 20, Slice: 1 << 20}
				b.ReportAllocs()
				for b.Loop() {
					runSchedule(b, NewScheduler(p, nil, workers), workers)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/slice")
			})
		}
	}
}

func BenchmarkSetAdd(b *testing.B) {
	const n = 100_000
	s := NewSet(n)
	i := 0
	for b.Loop() {
		if i == n {
			s = NewSet(n)
			i = 0
		}
		s.Add(i)
		i++
	}
}

func BenchmarkMissing(b *testing.B) {
	const n = 100_000
	shapes := map[string]*Set{
		"empty": NewSet(n),
		"full":  NewSet(n),
		"every-7th": func() *Set {
			s := NewSet(n)
			for i := 0; i < n; i += 7 {
				s.Add(i)
			}
			return s
		}(),
		"half": func() *Set {
			s := NewSet(n)
			for i := 0; i < n/2; i++ {
				s.Add(i)
			}
			return s
		}(),
	}
	for i := 0; i < n; i++ {
		shapes["full"].Add(i)
	}
	for _, name := range []string{"empty", "full", "half", "every-7th"} {
		s := shapes[name]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				_ = s.Missing()
			}
		})
	}
}
