// Metrics of the peer server, in Prometheus' text format at GET /metrics.

package peer

import (
	"sync"
	"sync/atomic"
)

// metrics are the server's counters and gauges, in a registry of its own
// (never a global one: two servers in a process, as in tests, keep their
// numbers apart), created when the server is, so that a program that
// only downloads sets up nothing for them.
type metrics struct {
	reg *registry

	requests      *family // by status code
	hits          *value  // slices served from the cache
	misses        *value  // slices a request's own fill brought
	waits         *value  // slices a fill another request started brought
	fills         *family // origin requests of fills, by result
	stored        *value  // slices stored by fills
	coalesced     *value  // waits for a fill another request started
	sent          *family // body bytes sent, by codec and source
	originBytes   *value  // bytes read from origins
	fleetBytes    *value  // bytes filled from the fleet members that own them
	ownerFailures *value  // fills an owner failed, filled from the origin instead
	putFailures   *family // slices left uncached, by reason
	revalidations *family // probes of origins, by result
	fillsInFlight *value
	conns         *value
	refusedMAC    *value // requests whose fleet MAC did not hold

	storedN     atomic.Int64 // what stored counts, readable
	evictMu     sync.Mutex
	evictedSeen float64 // the last value of the evictions counter
	baseSlices  int64   // slices in the cache when the server started
	baseDamaged int64   // the store's damaged count when the server started
}

func newMetrics(s *Server) *metrics {
	r := newRegistry()
	m := &metrics{reg: r}
	const serve, cache = "slget_serve_", "slget_cache_"
	m.requests = r.add("counter", serve+"requests_total", "Requests answered, by HTTP status code.", "code")
	m.hits = r.addOne("counter", serve+"slice_hits_total", "Slices served from the cache.")
	m.misses = r.addOne("counter", serve+"slice_misses_total",
		"Slices sent that the cache did not hold and that a fill started for the same request brought (from the origin or the fleet member that owns them); "+
			"slices that a fill started for another request brought count in slget_serve_slice_waits_total.")
	m.waits = r.addOne("counter", serve+"slice_waits_total",
		"Slices sent that the cache did not hold when asked for and that a fill started for another request brought: the request waited instead of asking again. "+
			"Hits, misses and waits together are the slices sent.")
	m.fills = r.add("counter", serve+"fills_total", "Origin requests made to fill the cache (each fetches a run of slices), by result.", "result")
	m.stored = r.addOne("counter", serve+"slices_stored_total", "Slices fetched by fills and stored in the cache.")
	m.coalesced = r.addOne("counter", serve+"coalesced_waiters_total", "Times a request waited for a fill that another request had started instead of asking the origin.")
	m.sent = r.add("counter", serve+"sent_bytes_total", "Body bytes sent to clients, by codec (identity, zstd) and source (cache, origin, passthrough).", "codec", "source")
	m.originBytes = r.addOne("counter", serve+"origin_bytes_total", "Body bytes read from origins by fills and passed-through requests.")
	m.fleetBytes = r.addOne("counter", serve+"fleet_bytes_total", "Body bytes filled from the fleet members that own them.")
	m.ownerFailures = r.addOne("counter", serve+"owner_failures_total", "Fills that the owning fleet member failed, filled from the origin instead.")
	m.putFailures = r.add("counter", serve+"uncached_slices_total", "Filled slices that could not be stored and were passed through, by reason (full, error).", "reason")
	m.revalidations = r.add("counter", serve+"revalidations_total", "Probes of an origin for the version of a resource, by result.", "result")
	m.fillsInFlight = r.addOne("gauge", serve+"fills_in_flight", "Fills talking to an origin now.")
	m.conns = r.addOne("gauge", serve+"connections", "Client connections open now.")
	m.refusedMAC = r.addOne("counter", serve+"refused_macs_total", "Requests refused because their fleet MAC was not the fleet key's, too far from this serve's clock, a replay, or made for another member or an earlier run of this one.")
	st := s.store.Stats()
	m.baseSlices, m.baseDamaged = st.Slices, st.Damaged

	r.addFunc("gauge", cache+"stored_bytes", "Stored bytes of the slices in the cache (what its size limit bounds).",
		func() float64 { return float64(s.store.Stats().StoredBytes) })
	r.addFunc("gauge", cache+"slices", "Slices in the cache.",
		func() float64 { return float64(s.store.Stats().Slices) })
	r.addFunc("gauge", cache+"max_bytes", "The cache's size limit, 0 for none.",
		func() float64 { return float64(s.store.MaxSize()) })
	r.addFunc("counter", cache+"evictions_total",
		"Slices removed from the cache since the server started, evicted for the size limit or for age (damaged ones count in slget_serve_damaged_slices_total).",
		func() float64 { return m.evictions(s) })
	r.addFunc("counter", serve+"damaged_slices_total", "Slices found damaged when read since the server started: moved to the cache's quarantine folder and filled again.",
		func() float64 { return float64(m.damaged(s)) })
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
func (m *metrics) values() map[string]float64 { return m.reg.values() }

// storedOne counts a slice stored by a fill.
func (m *metrics) storedOne() {
	m.stored.Inc()
	m.storedN.Add(1)
}

// damaged is the number of slices found damaged since the server started.
func (m *metrics) damaged(s *Server) int64 { return s.store.Stats().Damaged - m.baseDamaged }
