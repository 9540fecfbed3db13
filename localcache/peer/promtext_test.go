// Tests of the serve's metrics exposition in Prometheus' text format.

package peer

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRegistryText: families sorted by name, samples by labels, label
// values and help escaped, a counter without labels shown at 0, a family
// with labels but no sample left out, values as Prometheus' client writes
// them.
func TestRegistryText(t *testing.T) {
	r := newRegistry()
	r.add("counter", "b_total", "B's help.", "code", "why").WithLabelValues("404", "a \"quoted\"\nback\\slash").Add(3)
	r.fams[0].WithLabelValues("200", "x").Add(2097152)
	r.addOne("counter", "a_total", "A,\nin two lines \\ here.")
	r.add("counter", "c_total", "Never counted.", "code")
	g := r.addOne("gauge", "d", "A gauge.")
	g.Inc()
	g.Inc()
	g.Dec()
	r.addFunc("gauge", "e", "A read value.", func() float64 { return 0.5 })

	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	if ct := rec.Header().Get("Content-Type"); ct != "text/plain; version=0.0.4; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	want := `# HELP a_total A,\nin two lines \\ here.
# TYPE a_total counter
a_total 0
# HELP b_total B's help.
# TYPE b_total counter
b_total{code="200",why="x"} 2.097152e+06
b_total{code="404",why="a \"quoted\"\nback\\slash"} 3
# HELP d A gauge.
# TYPE d gauge
d 1
# HELP e A read value.
# TYPE e gauge
e 0.5
`
	var own []string // the process's own families follow the test's
	for _, block := range strings.SplitAfter(string(body), "\n# HELP ") {
		if !strings.Contains(block, "go_") && !strings.Contains(block, "process_") {
			own = append(own, block)
		}
	}
	if got := strings.Join(own, ""); !strings.HasPrefix(got, strings.TrimSuffix(want, "\n")) {
		t.Errorf("exposition:\n%s\nwant it to begin:\n%s", body, want)
	}
	if !strings.Contains(string(body), "\ngo_goroutines ") || !strings.Contains(string(body), "# TYPE process_start_time_seconds gauge\n") {
		t.Errorf("the process's own numbers are missing:\n%s", body)
	}
	if v := r.values(); v["b_total"] != 2097155 || v["d"] != 1 || v["e"] != 0.5 {
		t.Errorf("values %v", v)
	}
}
