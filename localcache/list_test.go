// Tests of List and Purge.

package localcache

import (
	"errors"
	"testing"
	"time"
)

func TestListPurge(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{SliceSize: slice4k}))
	c := newClock(s)
	other := "https://mirror.example.org/pub/file.tar"
	put := func(url, etag string, i int64, data []byte, m PutMeta) {
		t.Helper()
		mustPut(t, s, Key{URL: url, Validator: etag, SliceSize: slice4k, Index: i}, m, data)
	}
	put(testURL, `"v1"`, 0, randomBytes(0, slice4k), PutMeta{})
	put(testURL, `"v1"`, 1, randomBytes(1, 1000), PutMeta{})
	put(testURL+"#frag", `"v2"`, 0, textBytes(2, slice4k), PutMeta{ContentType: "text/plain"})
	c.Add(time.Hour)
	put(other, `"x"`, 3, randomBytes(3, slice4k), PutMeta{})

	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 {
		t.Fatalf("List: %+v", list)
	}
	zstdSize := list[1].StoredBytes
	want := []Entry{
		{URL: testURL, Validator: `"v1"`, Slices: 2, Bytes: slice4k + 1000, StoredBytes: slice4k + 1000},
		{URL: testURL, Validator: `"v2"`, Slices: 1, Bytes: slice4k, StoredBytes: zstdSize},
		{URL: other, Validator: `"x"`, Slices: 1, Bytes: slice4k, StoredBytes: slice4k},
	}
	for i := range want {
		want[i].LastAccess = list[i].LastAccess
		if list[i] != want[i] {
			t.Errorf("List[%d] = %+v, want %+v", i, list[i], want[i])
		}
	}
	if zstdSize >= slice4k || !list[2].LastAccess.Equal(c.Now()) {
		t.Errorf("stored %d for text, last access %v", zstdSize, list[2].LastAccess)
	}

	n, b, err := s.Purge("https://user:pw@EXAMPLE.com/files/big.iso#x")
	if err != nil || n != 3 || b != slice4k+1000+zstdSize {
		t.Fatalf("Purge = %d, %d, %v", n, b, err)
	}
	if _, _, err := s.Get(Key{URL: testURL, Validator: `"v1"`, SliceSize: slice4k}); err != ErrMiss {
		t.Errorf("Get after Purge: %v", err)
	}
	if files := treeFiles(t, dir, slicesDir); len(files) != 1 {
		t.Errorf("files after Purge: %v", files)
	}
	if st := s.Stats(); st.Slices != 1 || st.StoredBytes != slice4k {
		t.Errorf("stats after Purge: %+v", st)
	}
	if n, _, err := s.Purge("https://nothing.example/"); n != 0 || err != nil {
		t.Errorf("Purge of an unknown URL = %d, %v", n, err)
	}
	if _, _, err := s.Purge("not a url"); !errors.Is(err, ErrInvalid) {
		t.Errorf("Purge of a relative URL: %v", err)
	}
}

// Purge takes out a URL in both its spellings, with and without the
// scheme's default port, as the peer server keys them as one; another
// port is another resource.
func TestPurgeDefaultPort(t *testing.T) {
	s := openAt(t, t.TempDir(), fast(Options{SliceSize: slice4k}))
	put := func(url string, i int64) {
		t.Helper()
		mustPut(t, s, Key{URL: url, Validator: `"v"`, SliceSize: slice4k, Index: i}, PutMeta{}, randomBytes(uint64(i), 1000))
	}
	put("http://h.example/x", 0)
	put("http://h.example:80/x", 1)
	put("http://h.example:8080/x", 2)
	put("https://h.example:443/x", 3)
	put("https://h.example/x", 4)
	put("http://[::1]:80/x", 5)
	put("http://[::1]/x", 6)
	for _, c := range []struct {
		url  string
		want int
	}{
		{"http://H.example:80/x", 2},
		{"https://h.example/x", 2},
		{"http://[::1]/x", 2},
		{"http://h.example:8080/x", 1},
	} {
		if n, _, err := s.Purge(c.url); err != nil || n != c.want {
			t.Errorf("Purge(%s) = %d, %v; want %d", c.url, n, err, c.want)
		}
	}
	if st := s.Stats(); st.Slices != 0 {
		t.Errorf("%d slices left", st.Slices)
	}
}
