// The hashes of a Metalink's file: whole-file digests and piece digests of
// the types slget can check, a malformed one left out with a warning.

package metalink

import (
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// HashType is the canonical name of a hash type slget can check, and its
// digest size; ok is false for others. Metalink 3's spellings ("sha256")
// and RFC 5854's ("sha-256") are both taken.
func HashType(t string) (canon string, size int, ok bool) {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "sha-256", "sha256":
		return "sha-256", 32, true
	case "sha-512", "sha512":
		return "sha-512", 64, true
	case "sha-1", "sha1":
		return "sha-1", 20, true
	case "md5":
		return "md5", 16, true
	}
	return "", 0, false
}

// strength orders hash types, strongest first.
func strength(t string) int {
	return map[string]int{"sha-512": 0, "sha-256": 1, "sha-1": 2, "md5": 3}[t]
}

func digest(name, typ, hx string, size int) ([]byte, error) {
	sum, err := hex.DecodeString(strings.TrimSpace(hx))
	if err != nil || len(sum) != size {
		return nil, bad(name, "a %s hash %q is not %d hex digits", typ, short(hx), 2*size)
	}
	return sum, nil
}

// wholeHashes keeps the hashes of known types, strongest first. A
// malformed one (not hex, not its type's length) is left out with a
// warning when another is usable; hashes only of unknown types, or only
// malformed, are an error: the document promises a check slget cannot make.
func wholeHashes(f *File, xs []xHash) ([]Hash, error) {
	var out []Hash
	var unknown []string
	var malformed error
	for _, x := range xs {
		canon, size, ok := HashType(x.Type)
		if !ok {
			unknown = append(unknown, short(x.Type))
			continue
		}
		sum, err := digest(f.Name, canon, x.Value, size)
		if err != nil {
			if malformed == nil {
				malformed = err
			}
			f.Warnings = append(f.Warnings, fmt.Sprintf("a %s hash %q is not %d hex digits: it is ignored", canon, short(strings.TrimSpace(x.Value)), 2*size))
			continue
		}
		out = append(out, Hash{Type: canon, Sum: sum})
	}
	if len(out) == 0 && malformed != nil {
		return nil, malformed
	}
	if len(out) == 0 && len(unknown) > 0 {
		return nil, bad(f.Name, "its hashes are of types slget cannot check (%s); it checks sha-256, sha-512, sha-1 and md5", strings.Join(unknown, ", "))
	}
	sort.SliceStable(out, func(i, j int) bool { return strength(out[i].Type) < strength(out[j].Type) })
	return out, nil
}

// bestPieces keeps the piece list of the strongest known type that is
// well formed. A malformed one (a bad length, a bad hash, a count that
// does not cover the file, no <size>) is left out with a warning: the
// file is still checked by its whole hash, or by what else proves it.
// More than MaxPieces hashes is an error, as every limit.
func bestPieces(f *File, xs []xPieces) (*Pieces, error) {
	var best *Pieces
	for _, x := range xs {
		canon, hsize, ok := HashType(x.Type)
		if !ok {
			continue
		}
		if len(x.Hashes) > MaxPieces {
			return nil, bad(f.Name, "more than %d pieces", MaxPieces)
		}
		p, why := pieces(x, canon, hsize, f.Size)
		if why != "" {
			f.Warnings = append(f.Warnings, fmt.Sprintf("its %s piece hashes are left out: %s", canon, why))
			continue
		}
		if best == nil || strength(canon) < strength(best.Type) {
			best = p
		}
	}
	return best, nil
}

// pieces converts one <pieces> of a known type, or says why it is
// malformed.
func pieces(x xPieces, canon string, hsize int, size int64) (*Pieces, string) {
	n, err := strconv.ParseInt(strings.TrimSpace(x.Length), 10, 64)
	if err != nil || n < 1 {
		return nil, fmt.Sprintf("piece length %q is not a positive number of bytes", short(x.Length))
	}
	if size < 0 {
		return nil, "piece hashes without a <size>"
	}
	p := &Pieces{Length: n, Type: canon, Sums: make([][]byte, 0, len(x.Hashes))}
	for i, h := range x.Hashes {
		sum, err := hex.DecodeString(strings.TrimSpace(h.Value))
		if err != nil || len(sum) != hsize {
			return nil, fmt.Sprintf("hash %d, %q, is not %d hex digits", i, short(strings.TrimSpace(h.Value)), 2*hsize)
		}
		p.Sums = append(p.Sums, sum)
	}
	if want := (size + n - 1) / n; int64(len(p.Sums)) != want {
		return nil, fmt.Sprintf("%d piece hashes of %d bytes for a file of %d bytes (it needs %d)", len(p.Sums), n, size, want)
	}
	return p, ""
}
