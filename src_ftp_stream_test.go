// An ftp:// file streamed to a Writer (-o -): the slices in order over N
// control connections, each a REST and a RETR, the file asked for its
// version again after the last byte; a server without REST or SIZE is
// refused before a byte goes out.

package slget_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/ftpdtest"
)

func TestFTPStream(t *testing.T) {
	s := ftpdtest.Start(t)
	const size = 5<<20 + 777
	want := ftpFile(t, s.Dir, size)
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	var out bytes.Buffer
	res, err := c.Do(t.Context(), &slget.Request{URL: s.URL("data.bin"), Writer: &out, StreamWindow: 1 << 20, SHA256: true})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(out.Bytes())
	if got := hex.EncodeToString(sum[:]); got != want || res.SHA256 != want {
		t.Fatalf("%d bytes with SHA-256 %s (result %s), want %s", out.Len(), got, res.SHA256, want)
	}
	if res.Protocol != "FTP" || res.Size != size || res.Path != "" {
		t.Errorf("result %+v", res)
	}
	if len(s.Commands("RETR")) < 2 || len(rests(s)) == 0 {
		t.Errorf("%d RETRs, RESTs at %v: want the file in ranges", len(s.Commands("RETR")), rests(s))
	}
	for _, r := range rests(s) {
		if r%(256<<10) != 0 {
			t.Errorf("REST %d is not on a slice boundary", r)
		}
	}
}

func TestFTPStreamRefused(t *testing.T) {
	for _, refuse := range []string{"REST", "SIZE"} {
		t.Run(refuse, func(t *testing.T) {
			f := ftpdtest.StartFake(t, refuse)
			ftpFile(t, f.Dir, 1<<20)
			c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
			var out bytes.Buffer
			_, err := c.Do(t.Context(), &slget.Request{URL: f.URL("data.bin"), Writer: &out})
			var re *slget.RequestError
			if !errors.As(err, &re) || out.Len() != 0 {
				t.Fatalf("%v (%T), %d bytes out: want a *RequestError before a byte", err, err, out.Len())
			}
			if retrs, _ := f.Counts(); retrs != 0 {
				t.Errorf("%d RETRs", retrs)
			}
		})
	}
	// A Path and a Writer at once is refused before any login.
	s := ftpdtest.Start(t)
	_, err := newClient(t, &slget.Client{}).Do(t.Context(), &slget.Request{URL: s.URL("data.bin"), Writer: io.Discard, Path: "x"})
	var re *slget.RequestError
	if !errors.As(err, &re) || s.Logins() != 0 {
		t.Errorf("Path and Writer: %v (%T), %d logins", err, err, s.Logins())
	}
}
