// The HTML of the operator's page: its template and style, embedded, and
// the Content-Security-Policy that lets that style alone in: no script,
// no other resource, nothing from elsewhere.

package peer

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"time"

	"github.com/slget/slget/fleet"
)

var (
	//go:embed page.html.tmpl
	pageHTML string
	//go:embed page.css
	pageCSS string
)

// newPageTemplate parses the page, escaped by html/template: member IDs,
// addresses, versions and errors come from the network. A Server parses
// it when it first shows the page (Server.pageTemplate), not at package
// init: every run of the command, downloads included, paid for it there.
func newPageTemplate() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{
		"css":       func() template.CSS { return template.CSS(pageCSS) },
		"pct":       formatShare,
		"size":      formatBytes,
		"since":     formatSince,
		"stamp":     func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
		"runSlices": func() int { return fleet.RunSlices },
	}).Parse(pageHTML))
}

// pageCSP allows the page's own style element, by its hash, and nothing
// else: no script runs, nothing loads, no form posts, no frame holds it.
var pageCSP = "default-src 'none'; style-src '" + styleHash(pageCSS) + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// styleHash is a CSP hash source of an inline style's text.
func styleHash(css string) string {
	sum := sha256.Sum256([]byte(css))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// formatShare writes a share in [0, 1] as a percentage.
func formatShare(f float64) string {
	switch {
	case f <= 0:
		return "0%"
	case f < 0.001:
		return "<0.1%"
	}
	return fmt.Sprintf("%.1f%%", 100*f)
}

// formatBytes writes n bytes in binary units: 0 B, 512 B, 1.5 KiB, 3.0 GiB.
func formatBytes(n int64) string {
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	f := float64(n)
	for _, u := range []string{"KiB", "MiB", "GiB", "TiB"} {
		f /= 1024
		if f < 1024 || u == "TiB" {
			return fmt.Sprintf("%.1f %s", f, u)
		}
	}
	return "" // not reached
}

// formatSince writes the time from t to now, to the second: 45s, 3m20s,
// 2h5m, 4d3h.
func formatSince(t, now time.Time) string {
	d := max(now.Sub(t), 0).Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%dd%02dh", int(d.Hours())/24, int(d.Hours())%24)
}
