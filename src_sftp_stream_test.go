// sftp:// to a Writer (slget -o -), against a real sshd: the bytes in
// order over N sessions, and a file rewritten midway never passed whole.

package slget_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/sshdtest"
)

func TestSFTPStream(t *testing.T) {
	s := sshdtest.Start(t)
	p, want := sftpFile(t, s, 6<<20+333)
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	var out bytes.Buffer
	res, err := c.Do(t.Context(), &slget.Request{URL: s.URL(p), Writer: &out, StreamWindow: 1 << 20, SFTP: sftpOpts(s), SHA256: true})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(out.Bytes())
	if got := hex.EncodeToString(sum[:]); got != want || res.SHA256 != want {
		t.Fatalf("%d bytes with SHA-256 %s (result %s), want %s", out.Len(), got, res.SHA256, want)
	}
	if res.Protocol != "SFTP" || res.Size != 6<<20+333 || res.Path != "" {
		t.Errorf("result %+v", res)
	}
	if n := s.SFTP(); n < 2 || n > 5 {
		t.Errorf("%d SFTP channels for 4 connections", n)
	}
	// A Path and a Writer at once is refused before any login.
	before := s.Logins()
	_, err = c.Do(t.Context(), &slget.Request{URL: s.URL(p), Writer: io.Discard, Path: "x", SFTP: sftpOpts(s)})
	var re *slget.RequestError
	if !errors.As(err, &re) || s.Logins() != before {
		t.Errorf("Path and Writer: %v (%T), %d logins", err, err, s.Logins()-before)
	}
}

// The file rewritten in place while it streams: the change is the error
// (exit 33), whatever bytes already went out.
func TestSFTPStreamChangedMidway(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := sftpFile(t, s, 4<<20)
	c := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10, RateLimit: 1 << 20})
	ctx := t.Context()
	_, err := c.Do(ctx, &slget.Request{URL: s.URL(p), Writer: io.Discard, StreamWindow: 1 << 20, SFTP: sftpOpts(s),
		Events: onProgress(ctx, 512<<10, func() {
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
				return
			}
			f.WriteAt(make([]byte, 1<<20), 2<<20) // same size, other bytes
			f.Close()
			later := time.Now().Add(time.Minute)
			os.Chtimes(p, later, later)
		})})
	var ce *slget.ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("%v (%T), want the change", err, err)
	}
}
