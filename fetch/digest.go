// Digests of the whole representation that an origin sends (RFC 9530
// Repr-Digest, or the older RFC 3230 Digest), read from the probe's
// answer so that the whole file is verified without the user asking.

package fetch

import (
	"encoding/base64"
	"net/http"
	"strings"
)

// WantReprDigest is what the probe asks for: SHA-256 first, SHA-512 also
// taken (RFC 9530 preferences, 1 to 10).
const WantReprDigest = "sha-256=10, sha-512=3"

// Digest is a digest of the whole representation, as the origin gave it.
type Digest struct {
	Algo   string // "sha-256" or "sha-512"
	Sum    []byte
	Header string // where it came from: "Repr-Digest" or "Digest"
}

// digestSize is the size of a sum of algo, for the algorithms slget
// verifies; 0 for the others.
func digestSize(algo string) int {
	switch algo {
	case "sha-256":
		return 32
	case "sha-512":
		return 64
	}
	return 0
}

// DigestOf returns the strongest digest h gives of the representation:
// Repr-Digest (a structured dictionary, `sha-256=:BASE64:`) first, else
// the older Digest (`SHA-256=BASE64`). Unknown algorithms, malformed
// members and sums of the wrong length are skipped; ok is false when no
// usable digest is there.
func DigestOf(h http.Header) (Digest, bool) {
	if d, ok := parseDigestList(h.Values("Repr-Digest"), true); ok {
		d.Header = "Repr-Digest"
		return d, true
	}
	if d, ok := parseDigestList(h.Values("Digest"), false); ok {
		d.Header = "Digest"
		return d, true
	}
	return Digest{}, false
}

// parseDigestList reads the members of the header's lines: "algo=value"
// separated by commas; structured (RFC 8941 byte sequences, :BASE64:) or
// RFC 3230's bare base64. The strongest known algorithm wins; two values
// of one algorithm that differ make it unusable.
func parseDigestList(lines []string, structured bool) (Digest, bool) {
	conflict := map[string]bool{}
	seen := map[string][]byte{}
	for _, line := range lines {
		for _, member := range strings.Split(line, ",") {
			name, value, ok := strings.Cut(strings.TrimSpace(member), "=")
			if !ok {
				continue
			}
			algo := strings.ToLower(strings.TrimSpace(name))
			size := digestSize(algo)
			if size == 0 {
				continue
			}
			value = strings.TrimSpace(value)
			if structured {
				// Parameters (";x=y") may follow the byte sequence.
				if i := strings.IndexByte(value, ';'); i >= 0 {
					value = strings.TrimSpace(value[:i])
				}
				if len(value) < 2 || value[0] != ':' || value[len(value)-1] != ':' {
					continue
				}
				value = value[1 : len(value)-1]
			}
			sum, err := base64.StdEncoding.DecodeString(value)
			if err != nil || len(sum) != size {
				continue
			}
			if prev, ok := seen[algo]; ok && string(prev) != string(sum) {
				conflict[algo] = true
			}
			seen[algo] = sum
		}
	}
	for _, algo := range []string{"sha-512", "sha-256"} {
		if sum, ok := seen[algo]; ok && !conflict[algo] {
			return Digest{Algo: algo, Sum: sum}, true
		}
	}
	return Digest{}, false
}
