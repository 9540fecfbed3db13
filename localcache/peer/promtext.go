// The peer server's metric types and their exposition in Prometheus' text
// format (version 0.0.4): counters, gauges, their labelled families and
// values read when scraped, with a few of the process's own numbers.
//
// The design decision: the serve writes its few dozen numbers itself
// rather than through prometheus/client_golang, whose package init (its
// default registry with the Go and process collectors, procfs, protobuf)
// cost every start of the command about 1 ms of CPU, downloads included,
// though only `slget serve` ever answers /metrics. What the text loses:
// the protobuf and OpenMetrics formats, gzip, and the full go_* and
// process_* sets (go_goroutines, go_threads, go_memstats_* of the heap,
// process_open_fds, process_resident_memory_bytes and
// process_start_time_seconds remain).

package peer

import (
	"bufio"
	"math"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// value is a float64 changed atomically: a counter or a gauge.
type value struct{ bits atomic.Uint64 }

// Add adds v (a counter is only ever given v ≥ 0).
func (c *value) Add(v float64) {
	for {
		old := c.bits.Load()
		if c.bits.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			return
		}
	}
}

// Inc adds 1.
func (c *value) Inc() { c.Add(1) }

// Dec subtracts 1 (gauges only).
func (c *value) Dec() { c.Add(-1) }

// Load is the value now.
func (c *value) Load() float64 { return math.Float64frombits(c.bits.Load()) }

// family is one metric's samples, one per set of label values.
type family struct {
	name, help, kind string
	labels           []string
	fn               func() float64 // a value read when scraped, no labels

	mu       sync.Mutex
	children map[string]*value // by label values joined with \xff
}

// WithLabelValues is the sample for the label values, in the order of
// the family's labels.
func (f *family) WithLabelValues(vals ...string) *value {
	key := strings.Join(vals, "\xff")
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.children[key]
	if !ok {
		c = &value{}
		f.children[key] = c
	}
	return c
}

// registry holds a server's families (never a global one: two servers in
// a process, as in tests, keep their numbers apart).
type registry struct {
	start time.Time
	fams  []*family
}

func newRegistry() *registry { return &registry{start: time.Now()} }

// add registers a family of kind "counter" or "gauge" with the labels.
func (r *registry) add(kind, name, help string, labels ...string) *family {
	f := &family{name: name, help: help, kind: kind, labels: labels, children: map[string]*value{}}
	r.fams = append(r.fams, f)
	return f
}

// addOne registers a family without labels and gives its one sample,
// shown from the start (at 0).
func (r *registry) addOne(kind, name, help string) *value {
	return r.add(kind, name, help).WithLabelValues()
}

// addFunc registers a family whose one value fn gives when scraped.
func (r *registry) addFunc(kind, name, help string, fn func() float64) {
	r.fams = append(r.fams, &family{name: name, help: help, kind: kind, fn: fn})
}

// sample is one line of the exposition.
type sample struct {
	labels string // {a="b",...} or empty
	v      float64
}

// samples are the family's lines, sorted by their labels.
func (f *family) samples() []sample {
	if f.fn != nil {
		return []sample{{v: f.fn()}}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]sample, 0, len(f.children))
	for key, c := range f.children {
		s := sample{v: c.Load()}
		if len(f.labels) > 0 {
			var b strings.Builder
			b.WriteByte('{')
			for i, v := range strings.Split(key, "\xff") {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(f.labels[i])
				b.WriteString(`="`)
				b.WriteString(labelEscaper.Replace(v))
				b.WriteByte('"')
			}
			b.WriteByte('}')
			s.labels = b.String()
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].labels < out[j].labels })
	return out
}

var (
	labelEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`)
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
)

// runtimeFamilies are the process's own numbers, read when scraped.
func (r *registry) runtimeFamilies() []*family {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	threads, _ := runtime.ThreadCreateProfile(nil)
	fams := []*family{
		{name: "go_goroutines", kind: "gauge", help: "Number of goroutines that currently exist.", fn: func() float64 { return float64(runtime.NumGoroutine()) }},
		{name: "go_threads", kind: "gauge", help: "Number of OS threads created.", fn: func() float64 { return float64(threads) }},
		{name: "go_memstats_heap_alloc_bytes", kind: "gauge", help: "Number of heap bytes allocated and currently in use.", fn: func() float64 { return float64(ms.HeapAlloc) }},
		{name: "go_memstats_sys_bytes", kind: "gauge", help: "Number of bytes obtained from system.", fn: func() float64 { return float64(ms.Sys) }},
		{name: "go_memstats_mallocs_total", kind: "counter", help: "Total number of heap objects allocated.", fn: func() float64 { return float64(ms.Mallocs) }},
		{name: "go_gc_cycles_total", kind: "counter", help: "Completed GC cycles.", fn: func() float64 { return float64(ms.NumGC) }},
		{name: "process_start_time_seconds", kind: "gauge", help: "Start time of the server since unix epoch in seconds.", fn: func() float64 { return float64(r.start.UnixNano()) / 1e9 }},
	}
	if ents, err := os.ReadDir("/proc/self/fd"); err == nil {
		n := float64(len(ents))
		fams = append(fams, &family{name: "process_open_fds", kind: "gauge", help: "Number of open file descriptors.", fn: func() float64 { return n }})
	}
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 1 {
			if pages, err := strconv.ParseFloat(f[1], 64); err == nil {
				rss := pages * float64(os.Getpagesize())
				fams = append(fams, &family{name: "process_resident_memory_bytes", kind: "gauge", help: "Resident memory size in bytes.", fn: func() float64 { return rss }})
			}
		}
	}
	return fams
}

// ServeHTTP writes every family in the text format, sorted by name.
func (r *registry) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	fams := append(append([]*family(nil), r.fams...), r.runtimeFamilies()...)
	sort.Slice(fams, func(i, j int) bool { return fams[i].name < fams[j].name })
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	bw := bufio.NewWriter(w)
	for _, f := range fams {
		ss := f.samples()
		if len(ss) == 0 {
			continue
		}
		bw.WriteString("# HELP " + f.name + " " + helpEscaper.Replace(f.help) + "\n")
		bw.WriteString("# TYPE " + f.name + " " + f.kind + "\n")
		for _, s := range ss {
			bw.WriteString(f.name + s.labels + " " + formatValue(s.v) + "\n")
		}
	}
	bw.Flush() // a client gone away is nothing to report
}

// values sums the samples of each of the server's own families (all
// labels), by name.
func (r *registry) values() map[string]float64 {
	out := map[string]float64{}
	for _, f := range r.fams {
		for _, s := range f.samples() {
			out[f.name] += s.v
		}
	}
	return out
}

// formatValue writes v as Prometheus' own client does.
func formatValue(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
