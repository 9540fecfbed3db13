// Parsing of option values: sizes, durations, headers, checksums.

package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget/internal/optvalue"
	"github.com/slget/slget/internal/units"
)

// The value parsers are internal/optvalue's, shared with the daemon's
// mapping of a download's options (queue.Options).

func parseSeconds(flag, s string) (time.Duration, error) { return optvalue.Seconds(flag, s) }
func parseRate(flag, s string) (int64, error)            { return optvalue.Rate(flag, s) }
func parseSlice(s string) (int64, error)                 { return optvalue.Slice(s) }
func parseHeaders(hs []string) (http.Header, error) {
	h, err := optvalue.Headers(hs)
	if err != nil {
		return nil, errors.New("--" + err.Error())
	}
	return h, nil
}
func checkText(flag, s string) error { return optvalue.Text(flag, s) }

// tlsConfig builds the HTTPS settings of --ca-certificate and
// --check-certificate: a config (nil: the defaults, verified) and the
// file's CAs (nil: none), trusted besides the system's roots. The file is
// read and checked here; the system's roots are read by fetch, only if a
// server's chain does not verify to the file's CAs.
func tlsConfig(caFile string, check bool) (*tls.Config, []byte, error) {
	var c *tls.Config
	if !check {
		c = &tls.Config{InsecureSkipVerify: true}
	}
	if caFile == "" {
		return c, nil, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, nil, fmt.Errorf("--ca-certificate: %v", err)
	}
	if !x509.NewCertPool().AppendCertsFromPEM(pem) {
		return nil, nil, fmt.Errorf("--ca-certificate %s: no PEM certificate in it", caFile)
	}
	return c, pem, nil
}

// ftpsConfig is the TLS configuration of --ftp-ssl-reqd: as for HTTPS,
// the system's roots and --ca-certificate's CAs (pem), or no check with
// --check-certificate=false.
func ftpsConfig(base *tls.Config, pem []byte) *tls.Config {
	c := &tls.Config{}
	if base != nil {
		c = base.Clone()
	}
	if len(pem) > 0 && !c.InsecureSkipVerify {
		pool, err := x509.SystemCertPool()
		if err != nil || pool == nil {
			pool = x509.NewCertPool()
		}
		pool.AppendCertsFromPEM(pem)
		c.RootCAs = pool
	}
	return c
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
