// Tests of hashing while downloading: the settled prefix is hashed before
// the last slice arrives, the sum is the file's, and a write below what
// was hashed sends the check back to a whole read.

package slget

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// prefixScene downloads an 8-slice file on 8 connections, the last slice
// held back by the origin until the test lets it go, with a prefixHash
// following the file. It returns the download and the file.
func prefixScene(t *testing.T, during func(p *prefixHash)) (*download, *os.File, *fetchtest.Server) {
	t.Helper()
	const slice = 64 << 10
	const size = 8*slice - 100
	gate := make(chan struct{})
	last := "bytes=" + strconv.Itoa(7*slice) + "-"
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(func(r *http.Request, n int) fetchtest.Fault {
		if len(r.Header.Get("Range")) >= len(last) && r.Header.Get("Range")[:len(last)] == last {
			<-gate
		}
		return fetchtest.Fault{}
	}))
	f := openPart(t, size)
	client, err := fetch.NewClient(fetch.ClientOptions{Connections: 8})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(client.CloseIdle)
	ctx := context.Background()
	probe, err := client.Probe(ctx, srv.FileURL(), slice)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := segment.NewPlan(size, slice)
	if err != nil {
		t.Fatal(err)
	}
	d := &download{req: &Request{SHA256: true}, res: &Result{}, plan: plan, lock: &partLock{f: f}}
	d.prefix = d.newPrefixHash()
	if d.prefix == nil {
		t.Fatal("no prefix hash for a request that asks for its SHA-256")
	}
	dl := fetch.NewDownloader(fetch.Config{Connections: 8}, plan, nil, fetch.NewOrigin(client, probe), newSyncFile(f, plan, d.prefix))
	d.prefix.start(ctx, dl)
	done := make(chan error, 1)
	go func() { done <- dl.Run(ctx, probe.Body) }()
	during(d.prefix)
	close(gate)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	d.prefix.stop()
	return d, f, srv
}

// TestPrefixHashedBeforeTheLastSlice: while the origin holds the last
// slice back, the seven before it are hashed; the sum then read from where
// that stopped is the file's SHA-256.
func TestPrefixHashedBeforeTheLastSlice(t *testing.T) {
	d, f, srv := prefixScene(t, func(p *prefixHash) {
		want := int64(7 * 64 << 10)
		deadline := time.Now().Add(20 * time.Second)
		for p.fed.Load() < want {
			if time.Now().After(deadline) {
				t.Errorf("hashed %d bytes while the last slice was held back; want the %d before it", p.fed.Load(), want)
				return
			}
			time.Sleep(5 * time.Millisecond) // polls the event: the prefix hashed
		}
	})
	sums, from, ok := d.takePrefix()
	if !ok || from < 7*64<<10 {
		t.Fatalf("the prefix gave %d bytes (%v); want the 7 slices hashed during the transfer", from, ok)
	}
	if _, err := io.Copy(sums.w, io.NewSectionReader(f, from, 1<<62)); err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(sums.sha.Sum(nil)); got != srv.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want the file's %s", got, srv.Content().SHA256())
	}
	if err := d.verify(f, "f.part"); err != nil || d.res.SHA256 != srv.Content().SHA256() {
		t.Fatalf("a second look (whole file): %v, %s", err, d.res.SHA256)
	}
}

// TestWriteBelowTheHashedPrefixSpoilsIt: a write to bytes already hashed
// (as a slice fetched again after the transfer makes) leaves the sums
// unused: the file is read whole.
func TestWriteBelowTheHashedPrefixSpoilsIt(t *testing.T) {
	var sf *syncFile
	d, f, srv := prefixScene(t, func(p *prefixHash) {
		for p.fed.Load() == 0 {
			time.Sleep(5 * time.Millisecond) // polls the event: a slice hashed
		}
		sf = newSyncFile(p.f, p.plan, p)
	})
	b := make([]byte, 10)
	if _, err := f.ReadAt(b, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := sf.WriteAt(b, 0); err != nil { // the same bytes: only the rule is tested
		t.Fatal(err)
	}
	if _, from, ok := d.takePrefix(); !ok || from != 0 {
		t.Fatalf("after a write below the hashed prefix, the check starts at %d; want 0", from)
	}
	d.prefix = nil
	if err := d.verify(f, "f.part"); err != nil || d.res.SHA256 != srv.Content().SHA256() {
		t.Fatalf("whole read: %v, %s", err, d.res.SHA256)
	}
	h := sha256.New()
	io.Copy(h, io.NewSectionReader(f, 0, 1<<62))
	if hex.EncodeToString(h.Sum(nil)) != srv.Content().SHA256() {
		t.Fatal("the file is not the origin's")
	}
}
