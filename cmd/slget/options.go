// Parsing of option values: sizes, durations, headers, checksums.

package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/units"
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
	n, err := units.ParseSize(s)
	if err != nil {
		return 0, fmt.Errorf("--%s %q: want bytes per second with an optional k, m or g suffix (500k, 2m)", flag, s)
	}
	return n, nil
}

// parseSlice parses a slice size in nginx's units (512k, 1m) within the
// bounds the library takes.
func parseSlice(s string) (int64, error) {
	n, err := units.ParseSize(s)
	if err != nil {
		return 0, err
	}
	if n < slget.MinSlice || n > slget.MaxSlice {
		return 0, fmt.Errorf("slice size %q: must be between %s and %s", s, units.Exact(slget.MinSlice), units.Exact(slget.MaxSlice))
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
		if slget.ReservedHeader(name) {
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

// streamWindow checks the options of -o - (the file to stdout) and returns
// --stream-window in bytes, or 0 without -o - (so that out=- in an -i file
// stays a file named "-", as in aria2). What would print on stdout besides
// the file (--json, --progress=json) is refused rather than moved to
// stderr, where a script would not look for it; -c has no file to
// continue.
func streamWindow(c *cli.Context, cfg config) (int64, error) {
	n, err := units.ParseSize(c.String("stream-window"))
	if err != nil {
		return 0, fmt.Errorf("--stream-window %q: want a size such as 16m or 1g", c.String("stream-window"))
	}
	if cfg.out != "-" {
		return 0, nil
	}
	switch {
	case n < cfg.slice:
		return 0, fmt.Errorf("--stream-window %s is smaller than one slice (--slice %s)", units.Exact(n), units.Exact(cfg.slice))
	case cfg.jsonOut:
		return 0, errors.New("--json prints on stdout, where -o - writes the file; check the exit code instead (or --checksum)")
	case c.String("progress") == "json":
		return 0, errors.New("--progress=json prints on stdout, where -o - writes the file; progress goes to stderr with --progress=bar")
	case cfg.cont:
		return 0, errors.New("-o - writes the file to stdout: there is no partial file to continue (-c)")
	case c.Bool("conditional-get"):
		return 0, errors.New("-o - writes the file to stdout: there is no local file for --conditional-get to compare with")
	}
	return n, nil
}
