// Tests of Open, Put, Get and OpenRaw: round trips, codecs, sizes on disk, keys and lifecycle.

package localcache

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func TestRoundTrip(t *testing.T) {
	s := openStore(t, fast(Options{}))
	const S = 1 << 20
	cases := []struct {
		name  string
		data  []byte
		meta  PutMeta
		codec Codec
	}{
		{"random", randomBytes(1, S), PutMeta{ContentType: "application/octet-stream"}, Identity},
		{"random last slice", randomBytes(2, 12345), PutMeta{}, Identity},
		{"text", textBytes(3, S), PutMeta{ContentType: "text/plain; charset=utf-8"}, Zstd},
		{"text last slice", textBytes(4, 7000), PutMeta{ContentType: "text/html"}, Zstd},
		{"one byte", []byte{'x'}, PutMeta{ContentType: "text/plain"}, Identity},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := key(s, "v1", int64(i))
			mustPut(t, s, k, c.meta, c.data)
			got, info := mustGet(t, s, k)
			if sha(got) != sha(c.data) {
				t.Fatalf("Get returned %d bytes with another SHA-256 than the %d put", len(got), len(c.data))
			}
			if info.Codec != c.codec || info.Size != int64(len(c.data)) || info.CRC32C != crc32c(c.data) {
				t.Errorf("info = %+v, want codec %v, size %d", info, c.codec, len(c.data))
			}
			if info.ContentType != c.meta.ContentType {
				t.Errorf("content type %q, want %q", info.ContentType, c.meta.ContentType)
			}
			if c.codec == Zstd && info.StoredSize >= info.Size {
				t.Errorf("stored %d bytes of %d", info.StoredSize, info.Size)
			}
		})
	}
	if st := s.Stats(); st.Slices != int64(len(cases)) {
		t.Errorf("Stats().Slices = %d, want %d", st.Slices, len(cases))
	}
}

func TestCompressOnlyWhereItShould(t *testing.T) {
	s := openStore(t, fast(Options{}))
	text := textBytes(5, 64<<10)
	cases := []struct {
		ctype, cenc string
		data        []byte
		want        Codec
	}{
		{"text/plain", "", text, Zstd},
		{"text/csv; charset=utf-8", "identity", text, Zstd},
		{"application/json", "", text, Zstd},
		{"Application/JSON; charset=UTF-8", "", text, Zstd},
		{"application/javascript", "", text, Zstd},
		{"text/javascript", "", text, Zstd},
		{"text/css", "", text, Zstd},
		{"application/xml", "", text, Zstd},
		{"application/ld+json", "", text, Zstd},
		{"application/atom+xml", "", text, Zstd},
		{"image/svg+xml", "", text, Zstd},
		{"text/plain; charset", "", text, Zstd}, // a parameter that does not parse
		{"text/plain", "gzip", text, Identity},
		{"application/json", "br", text, Identity},
		{"application/octet-stream", "", text, Identity},
		{"image/png", "", text, Identity},
		{"video/mp4", "", text, Identity},
		{"", "", text, Identity},
		{"text/plain", "", text[:MinCompressLen-1], Identity},
		{"text/plain", "", text[:MinCompressLen], Zstd},
		{"text/plain", "", randomBytes(6, 64<<10), Identity}, // zstd would not be smaller
	}
	for i, c := range cases {
		k := key(s, "v1", int64(i))
		mustPut(t, s, k, PutMeta{ContentType: c.ctype, ContentEncoding: c.cenc}, c.data)
		got, info := mustGet(t, s, k)
		if !bytes.Equal(got, c.data) {
			t.Fatalf("%q %q: bytes differ", c.ctype, c.cenc)
		}
		if info.Codec != c.want {
			t.Errorf("%q %q, %d bytes: stored %v, want %v", c.ctype, c.cenc, len(c.data), info.Codec, c.want)
		}
		fi, err := os.Stat(sliceFile(t, s, k))
		if err != nil {
			t.Fatal(err)
		}
		if c.want == Identity && fi.Size() < int64(len(c.data)) || c.want == Zstd && fi.Size() >= int64(len(c.data)) {
			t.Errorf("%q %q: file of %d bytes for %d bytes as %v", c.ctype, c.cenc, fi.Size(), len(c.data), c.want)
		}
		// OpenRaw: the stored bytes, a zstd frame that decodes to the data.
		rc, rinfo, err := s.OpenRaw(k)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(rc)
		rc.Close()
		if int64(len(raw)) != rinfo.StoredSize || rinfo.Codec != c.want {
			t.Fatalf("OpenRaw: %d bytes, info %+v", len(raw), rinfo)
		}
		if c.want == Zstd {
			dec, _ := zstd.NewReader(nil)
			raw, err = dec.DecodeAll(raw, nil)
			dec.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(raw, c.data) {
			t.Errorf("%q: OpenRaw bytes do not give the data back", c.ctype)
		}
	}
}

// The nginx byte-range test file, 10 MB of 9-digit offsets and newlines,
// stored in 1 MiB slices as text takes at most a third of its size.
func TestOffsetFileOnDisk(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{SliceSize: 1 << 20}))
	const size = 10_000_000
	file := offsetFile(size)
	S := int(s.SliceSize())
	var n int64
	for i := 0; i*S < size; i++ {
		mustPut(t, s, key(s, "off", int64(i)), PutMeta{ContentType: "text/plain"}, file[i*S:min((i+1)*S, size)])
		n++
	}
	var got []byte
	for i := range n {
		b, info := mustGet(t, s, key(s, "off", i))
		if info.Codec != Zstd {
			t.Fatalf("slice %d stored %v", i, info.Codec)
		}
		got = append(got, b...)
	}
	if sha(got) != sha(file) {
		t.Fatal("the file read back has another SHA-256")
	}
	disk := diskBytes(t, dir)
	t.Logf("%d bytes in %d slices take %d bytes on disk (ratio %.2f)", size, n, disk, float64(size)/float64(disk))
	if disk*3 > size {
		t.Errorf("%d bytes on disk, more than a third of %d", disk, size)
	}
}

