// Tests of the zstd answers with slget's own client: PeerSource reads a
// text file's slices from the server as zstd frames, checked slice by
// slice, and the tags of the two representations.

package peer

import (
	"bytes"
	"io"
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

func TestPeerSourceReadsZstdSlices(t *testing.T) {
	data := offsetFile(3*mib + 777)
	origin := newBytesOrigin(t, data, "text/plain; charset=utf-8")
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	url := origin.URL + "/offsets.txt"
	p.get(t, url) // fill: the text slices are stored as zstd

	client, err := fetch.NewClient(testClientOptions())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(client.CloseIdle)
	probe, err := client.Probe(t.Context(), url, mib)
	if err != nil {
		t.Fatal(err)
	}
	probe.Body.Close()
	plan, err := segment.NewPlan(int64(len(data)), mib)
	if err != nil {
		t.Fatal(err)
	}
	fp, err := fetch.NewPeer(p.url, fetch.PeerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fp.CloseIdle)
	src, err := fetch.NewPeerSource(fp, fetch.NewOrigin(client, probe), plan)
	if err != nil {
		t.Fatal(err)
	}
	before := counterValue(t, p, `slget_serve_sent_bytes_total{codec="zstd",source="cache"}`)
	r := plan.RunRange(segment.Run{First: 1, End: plan.N()})
	b, err := src.Open(t.Context(), r)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(b)
	b.Close()
	if err != nil || !bytes.Equal(got, data[r.Start:r.End]) {
		t.Fatalf("read %d bytes (err %v), the right ones %v", len(got), err, bytes.Equal(got, data[r.Start:r.End]))
	}
	sent := counterValue(t, p, `slget_serve_sent_bytes_total{codec="zstd",source="cache"}`) - before
	if sent <= 0 || sent >= float64(r.Len())/3 {
		t.Errorf("the server sent %v zstd bytes for %d of text", sent, r.Len())
	}
}

func TestZstdTags(t *testing.T) {
	for _, c := range []struct{ plain, zstd string }{
		{`"abc"`, `"abc-zstd"`},
		{`""`, `"-zstd"`},
		{`"5f3c-1a"`, `"5f3c-1a-zstd"`},
	} {
		if got := zstdETag(c.plain); got != c.zstd {
			t.Errorf("zstdETag(%s) = %s, want %s", c.plain, got, c.zstd)
		}
		if got, ok := plainETag(c.zstd); c.plain != `""` && (!ok || got != c.plain) {
			t.Errorf("plainETag(%s) = %s, %v; want %s", c.zstd, got, ok, c.plain)
		}
	}
	for _, tag := range []string{`"abc"`, `W/"abc-zstd"`, `-zstd"`, `"-zstd"`} {
		if got, ok := plainETag(tag); ok {
			t.Errorf("plainETag(%s) = %s, want none", tag, got)
		}
	}
}
