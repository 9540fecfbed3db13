// Validator: what proves that two responses come from one version of a resource.

package fetch

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/slget/slget/segment"
)

// Validator identifies one version (representation) of a resource. The zero
// Validator knows nothing: unknown size, no ETag, no Last-Modified.
type Validator struct {
	Size         int64  // total size in bytes; -1 when unknown
	ETag         string // raw ETag header value, "" if none; may be weak (W/"...")
	LastModified string // raw Last-Modified header value, "" if none
	// Unsettled is true when Last-Modified was less than a second before
	// the server's Date: the file may change again within that second
	// without another Last-Modified, so it cannot pin a version (RFC 9110
	// §8.8.2.2 calls such a date weak). It lowers Strength, and is not
	// compared by Differs.
	Unsettled bool
}

// Strength says how much a validator proves.
type Strength int

// Strengths, from best to worst.
const (
	StrongETag   Strength = iota // a strong ETag: byte-for-byte identity
	LastModified                 // Last-Modified plus size: good unless changed within a second
	SizeOnly                     // size alone (and a weak ETag, compared weakly): a change of the same size and tag goes unseen
)

// Strength is what v can prove.
func (v Validator) Strength() Strength {
	switch {
	case v.ETag != "" && !strings.HasPrefix(v.ETag, "W/"):
		return StrongETag
	case v.LastModified != "" && !v.Unsettled:
		return LastModified
	}
	return SizeOnly
}

// Warning is a sentence for the user when v is weaker than a strong ETag,
// or "" when it is strong.
func (v Validator) Warning() string {
	switch v.Strength() {
	case LastModified:
		return "the server sent no strong ETag; checking versions by Last-Modified and size"
	case SizeOnly:
		if v.Unsettled {
			return "the file was modified less than a second before the server's clock (Last-Modified " + v.LastModified + "), and it sent no strong ETag: a change within that second would keep its Last-Modified, so only the size and a later Last-Modified can tell a changed file apart; give a checksum to prove it"
		}
		if v.ETag != "" {
			return "the server sent only a weak ETag, no strong ETag or Last-Modified; a change of the ETag or the size is caught, but nothing pins a range to one version"
		}
		return "the server sent neither a strong ETag nor Last-Modified; only the size can tell a changed file apart"
	}
	return ""
}

func (v Validator) String() string {
	var parts []string
	if v.ETag != "" {
		parts = append(parts, "ETag "+v.ETag)
	}
	if v.LastModified != "" {
		parts = append(parts, "Last-Modified "+v.LastModified)
	}
	parts = append(parts, "size "+strconv.FormatInt(v.Size, 10))
	return strings.Join(parts, ", ")
}

// validatorOf reads the validator headers of a response; size is filled in
// by the caller.
func validatorOf(h http.Header, size int64) Validator {
	v := Validator{Size: size, ETag: h.Get("ETag"), LastModified: h.Get("Last-Modified")}
	v.Unsettled = unsettled(v.LastModified, h.Get("Date"))
	return v
}

// unsettled reports whether the Last-Modified lm is less than a second
// before the answer's date (RFC 9110 §8.8.2.2: only a date at least a
// second older than the Date is strong). An answer without a Date, or
// with dates that do not parse, proves nothing either way: not unsettled.
func unsettled(lm, date string) bool {
	if lm == "" || date == "" {
		return false
	}
	m, err1 := http.ParseTime(lm)
	d, err2 := http.ParseTime(date)
	return err1 == nil && err2 == nil && d.Sub(m) < time.Second
}

