// Tests of pageFormat: ?format= and content negotiation on Accept.

package peer

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestPageFormat(t *testing.T) {
	for _, c := range []struct {
		query  string
		accept []string
		json   bool
		err    bool
	}{
		{"", nil, false, false},
		{"", []string{"application/json"}, true, false},
		{"", []string{"APPLICATION/JSON; charset=utf-8"}, true, false},
		{"", []string{"text/html", "application/json;q=0.9"}, false, false},
		{"", []string{"text/*;q=0.1, application/json;q=0.2"}, true, false},
		{"", []string{"application/json;q=0"}, false, false},
		{"", []string{"application/json;q=NaN"}, false, false},
		{"", []string{"application/*"}, false, false},
		{"", []string{"*/*, application/json"}, true, false},
		{"", []string{"garbage;;;,/,"}, false, false},
		{"format=JSON", nil, true, false},
		{"format=yaml", nil, false, true},
		{"format=json&format=html", nil, false, true},
	} {
		r := &http.Request{URL: &url.URL{Path: "/", RawQuery: c.query}, Header: http.Header{"Accept": c.accept}}
		got, err := pageFormat(r)
		if got != c.json || (err != nil) != c.err {
			t.Errorf("?%s, Accept %q: JSON %v, %v; want %v, error %v", c.query, c.accept, got, err, c.json, c.err)
		}
	}
}

func FuzzPageFormat(f *testing.F) {
	f.Add("format=json", "application/json;q=0.5, text/html;q=0.4")
	f.Add("", "text/html,application/xhtml+xml,*/*;q=0.8")
	f.Fuzz(func(t *testing.T, query, accept string) {
		r := &http.Request{URL: &url.URL{Path: "/", RawQuery: query}, Header: http.Header{"Accept": {accept}}}
		asJSON, err := pageFormat(r)
		if err != nil && asJSON {
			t.Fatal("JSON and an error")
		}
		if !strings.Contains(strings.ToLower(query+accept), "json") && asJSON {
			t.Fatalf("JSON for %q, %q, which name none", query, accept)
		}
	})
}
