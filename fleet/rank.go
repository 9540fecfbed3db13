// Ownership: the run key of a slice and the rendezvous ranking of members
// for it.

package fleet

import (
	"hash/fnv"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// RunSlices is how many slices one ownership run covers: 4 slices of 1 MiB
// keep a client's requests 4 MiB long and let a fill ask the origin for a
// whole run at once, while a 512 MiB file still spreads over 128 runs.
const RunSlices = 4

// Run is the ownership run of slice i.
func Run(i int64) int64 { return i / RunSlices }

// RunEnd is the first slice after the run of slice i.
func RunEnd(i int64) int64 { return (Run(i) + 1) * RunSlices }

// RunKey names one ownership run of one version of a resource: its URL (see
// CanonicalURL), strong ETag and size, the slice size, and the run's
// index. Hosts that key a run alike agree on its owner.
func RunKey(rawURL, etag string, size, slice, run int64) string {
	var b strings.Builder
	b.WriteString(CanonicalURL(rawURL))
	b.WriteByte(0)
	b.WriteString(etag)
	for _, n := range [...]int64{size, slice, run} {
		b.WriteByte(0)
		b.WriteString(strconv.FormatInt(n, 10))
	}
	return b.String()
}

// CanonicalURL is the form of an origin URL that clients and serves key
// alike: no userinfo or fragment, the scheme and host in lower case, no
// default port (:80 for http, :443 for https), "/" for an empty path. A URL
// that does not parse is returned as it is.
func CanonicalURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.User, u.Fragment, u.RawFragment = nil, "", ""
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	if p := u.Port(); (p == "80" && u.Scheme == "http") || (p == "443" && u.Scheme == "https") {
		u.Host = strings.TrimSuffix(u.Host, ":"+p)
	}
	if u.Path == "" && u.Opaque == "" {
		u.Path = "/"
	}
	return u.String()
}

// Rank returns members in the order of their rendezvous weight for key,
// the highest (the owner) first. It does not change members. Equal
// weights, which need a 64-bit collision, fall back to the names' order.
func Rank(key string, members []string) []string {
	type scored struct {
		m string
		w uint64
	}
	s := make([]scored, len(members))
	for i, m := range members {
		s[i] = scored{m, weight(key, m)}
	}
	slices.SortFunc(s, func(a, b scored) int {
		switch {
		case a.w > b.w:
			return -1
		case a.w < b.w:
			return 1
		}
		return strings.Compare(a.m, b.m)
	})
	out := make([]string, len(s))
	for i := range s {
		out[i] = s[i].m
	}
	return out
}

// Owner is the first of Rank(key, members), "" when there are none.
func Owner(key string, members []string) string {
	best, bw := "", uint64(0)
	for _, m := range members {
		w := weight(key, m)
		if best == "" || w > bw || (w == bw && m < best) {
			best, bw = m, w
		}
	}
	return best
}

// weight is member m's score for key: FNV-1a of both, then mixed
// (splitmix64's finaliser) so that keys that differ in their last bytes
// alone do not score members alike.
func weight(key, m string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	h.Write([]byte{0})
	h.Write([]byte(m))
	z := h.Sum64()
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ z>>31
}