// Differs says why got (seen in a response, or on a later run) is another
// version than v, or "" when it is the same version. A strong ETag must
// match exactly; without one, Last-Modified must; the size must always
// match. A weak ETag cannot pin a range, but it still tells versions
// apart: by RFC 9110's weak comparison, another opaque tag (weak or
// strong) is another version. A weak tag that a later answer leaves out
// proves nothing either way (an intermediary may drop it).
func (v Validator) Differs(got Validator) string {
	if got.Size != v.Size {
		return fmt.Sprintf("size was %d, now %d", v.Size, got.Size)
	}
	switch v.Strength() {
	case StrongETag:
		if got.ETag != v.ETag {
			if got.ETag == "" {
				return fmt.Sprintf("ETag was %s, now none", v.ETag)
			}
			return fmt.Sprintf("ETag was %s, now %s", v.ETag, got.ETag)
		}
		return ""
	case LastModified:
		if got.LastModified != v.LastModified {
			return fmt.Sprintf("Last-Modified was %q, now %q", v.LastModified, got.LastModified)
		}
	}
	// An unsettled Last-Modified pins nothing, but another one is still
	// another version.
	if v.Unsettled && got.LastModified != "" && got.LastModified != v.LastModified {
		return fmt.Sprintf("Last-Modified was %q, now %q", v.LastModified, got.LastModified)
	}
	if v.ETag != "" && got.ETag != "" && !weakMatch(v.ETag, got.ETag) {
		return fmt.Sprintf("ETag was %s, now %s", v.ETag, got.ETag)
	}
	return ""
}

// weakMatch is RFC 9110's weak comparison of two entity tags: their opaque
// tags are the same, whether either is weak or not.
func weakMatch(a, b string) bool {
	return strings.TrimPrefix(a, "W/") == strings.TrimPrefix(b, "W/")
}

// ContentRange is a parsed Content-Range header: bytes First-Last/Total, with
// Total -1 for "*". For an unsatisfied range ("bytes */Total") First and
// Last are -1.
type ContentRange struct {
	First, Last, Total int64
}

var errContentRange = errors.New("malformed Content-Range")

// ParseContentRange parses a Content-Range header value of the bytes unit.
// It never panics and rejects anything that is not exactly
// "bytes F-L/T", "bytes F-L/*" or "bytes */T" with 0 ≤ F ≤ L < T.
func ParseContentRange(s string) (ContentRange, error) {
	rest, ok := strings.CutPrefix(s, "bytes ")
	if !ok {
		return ContentRange{}, fmt.Errorf("%w %q: want the bytes unit", errContentRange, s)
	}
	rng, tot, ok := strings.Cut(rest, "/")
	if !ok {
		return ContentRange{}, fmt.Errorf("%w %q: no total", errContentRange, s)
	}
	cr := ContentRange{First: -1, Last: -1, Total: -1}
	if tot != "*" {
		t, err := parseNum(tot)
		if err != nil {
			return ContentRange{}, fmt.Errorf("%w %q: total: %v", errContentRange, s, err)
		}
		cr.Total = t
	}
	if rng == "*" {
		if cr.Total < 0 {
			return ContentRange{}, fmt.Errorf("%w %q", errContentRange, s)
		}
		return cr, nil
	}
	f, l, ok := strings.Cut(rng, "-")
	if !ok {
		return ContentRange{}, fmt.Errorf("%w %q: no dash", errContentRange, s)
	}
	var err error
	if cr.First, err = parseNum(f); err != nil {
		return ContentRange{}, fmt.Errorf("%w %q: first byte: %v", errContentRange, s, err)
	}
	if cr.Last, err = parseNum(l); err != nil {
		return ContentRange{}, fmt.Errorf("%w %q: last byte: %v", errContentRange, s, err)
	}
	if cr.Last < cr.First || (cr.Total >= 0 && cr.Last >= cr.Total) {
		return ContentRange{}, fmt.Errorf("%w %q: range out of order or past the total", errContentRange, s)
	}
	return cr, nil
}

// parseNum parses a non-negative decimal without sign or spaces.
func parseNum(s string) (int64, error) {
	if s == "" || len(s) > 18 {
		return 0, errors.New("not a number")
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errors.New("not a number")
		}
	}
	return strconv.ParseInt(s, 10, 64)
}

// Matches reports whether cr is exactly the range r of a resource of size total.
func (cr ContentRange) Matches(r segment.Range, total int64) bool {
	return cr.First == r.Start && cr.Last == r.End-1 && cr.Total == total
}
