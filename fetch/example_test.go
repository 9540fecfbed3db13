package fetch_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// Probe, plan, download: the whole flow, into a file.
func Example() {
	srv, err := fetchtest.Start(fetchtest.WithSize(3<<20 + 5))
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ctx := context.Background()

	client, err := fetch.NewClient(fetch.ClientOptions{Connections: 4})
	if err != nil {
		panic(err)
	}
	const slice = 1 << 20
	p, err := client.Probe(ctx, srv.FileURL(), slice)
	if err != nil {
		panic(err)
	}
	fmt.Println("ranged:", p.Ranged, "size:", p.Validator.Size, "strength ok:", p.Validator.Strength() == fetch.StrongETag)

	plan, err := segment.NewPlan(p.Validator.Size, slice)
	if err != nil {
		panic(err)
	}
	f, err := os.CreateTemp("", "slget-example-*.part")
	if err != nil {
		panic(err)
	}
	defer os.Remove(f.Name())
	defer f.Close()

	d := fetch.NewDownloader(fetch.Config{Connections: 4}, plan, nil, fetch.NewOrigin(client, p), f)
	if err := d.Run(ctx, p.Body); err != nil { // Run closes p.Body
		panic(err)
	}
	data, err := os.ReadFile(f.Name())
	if err != nil {
		panic(err)
	}
	sum := sha256.Sum256(data)
	fmt.Println("slices:", d.Done().Count(), "of", plan.N(), "same bytes:", hex.EncodeToString(sum[:]) == srv.Content().SHA256())
	// Output:
	// ranged: true size: 3145733 strength ok: true
	// slices: 4 of 4 same bytes: true
}

func ExampleSanitizeFilename() {
	for _, name := range []string{"../../etc/passwd", `C:\Users\x\report.pdf`, "..", ".bashrc", "a\x1b[2Jb.txt"} {
		fmt.Printf("%q\n", fetch.SanitizeFilename(name))
	}
	// Output:
	// "passwd"
	// "report.pdf"
	// ""
	// "bashrc"
	// "a_[2Jb.txt"
}

func ExampleFilenameFromDisposition() {
	fmt.Println(fetch.FilenameFromDisposition(`attachment; filename="fallback.txt"; filename*=UTF-8''na%C3%AFve.txt`))
	// Output: naïve.txt
}

func ExampleParseContentRange() {
	cr, err := fetch.ParseContentRange("bytes 1048576-2097151/8388608")
	fmt.Println(cr.First, cr.Last, cr.Total, err)
	fmt.Println(cr.Matches(segment.Range{Start: 1 << 20, End: 2 << 20}, 8<<20))
	_, err = fetch.ParseContentRange("bytes 0-10/5")
	fmt.Println(err != nil)
	// Output:
	// 1048576 2097151 8388608 <nil>
	// true
	// true
}
