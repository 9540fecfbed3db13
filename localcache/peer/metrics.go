// Metrics of the peer server, in Prometheus' text format at GET /metrics.

package peer

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the server's counters and gauges, in a registry of its own
// (never the global one: two servers in a process, as in tests, keep
// their numbers apart).
type metrics struct {
	reg *prometheus.Registry

	requests      *prometheus.CounterVec // by status code
	hits          prometheus.Counter     // slices served from the cache
	misses        prometheus.Counter     // slices a request's own fill brought
	waits         prometheus.Counter     // slices a fill another request started brought
	fills         *prometheus.CounterVec // origin requests of fills, by result
	stored        prometheus.Counter     // slices stored by fills
	coalesced     prometheus.Counter     // waits for a fill another request started
	sent          *prometheus.CounterVec // body bytes sent, by codec and source
	originBytes   prometheus.Counter     // bytes read from origins
	fleetBytes    prometheus.Counter     // bytes filled from the fleet members that own them
	ownerFailures prometheus.Counter     // fills an owner failed, filled from the origin instead
	putFailures   *prometheus.CounterVec // slices left uncached, by reason
	revalidations *prometheus.CounterVec // probes of origins, by result
	fillsInFlight prometheus.Gauge
	conns         prometheus.Gauge
	refusedMAC    prometheus.Counter // requests whose fleet MAC did not hold

	storedN     atomic.Int64 // what stored counts, readable
	evictMu     sync.Mutex
	evictedSeen float64 // the last value of the evictions counter
	baseSlices  int64   // slices in the cache when the server started
	baseDamaged int64   // the store's damaged count when the server started
}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	f := func(name, help string) prometheus.Opts {
		return prometheus.Opts{Namespace: "slget", Subsystem: "serve", Name: name, Help: help}
	}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts(f("requests_total", "Requests answered, by HTTP status code.")), []string{"code"})
	m.hits = prometheus.NewCounter(prometheus.CounterOpts(f("slice_hits_total", "Slices served from the cache.")))
	m.misses = prometheus.NewCounter(prometheus.CounterOpts(f("slice_misses_total",
		"Slices sent that the cache did not hold and that a fill started for the same request brought (from the origin or the fleet member that owns them); "+
			"slices that a fill started for another request brought count in slget_serve_slice_waits_total.")))
	m.waits = prometheus.NewCounter(prometheus.CounterOpts(f("slice_waits_total",
		"Slices sent that the cache did not hold when asked for and that a fill started for another request brought: the request waited instead of asking again. "+
			"Hits, misses and waits together are the slices sent.")))
	m.fills = prometheus.NewCounterVec(prometheus.CounterOpts(f("fills_total", "Origin requests made to fill the cache (each fetches a run of slices), by result.")), []string{"result"})
	m.stored = prometheus.NewCounter(prometheus.CounterOpts(f("slices_stored_total", "Slices fetched by fills and stored in the cache.")))
	m.coalesced = prometheus.NewCounter(prometheus.CounterOpts(f("coalesced_waiters_total", "Times a request waited for a fill that another request had started instead of asking the origin.")))
	m.sent = prometheus.NewCounterVec(prometheus.CounterOpts(f("sent_bytes_total", "Body bytes sent to clients, by codec (identity, zstd) and source (cache, origin, passthrough).")), []string{"codec", "source"})
	m.originBytes = prometheus.NewCounter(prometheus.CounterOpts(f("origin_bytes_total", "Body bytes read from origins by fills and passed-through requests.")))
	m.fleetBytes = prometheus.NewCounter(prometheus.CounterOpts(f("fleet_bytes_total", "Body bytes filled from the fleet members that own them.")))
	m.ownerFailures = prometheus.NewCounter(prometheus.CounterOpts(f("owner_failures_total", "Fills that the owning fleet member failed, filled from the origin instead.")))
	m.putFailures = prometheus.NewCounterVec(prometheus.CounterOpts(f("uncached_slices_total", "Filled slices that could not be stored and were passed through, by reason (full, error).")), []string{"reason"})
	m.revalidations = prometheus.NewCounterVec(prometheus.CounterOpts(f("revalidations_total", "Probes of an origin for the version of a resource, by result.")), []string{"result"})
	m.fillsInFlight = prometheus.NewGauge(prometheus.GaugeOpts(f("fills_in_flight", "Fills talking to an origin now.")))
	m.conns = prometheus.NewGauge(prometheus.GaugeOpts(f("connections", "Client connections open now.")))
	m.refusedMAC = prometheus.NewCounter(prometheus.CounterOpts(f("refused_macs_total", "Requests refused because their fleet MAC was not the fleet key's, too far from this serve's clock, a replay, or made for another member or an earlier run of this one.")))
	st := s.store.Stats()
	m.baseSlices, m.baseDamaged = st.Slices, st.Damaged

	cacheOpts := func(name, help string) prometheus.GaugeOpts {
		return prometheus.GaugeOpts{Namespace: "slget", Subsystem: "cache", Name: name, Help: help}
	}
	m.reg.MustRegister(
		m.requests, m.hits, m.misses, m.waits, m.fills, m.stored, m.coalesced, m.sent, m.originBytes, m.fleetBytes, m.ownerFailures,
		m.putFailures, m.revalidations, m.fillsInFlight, m.conns, m.refusedMAC,
		prometheus.NewGaugeFunc(cacheOpts("stored_bytes", "Stored bytes of the slices in the cache (what its size limit bounds)."),
			func() float64 { return float64(s.store.Stats().StoredBytes) }),
		prometheus.NewGaugeFunc(cacheOpts("slices", "Slices in the cache."),
			func() float64 { return float64(s.store.Stats().Slices) }),
		prometheus.NewGaugeFunc(cacheOpts("max_bytes", "The cache's size limit, 0 for none."),
			func() float64 { return float64(s.store.MaxSize()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: "slget", Subsystem: "cache", Name: "evictions_total",
			Help: "Slices removed from the cache since the server started, evicted for the size limit or for age (damaged ones count in slget_serve_damaged_slices_total)."},
			func() float64 { return m.evictions(s) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts(f("damaged_slices_total", "Slices found damaged when read since the server started: moved to the cache's quarantine folder and filled again.")),
			func() float64 { return float64(m.damaged(s)) }),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

// evictions is the number of slices evicted since the server started:
// those there at the start plus those stored since, less those there now
// and those found damaged. Only this server stores into its cache (it owns
// it), and nothing else takes slices out while it serves but eviction and
// damage.
// A Put of a slice already stored (two fills raced) counts once too
// many; the counter never goes back.
func (m *metrics) evictions(s *Server) float64 {
	stored := float64(m.storedN.Load())
	m.evictMu.Lock()
	defer m.evictMu.Unlock()
	st := s.store.Stats()
	n := float64(m.baseSlices) + stored - float64(st.Slices) - float64(st.Damaged-m.baseDamaged)
	if n > m.evictedSeen {
		m.evictedSeen = n
	}
	return m.evictedSeen
}

// values sums the samples of each of the server's own metrics (slget_*,
// all labels), by name: for the operator's page.
func (m *metrics) values() map[string]float64 {
	out := map[string]float64{}
	fams, _ := m.reg.Gather() // an error leaves what could be gathered
	for _, f := range fams {
		if !strings.HasPrefix(f.GetName(), "slget_") {
			continue
		}
		for _, s := range f.GetMetric() {
			out[f.GetName()] += s.GetCounter().GetValue() + s.GetGauge().GetValue()
		}
	}
	return out
}

// storedOne counts a slice stored by a fill.
func (m *metrics) storedOne() {
	m.stored.Inc()
	m.storedN.Add(1)
}

// damaged is the number of slices found damaged since the server started.
func (m *metrics) damaged(s *Server) int64 { return s.store.Stats().Damaged - m.baseDamaged }