func TestSliceSize(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, fast(Options{SliceSize: 512 << 10}))
	if err != nil {
		t.Fatal(err)
	}
	mustPut(t, s, key(s, "a", 0), PutMeta{}, randomBytes(1, 512<<10))
	k := key(s, "a", 0)
	k.SliceSize = 1 << 20
	if err := s.Put(k, PutMeta{}, randomBytes(1, 1000)); !errors.Is(err, ErrSliceSize) {
		t.Errorf("Put with another slice size: %v, want ErrSliceSize", err)
	}
	if _, _, err := s.Get(k); !errors.Is(err, ErrSliceSize) {
		t.Errorf("Get with another slice size: %v, want ErrSliceSize", err)
	}
	s.Close()

	_, err = Open(dir, fast(Options{SliceSize: 1 << 20}))
	if !errors.Is(err, ErrSliceSize) {
		t.Fatalf("Open with 1m: %v, want ErrSliceSize", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "512k") || !strings.Contains(msg, "1m") {
		t.Errorf("message %q does not name both sizes", msg)
	}
	// Without the index the files still say 512k.
	if err := os.Remove(filepath.Join(dir, indexName)); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, fast(Options{SliceSize: 1 << 20})); !errors.Is(err, ErrSliceSize) {
		t.Fatalf("Open with 1m after the index was removed: %v, want ErrSliceSize", err)
	}
	s = openAt(t, dir, fast(Options{}))
	if s.SliceSize() != 512<<10 {
		t.Fatalf("reopened with zero SliceSize: %d, want 512k", s.SliceSize())
	}
	if got, _ := mustGet(t, s, key(s, "a", 0)); !bytes.Equal(got, randomBytes(1, 512<<10)) {
		t.Error("slice differs after reopen")
	}
	if _, err := Open(t.TempDir(), &Options{SliceSize: 1000}); err == nil {
		t.Error("Open with a slice size under 4k succeeded")
	}
}

func TestLocked(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{}))
	_, err := Open(dir, nil)
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	if !strings.Contains(err.Error(), "another slget owns the cache") {
		t.Errorf("message %q does not say another slget owns the cache", err)
	}
	s.Close()
	s2, err := Open(dir, nil)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	s2.Close()
}

func TestReopen(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, nil) // with fsync
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64][]byte{}
	for i := range int64(6) {
		b := randomBytes(uint64(i), 100000)
		m := PutMeta{}
		if i%2 == 0 {
			b, m = textBytes(uint64(i), 100000), PutMeta{ContentType: "text/plain"}
		}
		want[i] = b
		mustPut(t, s, key(s, "r", i), m, b)
	}
	before := s.Stats()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openAt(t, dir, nil)
	if s.Stats() != before {
		t.Errorf("stats after reopen %+v, before %+v", s.Stats(), before)
	}
	for i, b := range want {
		if got, _ := mustGet(t, s, key(s, "r", i)); !bytes.Equal(got, b) {
			t.Errorf("slice %d differs after reopen", i)
		}
	}
}

