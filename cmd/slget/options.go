// Parsing of option values: sizes, durations, headers, checksums.

package main

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"hash"
	"net/http"
	"net/textproto"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/slget/slget/segment"
)

// parseSeconds accepts aria2's whole seconds ("60") or a Go duration
// ("500ms", "2m").
func parseSeconds(flag, s string) (time.Duration, error) {
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if n < 0 || n > 1e6 {
			return 0, fmt.Errorf("--%s %q: want seconds between 0 and 1000000", flag, s)
		}
		return time.Duration(n * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("--%s %q: want seconds (60) or a duration (500ms, 2m)", flag, s)
	}
	return d, nil
}

// parseRate accepts bytes per second with an optional k, m or g suffix, as
// aria2's --max-download-limit does ("0" means no limit).
func parseRate(flag, s string) (int64, error) {
	n, err := segment.ParseSize(s)
	if err != nil {
		return 0, fmt.Errorf("--%s %q: want bytes per second with an optional k, m or g suffix (500k, 2m)", flag, s)
	}
	return n, nil
}

// parseHeaders parses repeated --header "Name: value" options.
func parseHeaders(hs []string) (http.Header, error) {
	out := http.Header{}
	for _, h := range hs {
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
			return nil, fmt.Errorf("--header %q: want \"Name: value\" on one line", h)
		}
		for _, r := range name {
			if r <= ' ' || r >= 0x7f || strings.ContainsRune("()<>@,;:\\\"/[]?={}", r) {
				return nil, fmt.Errorf("--header %q: %q is not a valid header name", h, name)
			}
		}
		switch textproto.CanonicalMIMEHeaderKey(name) {
		case "Range", "If-Range":
			return nil, fmt.Errorf("--header %q: slget sets %s itself on every request", h, name)
		}
		out.Add(name, strings.TrimSpace(value))
	}
	return out, nil
}

// checksum is a --checksum=ALGO=HEX option.
type checksum struct {
	algo string
	want []byte
	new  func() hash.Hash
}

func parseChecksum(s string) (*checksum, error) {
	if s == "" {
		return nil, nil
	}
	algo, hx, ok := strings.Cut(s, "=")
	algo = strings.ToLower(algo)
	c := &checksum{algo: algo}
	var size int
	switch algo {
	case "sha-256", "sha256":
		c.new, size = sha256.New, sha256.Size
	case "sha-512", "sha512":
		c.new, size = sha512.New, sha512.Size
	case "sha-1", "sha1":
		c.new, size = sha1.New, sha1.Size
	case "md5":
		c.new, size = md5.New, md5.Size
	default:
		return nil, fmt.Errorf("--checksum %q: want sha-256=HEX (or sha-512, sha-1, md5)", s)
	}
	want, err := hex.DecodeString(strings.TrimSpace(hx))
	if !ok || err != nil || len(want) != size {
		return nil, fmt.Errorf("--checksum %q: want %d hex digits after %s=", s, 2*size, algo)
	}
	c.want = want
	return c, nil
}

// tlsConfig builds the HTTPS settings of --ca-certificate and
// --check-certificate; nil means the defaults (system roots, verified).
func tlsConfig(caFile string, check bool) (*tls.Config, error) {
	if caFile == "" && check {
		return nil, nil
	}
	c := &tls.Config{InsecureSkipVerify: !check}
	if caFile != "" {
		pem, err := os.ReadFile(caFile)
		if err != nil {
			return nil, fmt.Errorf("--ca-certificate: %v", err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil || pool == nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--ca-certificate %s: no PEM certificate in it", caFile)
		}
		c.RootCAs = pool
	}
	return c, nil
}
