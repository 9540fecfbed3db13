// Slice sizes: the default, the bounds, and the parser that checks them.

package segment

import (
	"fmt"

	"github.com/slget/slget/internal/units"
)

// DefaultSlice is the default slice size, as nginx's "slice 1m".
const DefaultSlice int64 = 1 << 20

// MinSlice is the smallest slice size: a request per 4 KiB already costs
// more in headers than it moves.
const MinSlice int64 = 4 << 10

// MaxSlice bounds the slice size so that a slice always fits in memory many
// times over and a typo cannot ask for a terabyte per request.
const MaxSlice int64 = 1 << 30

// ParseSlice parses a slice size in nginx's units (512k, 1m) and checks
// that it is usable: at least MinSlice and at most MaxSlice.
func ParseSlice(s string) (int64, error) {
	n, err := units.ParseSize(s)
	if err != nil {
		return 0, err
	}
	if n < MinSlice || n > MaxSlice {
		return 0, fmt.Errorf("slice size %q: must be between 4k and 1g", s)
	}
	return n, nil
}
