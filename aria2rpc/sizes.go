// Option values that are sizes or speeds, in bytes, as aria2c
// keeps and answers them ("100K" is "102400").

package aria2rpc

import (
	"math"
	"strconv"
	"strings"
)

// sizeOptions are aria2's options whose values are sizes or speeds.
var sizeOptions = map[string]bool{
	"max-download-limit": true, "max-overall-download-limit": true, "lowest-speed-limit": true,
	"min-split-size": true, "piece-length": true, "rpc-max-request-size": true, "disk-cache": true,
	"max-upload-limit": true, "max-overall-upload-limit": true, "no-file-allocation-limit": true,
	"socket-recv-buffer-size": true, "max-mmap-limit": true,
}

// inBytes is value in bytes when name is a size option and value a size
// as aria2 reads one (digits, then K or M, or G, for 1024 of the unit
// below); anything else is value as given (a bad one is the checks' to
// refuse).
func inBytes(name, value string) string {
	if !sizeOptions[name] {
		return value
	}
	n, ok := parseSize(value)
	if !ok {
		return value
	}
	return strconv.FormatInt(n, 10)
}

// parseSize reads aria2's size: decimal digits with an optional K, M or
// G (either case).
func parseSize(v string) (int64, bool) {
	mult := int64(1)
	if v == "" {
		return 0, false
	}
	switch v[len(v)-1] {
	case 'K', 'k':
		mult = 1 << 10
	case 'M', 'm':
		mult = 1 << 20
	case 'G', 'g':
		mult = 1 << 30
	}
	digits := v
	if mult > 1 {
		digits = v[:len(v)-1]
	}
	if digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n > math.MaxInt64/mult {
		return 0, false
	}
	return n * mult, true
}

// optionsInBytes is opts with its sizes in bytes (a new map).
func optionsInBytes(opts map[string]string) map[string]string {
	out := make(map[string]string, len(opts))
	for k, v := range opts {
		out[k] = inBytes(k, v)
	}
	return out
}
