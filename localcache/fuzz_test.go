// Fuzz targets for what is read from disk: slice file headers, index records, zstd frames.

package localcache

import (
	"bytes"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"
)

// validHeader is the encoded header of a real slice.
func validHeader(codec Codec, size, stored int64, ctype string) []byte {
	u, _ := canonicalURL(testURL)
	h := header{
		codec: codec, sliceSize: 1 << 20, index: 7, size: size, stored: stored,
		crc: 0x1234, storedCRC: 0x1234, created: time.Unix(1700000000, 5),
		url: u, validator: `"abc"`, contentType: ctype,
	}
	if codec == Zstd {
		h.storedCRC = 0x5678
	}
	h.hash = sum(h.url, h.validator, h.sliceSize, h.index)
	return h.appendTo(nil)
}

func FuzzHeader(f *testing.F) {
	f.Add(validHeader(Identity, 1<<20, 1<<20, ""))
	f.Add(validHeader(Zstd, 1<<20, 300000, "text/plain; charset=utf-8"))
	f.Add(append(validHeader(Identity, 5, 5, "x"), "trailing"...))
	f.Add(validHeader(Identity, 1, 1, "")[:headerFixed])
	f.Add([]byte(fileMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := decodeHeader(b)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not match ErrCorrupt", err)
			}
			return
		}
		n, err := headerLen(b)
		if err != nil || n != h.length() {
			t.Fatalf("headerLen %d, %v; the header is %d bytes", n, err, h.length())
		}
		// What decodes is what Put would have written.
		if enc := h.appendTo(nil); !bytes.Equal(enc, b[:n]) {
			t.Fatalf("re-encoded header differs:\n%x\n%x", enc, b[:n])
		}
	})
}

func FuzzRecord(f *testing.F) {
	u, _ := canonicalURL(testURL)
	for _, r := range []record{
		{codec: Identity, size: 1 << 20, stored: 1 << 20, crc: 1, created: 2, access: 3, index: 4, url: u, valid: `"e"`},
		{codec: Zstd, size: 5000, stored: 1000, crc: 9, created: 1, access: 1, index: 0, url: u, valid: `"abcdef"`},
	} {
		f.Add(r.encode())
	}
	f.Add([]byte{recordVersion})
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := decodeRecord(b)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not match ErrCorrupt", err)
			}
			return
		}
		if enc := r.encode(); !bytes.Equal(enc, b) {
			t.Fatalf("re-encoded record differs:\n%x\n%x", enc, b)
		}
	})
}

// FuzzDecompress feeds the capped decoder any frame and any recorded size:
// it returns exactly that many bytes or an error matching ErrCorrupt, and
// never more than a slice.
func FuzzDecompress(f *testing.F) {
	const slice = 64 << 10
	c, err := newCodecs(slice)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(c.close)
	text := textBytes(1, slice)
	frame, _ := c.compress(nil, text)
	f.Add(frame, int64(len(text)))
	f.Add(frame, int64(len(text)-1))
	f.Add(frame[:len(frame)/2], int64(len(text)))
	small, _ := c.compress(nil, text[:5000])
	f.Add(append(small, small...), int64(5000))
	f.Add(c.enc.EncodeAll(make([]byte, 4*slice), nil), int64(slice))
	f.Fuzz(func(t *testing.T, frame []byte, size int64) {
		if size < 1 || size > slice {
			return
		}
		out, err := c.decompress(nil, frame, size)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not match ErrCorrupt", err)
			}
			return
		}
		if int64(len(out)) != size || cap(out) > slice+decodeSlack {
			t.Fatalf("%d bytes (cap %d) for a recorded size of %d", len(out), cap(out), size)
		}
	})
}

// FuzzCanonicalURL checks that a URL the cache accepts has a canonical
// form that is its own canonical form, without fragment or userinfo, so
// the URL in a slice file's header checks out when read back.
func FuzzCanonicalURL(f *testing.F) {
	for _, u := range []string{
		testURL, "https://u:p@Example.COM:8443/a%20b/c?q=1&r=%2F#frag",
		"http://[fe80::1%25eth0]/x", "https://h/;p?x#", "http://h/a/../b", "HTTP://h",
	} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := canonical(raw)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v does not match ErrInvalid", err)
			}
			return
		}
		if again, err := canonicalURL(u); err != nil || again != u {
			t.Fatalf("%q: canonical %q, again %q, %v", raw, u, again, err)
		}
		if p, err := url.Parse(u); err != nil || p.User != nil || p.Fragment != "" || strings.Contains(u, "#") {
			t.Fatalf("%q: canonical form %q keeps a fragment or userinfo (%v)", raw, u, err)
		}
	})
}
