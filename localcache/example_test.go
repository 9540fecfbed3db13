// Examples: storing and reading a slice, and what the cache holds.

package localcache_test

import (
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/slget/slget/localcache"
)

func Example() {
	dir, err := os.MkdirTemp("", "slget-cache")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	s, err := localcache.Open(dir, &localcache.Options{SliceSize: 64 << 10, MaxSize: 1 << 30})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	k := localcache.Key{
		URL:       "https://example.com/data/report.csv",
		Validator: `"5f2a-1c"`,
		SliceSize: s.SliceSize(),
		Index:     0,
	}
	if _, _, err := s.Get(k); err == localcache.ErrMiss {
		fmt.Println("miss")
	}
	slice := []byte(strings.Repeat("date,region,amount\n2024-01-01,north,12.50\n", 1000))
	if err := s.Put(k, localcache.PutMeta{ContentType: "text/csv"}, slice); err != nil {
		log.Fatal(err)
	}

	rc, info, err := s.Get(k)
	if err != nil {
		log.Fatal(err)
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	fmt.Println(len(b), "bytes,", info.Codec, "at rest, smaller:", info.StoredSize < info.Size)

	entries, _ := s.List()
	for _, e := range entries {
		fmt.Println(e.URL, e.Validator, e.Slices, "slice(s)")
	}
	// Output:
	// miss
	// 42000 bytes, zstd at rest, smaller: true
	// https://example.com/data/report.csv "5f2a-1c" 1 slice(s)
}
