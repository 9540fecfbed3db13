// Table tests of ParseSlice.

package segment

import (
	"testing"
)

func TestParseSlice(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr bool
	}{
		{in: "4k", want: 4 << 10},
		{in: "4096", want: 4096},
		{in: "512k", want: 512 << 10},
		{in: "1m", want: DefaultSlice},
		{in: "8m", want: 8 << 20},
		{in: "1g", want: MaxSlice},
		{in: "1024m", want: MaxSlice},
		{in: "4095", wantErr: true},
		{in: "3k", wantErr: true},
		{in: "0", wantErr: true},
		{in: "1073741825", wantErr: true},
		{in: "2g", wantErr: true},
		{in: "", wantErr: true},
		{in: "-1m", wantErr: true},
		{in: "1.5m", wantErr: true},
		{in: "99999999999g", wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParseSlice(tt.in)
		if tt.wantErr {
			if err == nil {
				t.Errorf("ParseSlice(%q) = %d, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseSlice(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}
