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
