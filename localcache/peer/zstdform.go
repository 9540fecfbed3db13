// The zstd answers: how slices stored compressed travel as correct HTTP,
// in a representation whose headers all describe the bytes sent.
//
// Decision: a range is never sent as "206 with Content-Encoding: zstd".
// Content-Encoding makes the zstd bytes the representation, so that
// Content-Range and Content-Length would have to count zstd bytes of the
// whole file's compressed form, which no one has (each slice is its own
// frame, some stored as they are); and a cache downstream that stored such
// an answer could hand zstd bytes to a client that asked for plain ones.
// There are two zstd answers instead:
//
//   - The whole file, to a requester whose Accept-Encoding lists zstd (curl
//     --compressed, a browser): 200 with Content-Encoding: zstd. The frames
//     of all its slices, one after the other, are one zstd stream of the
//     file, and Content-Length counts them. Its ETag is the version's with
//     "-zstd" inside the quotes: another representation, another tag.
//   - A range, to a requester that names slicesType in Accept (slget's
//     PeerSource): 200 of the media type slicesType, whose body is the zstd
//     frames of the range's slices and whose X-Slget-Range (Content-Range
//     syntax) says which plain bytes they decode to; the "-zstd" ETag,
//     Cache-Control: no-store (it is an answer to one request, not a
//     resource to keep), Content-Length of the frames.
//
// Anything else gets identity bytes: a 206 for a range. Every answer of a
// cacheable version carries Vary: Accept, Accept-Encoding, since both
// choose among them. If-Match and If-None-Match take either tag.

package peer

import (
	"net/http"
	"strings"
)

// slicesType is the media type of the zstd answer to a range.
const slicesType = "application/vnd.slget.slices+zstd"

// headerRange says, in a slicesType answer, which plain bytes its frames
// decode to: "bytes A-B/SIZE".
const headerRange = "X-Slget-Range"

// zstdSuffix marks the ETag of a zstd answer.
const zstdSuffix = "-zstd"

// form is how an answer's bytes travel.
type form uint8

const (
	plainForm   form = iota // identity: 206 for a range, else 200
	encodedForm             // the whole file, Content-Encoding: zstd
	slicesForm              // a range as slicesType
)

// zstdFormOf is the zstd form r asks for, if any, given whether it asked
// for a range; plainForm when it asks for none.
func zstdFormOf(r *http.Request, hasRange bool) form {
	switch {
	case r.Method == http.MethodHead:
		return plainForm
	case listsAbove0(r.Header.Values("Accept"), slicesType):
		return slicesForm
	case !hasRange && acceptsZstd(r.Header.Values("Accept-Encoding")):
		return encodedForm
	}
	return plainForm
}

// setZstdHeaders sets the headers of a zstd answer of f for the plain
// bytes [start, end) of v.
func setZstdHeaders(h http.Header, v *version, f form, start, end int64) {
	h.Set("ETag", zstdETag(v.etag))
	switch f {
	case encodedForm:
		h.Set("Content-Encoding", "zstd")
	case slicesForm:
		h.Set("Content-Type", slicesType)
		h.Set("Cache-Control", "no-store")
		h.Set(headerRange, contentRangeOf(start, end, v.size))
	}
}

// setVary says which request headers choose among the answers of a
// cacheable version.
func setVary(h http.Header) { h.Set("Vary", "Accept, Accept-Encoding") }

// zstdETag is the ETag of the zstd answers of the version of etag, a
// strong tag: the same opaque string with zstdSuffix inside the quotes.
func zstdETag(etag string) string {
	if len(etag) < 2 || !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) {
		return etag
	}
	return etag[:len(etag)-1] + zstdSuffix + `"`
}

// plainETag is the version's tag of a zstd answer's tag; ok is false for
// a tag that is not one.
func plainETag(tag string) (string, bool) {
	inner, ok := strings.CutSuffix(tag, zstdSuffix+`"`)
	if !ok || !strings.HasPrefix(inner, `"`) || len(inner) < 2 {
		return "", false
	}
	return inner + `"`, true
}
