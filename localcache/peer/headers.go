// Header values of every answer, built by appending (strconv), without
// fmt: they are on the path of each cached slice sent.

package peer

import "strconv"

// contentRangeOf is the Content-Range of the bytes [start, end) of size.
func contentRangeOf(start, end, size int64) string {
	var a [72]byte
	b := append(a[:0], "bytes "...)
	b = strconv.AppendInt(b, start, 10)
	b = append(b, '-')
	b = strconv.AppendInt(b, end-1, 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, size, 10)
	return string(b)
}

// crc32cHeader is the X-Slget-Crc32c of an answer of [start, end): the
// index of the first slice among pieces that the range covers whole, a
// colon, and the CRC-32C of each such slice in 8 hex digits, separated by
// commas; "" if it covers none whole. first is that first slice's index.
func crc32cHeader(pieces []piece, start, end, S int64) (first int64, value string) {
	var b []byte
	first = -1
	for _, p := range pieces {
		off := p.index * S
		if off < start || off+p.size > end {
			continue
		}
		if b == nil {
			first = p.index
			b = make([]byte, 0, 21+9*len(pieces))
			b = strconv.AppendInt(b, p.index, 10)
			b = append(b, ':')
		} else {
			b = append(b, ',')
		}
		b = appendHex8(b, p.crc)
	}
	return first, string(b)
}

// appendHex8 appends x in 8 lower-case hex digits.
func appendHex8(b []byte, x uint32) []byte {
	const digits = "0123456789abcdef"
	for shift := 28; shift >= 0; shift -= 4 {
		b = append(b, digits[x>>shift&0xf])
	}
	return b
}

// statusText is an HTTP status code as a metrics label.
func statusText(code int) string {
	switch code {
	case 0, 200:
		return "200"
	case 206:
		return "206"
	case 304:
		return "304"
	}
	return strconv.Itoa(code)
}
