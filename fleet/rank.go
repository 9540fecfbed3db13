// Ownership runs: which run a slice is in, and the key that names a run
// alike on every host.

package fleet

import (
	"net/url"
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
	return runKeyPrefix(File{URL: rawURL, ETag: etag, Size: size, Slice: slice}) + strconv.FormatInt(run, 10)
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

// mix is splitmix64's finaliser over an FNV-1a hash, so that run keys
// that differ in their last bytes alone do not score members alike.
func mix(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ z>>31
}
