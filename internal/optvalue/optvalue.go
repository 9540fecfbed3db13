// Package optvalue parses the values of aria2's options as slget takes
// them (seconds, rates, slice sizes, headers, names), for the command's
// flags and for the daemon's mapping of a download's options alike, so
// that both accept and refuse the same values with the same words.
package optvalue

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/textproto"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/units"
)

// MaxSeconds bounds every seconds option: about 11 days.
const MaxSeconds = 1e6

// MaxConnections bounds -x, -s, split= and max-connection-per-server=.
const MaxConnections = 64

// Seconds accepts aria2's whole seconds ("60") or a Go duration ("500ms",
// "2m"), from 0 to MaxSeconds either way; flag names the option in the
// error.
func Seconds(flag, s string) (time.Duration, error) {
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if !(n >= 0 && n <= MaxSeconds) { // NaN too
			return 0, fmt.Errorf("--%s %q: want seconds between 0 and %d", flag, s, int(MaxSeconds))
		}
		return time.Duration(n * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("--%s %q: want seconds (60) or a duration (500ms, 2m)", flag, s)
	}
	if d > MaxSeconds*time.Second {
		return 0, fmt.Errorf("--%s %q: want at most %d seconds", flag, s, int(MaxSeconds))
	}
	return d, nil
}

// Rate accepts bytes per second with an optional k, m or g suffix, as
// aria2's --max-download-limit does ("0" means no limit).
func Rate(flag, s string) (int64, error) {
	n, err := units.ParseSize(s)
	if err != nil {
		return 0, fmt.Errorf("--%s %q: want bytes per second with an optional k, m or g suffix (500k, 2m)", flag, s)
	}
	return n, nil
}

// Slice parses a slice size in nginx's units (512k, 1m) within the bounds
// the library takes.
func Slice(s string) (int64, error) {
	n, err := units.ParseSize(s)
	if err != nil {
		return 0, err
	}
	if n < slget.MinSlice || n > slget.MaxSlice {
		return 0, fmt.Errorf("slice size %q: must be between %s and %s", s, units.Exact(slget.MinSlice), units.Exact(slget.MaxSlice))
	}
	return n, nil
}

// Headers parses repeated "Name: value" lines (--header, header=); the
// headers slget sets itself are refused. The error starts `header "LINE": `.
func Headers(hs []string) (http.Header, error) {
	out := http.Header{}
	for _, h := range hs {
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
			return nil, fmt.Errorf("header %q: want \"Name: value\" on one line", h)
		}
		for _, r := range name {
			if r <= ' ' || r >= 0x7f || strings.ContainsRune("()<>@,;:\\\"/[]?={}", r) {
				return nil, fmt.Errorf("header %q: %q is not a valid header name", h, name)
			}
		}
		if slget.ReservedHeader(name) {
			return nil, fmt.Errorf("header %q: slget sets %s itself on every request (ranges, preconditions and encoding pin one version)", h, textproto.CanonicalMIMEHeaderKey(name))
		}
		if strings.ContainsFunc(value, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
			return nil, fmt.Errorf("header %q: control characters in the value", h)
		}
		out.Add(name, strings.TrimSpace(value))
	}
	return out, nil
}

// Text refuses control characters (but tab) in a value sent in a request
// header, such as -U: the server would see a broken or a smuggled header.
func Text(flag, s string) error {
	if i := strings.IndexFunc(s, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }); i >= 0 {
		return fmt.Errorf("%s %q: control character %q in it", flag, s, s[i])
	}
	return nil
}

// FileAllocations are aria2's --file-allocation modes.
const FileAllocations = "none, prealloc, trunc or falloc"

// FileAllocation checks an aria2 --file-allocation mode; "" means slget's
// own (a sparse NAME.part, as trunc). The error starts
// `file-allocation "MODE": `.
func FileAllocation(s string) (string, error) {
	switch s {
	case "", "none", "prealloc", "trunc", "falloc":
		return s, nil
	}
	return "", fmt.Errorf("file-allocation %q: want %s", s, FileAllocations)
}

// Out accepts an out= name: relative, without "..", without control
// characters. aria2 allows a folder in it (sub/name.iso), which slget
// creates; unlike -o, an -i file or a client may come from elsewhere, so
// it never names a place outside dir=.
func Out(s string) error {
	if err := Text("out", s); err != nil {
		return err
	}
	if filepath.IsAbs(s) || strings.HasPrefix(s, "/") || strings.HasPrefix(s, `\`) {
		return errors.New("want a name relative to dir=, not an absolute path")
	}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return errors.New(`want a name inside dir=, without ".."`)
		}
	}
	if b := filepath.Base(filepath.FromSlash(s)); b == "." || strings.HasSuffix(s, "/") {
		return errors.New("want a file name, not a folder")
	}
	return nil
}

// BasicAuth is the Authorization value of HTTP Basic authentication.
func BasicAuth(user, pass string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pass))
}
