// Sizes in nginx's units, as its directives take them (slice 1m,
// proxy_max_temp_file_size 2g): parsed from what people type and printed
// back exactly, for slice sizes, windows and limits.

package units

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseSize parses a byte count with an optional nginx-style suffix: k or K
// (KiB), m or M (MiB), g or G (GiB). A bare number is bytes.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("size %q: empty", s)
	}
	mult := int64(1)
	switch t[len(t)-1] {
	case 'k', 'K':
		mult = 1 << 10
	case 'm', 'M':
		mult = 1 << 20
	case 'g', 'G':
		mult = 1 << 30
	}
	if mult != 1 {
		t = t[:len(t)-1]
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if errors.Is(err, strconv.ErrRange) && n > 0 {
		return 0, fmt.Errorf("size %q: too large", s)
	}
	if err != nil || n < 0 {
		return 0, fmt.Errorf("size %q: want a whole number with an optional k, m or g suffix", s)
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("size %q: too large", s)
	}
	return n * mult, nil
}

// Exact formats n in the largest nginx-style unit that divides it
// exactly (1048576 → "1m"); other values are plain bytes.
func Exact(n int64) string {
	switch {
	case n != 0 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "g"
	case n != 0 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "m"
	case n != 0 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "k"
	}
	return strconv.FormatInt(n, 10)
}
