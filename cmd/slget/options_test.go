// Tests of option value parsing: seconds, headers, text sent in headers.

package main

import (
	"strings"
	"testing"
	"time"
)

func TestParseSeconds(t *testing.T) {
	good := []struct {
		in   string
		want time.Duration
	}{
		{"60", time.Minute},
		{"0", 0},
		{"0.5", 500 * time.Millisecond},
		{"500ms", 500 * time.Millisecond},
		{"2m", 2 * time.Minute},
		{"1000000", 1e6 * time.Second},
	}
	for _, c := range good {
		got, err := parseSeconds("timeout", c.in)
		if err != nil || got != c.want {
			t.Errorf("parseSeconds(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"NaN", "nan", "Inf", "+Inf", "-Inf", "infinity", "-1", "1000001", "1e400",
		"300h", "-2s", "", "abc", "1x"} {
		if got, err := parseSeconds("timeout", in); err == nil {
			t.Errorf("parseSeconds(%q) = %v, want an error", in, got)
		} else if !strings.HasPrefix(err.Error(), "--timeout ") {
			t.Errorf("parseSeconds(%q): error %q does not name the option", in, err)
		}
	}
}

func TestParseHeadersRefusesControlCharacters(t *testing.T) {
	for _, h := range []string{"X-A: b\x00c", "X-A: b\x1bc", "X-A: b\x7fc", "X-A: b\rc", "X-A: b\nc", "X\x01A: b"} {
		if _, err := parseHeaders([]string{h}); err == nil {
			t.Errorf("parseHeaders(%q): accepted", h)
		}
	}
	h, err := parseHeaders([]string{"X-A: tab\there", "X-B: été"})
	if err != nil || h.Get("X-A") != "tab\there" || h.Get("X-B") != "été" {
		t.Errorf("a tab and UTF-8 in a value: %v, %v", h, err)
	}
}

func TestCheckText(t *testing.T) {
	if err := checkText("-U", "agent/1.0 (x; y)\tz"); err != nil {
		t.Errorf("plain text refused: %v", err)
	}
	err := checkText("-U", "agent\x01")
	if err == nil || !strings.Contains(err.Error(), `-U "agent\x01": control character '\x01'`) {
		t.Errorf("control character: %v", err)
	}
}
