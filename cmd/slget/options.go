// Parsing of option values: sizes, durations, headers, checksums.

package main

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// maxSeconds bounds every seconds option: about 11 days.
const maxSeconds = 1e6

// parseSeconds accepts aria2's whole seconds ("60") or a Go duration
// ("500ms", "2m"), from 0 to maxSeconds either way.
func parseSeconds(flag, s string) (time.Duration, error) {
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if !(n >= 0 && n <= maxSeconds) { // NaN too
			return 0, fmt.Errorf("--%s %q: want seconds between 0 and %d", flag, s, int(maxSeconds))
		}
		return time.Duration(n * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("--%s %q: want seconds (60) or a duration (500ms, 2m)", flag, s)
	}
	if d > maxSeconds*time.Second {
		return 0, fmt.Errorf("--%s %q: want at most %d seconds", flag, s, int(maxSeconds))
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
		if fetch.ReservedHeader(name) {
			return nil, fmt.Errorf("--header %q: slget sets %s itself on every request (ranges, preconditions and encoding pin one version)", h, textproto.CanonicalMIMEHeaderKey(name))
		}
		if strings.ContainsFunc(value, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
			return nil, fmt.Errorf("--header %q: control characters in the value", h)
		}
		out.Add(name, strings.TrimSpace(value))
	}
	return out, nil
}

// checkText refuses control characters (but tab) in a value sent in a
// request header, such as -U: the server would see a broken or a smuggled
// header.
func checkText(flag, s string) error {
	if i := strings.IndexFunc(s, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }); i >= 0 {
		return fmt.Errorf("%s %q: control character %q in it", flag, s, s[i])
	}
	return nil
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

// joinOut is where -o NAME saves: NAME itself when absolute, else NAME in
// -d DIR. A trailing separator (a directory to save into) is kept.
func joinOut(dir, out string) string {
	p := out
	if !filepath.IsAbs(out) {
		p = filepath.Join(dir, out)
	}
	if strings.HasSuffix(out, string(filepath.Separator)) && !strings.HasSuffix(p, string(filepath.Separator)) {
		p += string(filepath.Separator)
	}
	return p
}