func TestKeys(t *testing.T) {
	s := openStore(t, fast(Options{}))
	data := randomBytes(1, 5000)
	k := Key{URL: "https://user:s3cret@Example.COM/a/b?x=1#part2", Validator: `"e1"`, SliceSize: s.SliceSize(), Index: 3}
	mustPut(t, s, k, PutMeta{}, data)
	// Fragment, userinfo and the host's case are not part of the key.
	same := Key{URL: "https://example.com/a/b?x=1", Validator: `"e1"`, SliceSize: s.SliceSize(), Index: 3}
	if got, _ := mustGet(t, s, same); !bytes.Equal(got, data) {
		t.Error("the same URL without fragment and userinfo is another key")
	}
	for _, other := range []Key{
		{URL: "https://example.com/a/b?x=2", Validator: `"e1"`, SliceSize: s.SliceSize(), Index: 3},
		{URL: "https://example.com/a/b?x=1", Validator: `"e2"`, SliceSize: s.SliceSize(), Index: 3},
		{URL: "https://example.com/a/b?x=1", Validator: `"e1"`, SliceSize: s.SliceSize(), Index: 4},
	} {
		if _, _, err := s.Get(other); err != ErrMiss {
			t.Errorf("Get(%+v) = %v, want ErrMiss", other, err)
		}
	}
	// The password is nowhere on disk.
	for _, f := range append(treeFiles(t, s.Dir(), slicesDir), indexName) {
		b, err := os.ReadFile(filepath.Join(s.Dir(), f))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("s3cret")) {
			t.Errorf("%s holds the URL's password", f)
		}
	}
	bad := []struct {
		k    Key
		data []byte
	}{
		{Key{URL: "", Validator: `"e"`}, data},
		{Key{URL: "/relative/path", Validator: `"e"`}, data},
		{Key{URL: "https://example.com/\x7f", Validator: `"e"`}, data},
		{Key{URL: testURL, Validator: ""}, data},
		{Key{URL: testURL, Validator: `W/"weak"`}, data},
		{Key{URL: testURL, Validator: `"e"`, Index: -1}, data},
		{Key{URL: testURL + "?" + strings.Repeat("q", MaxURLLen), Validator: `"e"`}, data},
		{Key{URL: testURL, Validator: `"` + strings.Repeat("v", MaxValidatorLen) + `"`}, data},
		{Key{URL: testURL, Validator: `"e"`}, nil},
		{Key{URL: testURL, Validator: `"e"`}, make([]byte, s.SliceSize()+1)},
	}
	for _, c := range bad {
		c.k.SliceSize = s.SliceSize()
		if err := s.Put(c.k, PutMeta{}, c.data); !errors.Is(err, ErrInvalid) {
			t.Errorf("Put(%.60q, %.20q, %d bytes) = %v, want ErrInvalid", c.k.URL, c.k.Validator, len(c.data), err)
		}
	}
	if err := s.Put(key(s, "e", 0), PutMeta{ContentType: strings.Repeat("t", MaxMetaLen+1)}, data); !errors.Is(err, ErrInvalid) {
		t.Errorf("Put with a long Content-Type = %v, want ErrInvalid", err)
	}
	// An error names the URL without its password.
	err := s.Put(Key{URL: "https://u:s3cret@example.com/x", Validator: "W/\"w\"", SliceSize: s.SliceSize()}, PutMeta{}, data)
	if err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("error %v shows the password", err)
	}
}

func TestClosed(t *testing.T) {
	s := openStore(t, fast(Options{}))
	data := textBytes(1, 50000)
	k := key(s, "c", 0)
	mustPut(t, s, k, PutMeta{ContentType: "text/plain"}, data)
	rc, _, err := s.Get(k)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	got, err := io.ReadAll(rc)
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("reader after Close: %d bytes, %v", len(got), err)
	}
	rc.Close()
	if _, err := rc.Read(make([]byte, 1)); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Read after the reader's Close: %v", err)
	}
	if _, _, err := s.Get(k); !errors.Is(err, ErrClosed) {
		t.Errorf("Get after Close: %v", err)
	}
	if err := s.Put(k, PutMeta{}, data); !errors.Is(err, ErrClosed) {
		t.Errorf("Put after Close: %v", err)
	}
	if _, err := s.Sweep(); !errors.Is(err, ErrClosed) {
		t.Errorf("Sweep after Close: %v", err)
	}
}

func TestNotCache(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(dir, nil)
	if !errors.Is(err, ErrNotCache) {
		t.Fatalf("Open of a folder with other files: %v, want ErrNotCache", err)
	}
	if len(treeFiles(t, dir, ".")) != 1 {
		t.Errorf("Open left files in a folder that is not a cache: %v", treeFiles(t, dir, "."))
	}
}

func TestPutTwiceKeepsOneFile(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{}))
	k := key(s, "d", 0)
	mustPut(t, s, k, PutMeta{}, randomBytes(1, 9000))
	mustPut(t, s, k, PutMeta{}, randomBytes(1, 9000))
	if n := len(treeFiles(t, dir, slicesDir)); n != 1 {
		t.Errorf("%d files after two Puts of one slice", n)
	}
	if st := s.Stats(); st.Slices != 1 || st.StoredBytes != 9000 {
		t.Errorf("stats %+v", st)
	}
}
