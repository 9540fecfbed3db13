// Table and fuzz tests of ParseSize and Exact.

package units

import (
	"math"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr string // a substring of the error; "" means no error
	}{
		{in: "0", want: 0},
		{in: "1", want: 1},
		{in: "4096", want: 4096},
		{in: "512k", want: 512 << 10},
		{in: "512K", want: 512 << 10},
		{in: "1m", want: 1 << 20},
		{in: "1M", want: 1 << 20},
		{in: "8m", want: 8 << 20},
		{in: "1g", want: 1 << 30},
		{in: "1G", want: 1 << 30},
		{in: "0k", want: 0},
		{in: "01m", want: 1 << 20},
		{in: " 1m ", want: 1 << 20},
		{in: "1m\n", want: 1 << 20},
		{in: "4294967296g", want: 1 << 62}, // the largest accepted
		{in: "4611686018427387904", want: 1 << 62},

		{in: "", wantErr: "empty"},
		{in: "   ", wantErr: "empty"},
		{in: "-1", wantErr: "whole number"},
		{in: "-1k", wantErr: "whole number"},
		{in: "1x", wantErr: "whole number"},
		{in: "1.5m", wantErr: "whole number"},
		{in: "1e6", wantErr: "whole number"},
		{in: "0x10", wantErr: "whole number"},
		{in: "1_000", wantErr: "whole number"},
		{in: "k", wantErr: "whole number"},
		{in: "m", wantErr: "whole number"},
		{in: "1 m", wantErr: "whole number"},
		{in: "1mb", wantErr: "whole number"},
		{in: "1kk", wantErr: "whole number"},
		{in: "1t", wantErr: "whole number"},
		{in: "ten", wantErr: "whole number"},
		{in: "99999999999g", wantErr: "too large"},
		{in: "4294967297g", wantErr: "too large"},
		{in: "4398046511104m", want: 1 << 62},
		{in: "4398046511105m", wantErr: "too large"},
		{in: "4611686018427387905", wantErr: "too large"},
		{in: "9223372036854775807", wantErr: "too large"},
		{in: "9223372036854775808", wantErr: "too large"}, // past int64
		{in: "99999999999999999999999k", wantErr: "too large"},
		{in: "-99999999999999999999999", wantErr: "whole number"},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if tt.wantErr != "" {
			if err == nil {
				t.Errorf("ParseSize(%q) = %d, want an error", tt.in, got)
			} else if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseSize(%q) error %q, want it to mention %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}

func TestExact(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0"},
		{1, "1"},
		{1000, "1000"},
		{1023, "1023"},
		{1024, "1k"},
		{1536, "1536"},
		{512 << 10, "512k"},
		{1 << 20, "1m"},
		{1<<20 + 1024, "1025k"},
		{1<<20 + 1, "1048577"},
		{8 << 20, "8m"},
		{1536 << 20, "1536m"},
		{1 << 30, "1g"},
		{4 << 30, "4g"},
		{1 << 62, "4294967296g"},
		{math.MaxInt64, "9223372036854775807"},
	}
	for _, tt := range tests {
		if got := Exact(tt.n); got != tt.want {
			t.Errorf("Exact(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	// Negative numbers are not sizes, but formatting one must not panic.
	for _, n := range []int64{-1, -1024, math.MinInt64} {
		_ = Exact(n)
	}
}

// Every size ParseSize accepts formats to a string that parses back to it.
func TestFormatParseRoundTrip(t *testing.T) {
	for _, n := range []int64{0, 1, 4095, 4096, 1 << 20, 3 << 30, 1<<62 - 1, 1 << 62} {
		s := Exact(n)
		got, err := ParseSize(s)
		if err != nil || got != n {
			t.Errorf("ParseSize(Exact(%d) = %q) = %d, %v", n, s, got, err)
		}
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{
		"", "0", "1", "4k", "512K", "1m", "8M", "1g", "1G", " 1m ",
		"-1", "1x", "1.5m", "99999999999g", "4294967296g", "4294967297g",
		"9223372036854775807", "+1k", "-0", "k", "1\x00m",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err != nil {
			if n != 0 {
				t.Fatalf("ParseSize(%q) = %d with error %v", s, n, err)
			}
			return
		}
		if n < 0 || n > 1<<62 {
			t.Fatalf("ParseSize(%q) = %d, out of [0, 1<<62]", s, n)
		}
		f := Exact(n)
		back, err := ParseSize(f)
		if err != nil || back != n {
			t.Fatalf("ParseSize(%q) = %d; Exact = %q; parses back to %d, %v", s, n, f, back, err)
		}
		if f2 := Exact(back); f2 != f {
			t.Fatalf("Exact is not stable: %q then %q", f, f2)
		}
	})
}
