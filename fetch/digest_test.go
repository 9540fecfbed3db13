// Tests of the origin's digests: Repr-Digest and the older Digest, read
// as RFC 9530 and RFC 3230 say, with everything malformed skipped.

package fetch

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"net/http"
	"testing"
)

func TestDigestOf(t *testing.T) {
	s256 := sha256.Sum256([]byte("x"))
	s512 := sha512.Sum512([]byte("x"))
	b256 := base64.StdEncoding.EncodeToString(s256[:])
	b512 := base64.StdEncoding.EncodeToString(s512[:])
	for _, tc := range []struct {
		name   string
		header http.Header
		algo   string
		from   string
	}{
		{"repr sha-256", http.Header{"Repr-Digest": {"sha-256=:" + b256 + ":"}}, "sha-256", "Repr-Digest"},
		{"repr both: the stronger", http.Header{"Repr-Digest": {"sha-256=:" + b256 + ":, sha-512=:" + b512 + ":"}}, "sha-512", "Repr-Digest"},
		{"repr with a parameter", http.Header{"Repr-Digest": {"sha-256=:" + b256 + ":;x=1"}}, "sha-256", "Repr-Digest"},
		{"repr unknown algorithm only", http.Header{"Repr-Digest": {"md5=:AAAA:"}}, "", ""},
		{"repr not a byte sequence", http.Header{"Repr-Digest": {"sha-256=" + b256}}, "", ""},
		{"repr wrong length", http.Header{"Repr-Digest": {"sha-256=:AAAA:"}}, "", ""},
		{"repr conflicting values", http.Header{"Repr-Digest": {"sha-256=:" + b256 + ":", "sha-256=:" + base64.StdEncoding.EncodeToString(make([]byte, 32)) + ":"}}, "", ""},
		{"legacy Digest", http.Header{"Digest": {"SHA-256=" + b256}}, "sha-256", "Digest"},
		{"Repr-Digest wins over Digest", http.Header{"Digest": {"SHA-512=" + b512}, "Repr-Digest": {"sha-256=:" + b256 + ":"}}, "sha-256", "Repr-Digest"},
		{"malformed Repr-Digest, usable Digest", http.Header{"Digest": {"SHA-256=" + b256}, "Repr-Digest": {"sha-256=:!!:"}}, "sha-256", "Digest"},
		{"none", http.Header{}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := DigestOf(tc.header)
			if ok != (tc.algo != "") || d.Algo != tc.algo || d.Header != tc.from {
				t.Fatalf("DigestOf = %+v, %v; want %q from %q", d, ok, tc.algo, tc.from)
			}
			want := map[string][]byte{"sha-256": s256[:], "sha-512": s512[:]}[tc.algo]
			if ok && !bytes.Equal(d.Sum, want) {
				t.Fatalf("sum %x, want %x", d.Sum, want)
			}
		})
	}
}

// FuzzDigestOf: any header values, no panic, and a digest returned is of a
// known algorithm and of its length.
func FuzzDigestOf(f *testing.F) {
	f.Add("sha-256=:"+base64.StdEncoding.EncodeToString(make([]byte, 32))+":", "SHA-256=x")
	f.Add("sha-512=:AAAA:;a=b, sha-256=:", "")
	f.Add(",,=,:", "sha-256==")
	f.Fuzz(func(t *testing.T, repr, legacy string) {
		d, ok := DigestOf(http.Header{"Repr-Digest": {repr}, "Digest": {legacy}})
		if ok && (digestSize(d.Algo) == 0 || len(d.Sum) != digestSize(d.Algo)) {
			t.Fatalf("DigestOf = %+v", d)
		}
	})
}
