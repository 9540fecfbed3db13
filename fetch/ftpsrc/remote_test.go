// Tests of the FTP source against a real vsftpd (and, for a server that
// refuses REST, a fake one).

package ftpsrc_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/ftpsrc"
	"github.com/slget/slget/internal/ftpdtest"
	"github.com/slget/slget/segment"
)

func writeFile(t *testing.T, dir, name string, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	rand.Read(b)
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return b
}

// readAll reads every slice of plan at once, one Open each.
func readAll(t *testing.T, r *ftpsrc.Remote, plan segment.Plan) []byte {
	t.Helper()
	got := make([]byte, plan.Size)
	var wg sync.WaitGroup
	errs := make(chan error, plan.N())
	for i := 0; i < plan.N(); i++ {
		wg.Add(1)
		go func(rg segment.Range) {
			defer wg.Done()
			b, err := r.Open(t.Context(), rg)
			if err != nil {
				errs <- err
				return
			}
			defer b.Close()
			if _, err := io.ReadFull(b, got[rg.Start:rg.End]); err != nil {
				errs <- err
			}
		}(plan.SliceRange(i))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return got
}

// Slices read at once give the file's exact bytes: one RETR per slice, a
// REST for each that does not start at 0, and the control connections
// reused once a range ended early.
func TestRemoteRanges(t *testing.T) {
	s := ftpdtest.Start(t)
	want := writeFile(t, s.Dir, "data.bin", 3<<20+12345)
	r, err := ftpsrc.Dial(t.Context(), s.URL("data.bin"), ftpsrc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Validator.Size != int64(len(want)) || r.Validator.LastModified == "" || !r.Ranges || r.NoTime {
		t.Fatalf("validator %+v, ranges %v", r.Validator, r.Ranges)
	}
	plan, _ := segment.NewPlan(int64(len(want)), 1<<20)
	if sha256.Sum256(readAll(t, r, plan)) != sha256.Sum256(want) {
		t.Fatal("wrong bytes")
	}
	// Again, one after the other: the connections of the first round serve.
	before := s.Logins()
	for i := 0; i < plan.N(); i++ {
		rg := plan.SliceRange(i)
		b, err := r.Open(t.Context(), rg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(b)
		b.Close()
		if err != nil || string(got) != string(want[rg.Start:rg.End]) {
			t.Fatalf("slice %d: %v", i, err)
		}
	}
	if n := s.Logins(); n != before || n != r.Sessions() {
		t.Errorf("%d logins before the second round, %d after, %d sessions", before, n, r.Sessions())
	}
	retrs, rests := s.Commands("RETR"), s.Commands("REST")
	if len(retrs) != 2*plan.N() || len(rests) != 1+2*(plan.N()-1) {
		t.Errorf("RETRs %q, RESTs %q for 2×%d slices", retrs, rests, plan.N())
	}
}

// A file rewritten between two ranges: the next Open is a change, before
// any of its bytes; so is Check.
func TestRemoteChanged(t *testing.T) {
	s := ftpdtest.Start(t)
	writeFile(t, s.Dir, "data.bin", 1<<20)
	r, err := ftpsrc.Dial(t.Context(), s.URL("data.bin"), ftpsrc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	later := time.Now().Add(time.Minute)
	os.Chtimes(filepath.Join(s.Dir, "data.bin"), later, later)
	var ce *fetch.ChangedError
	if _, err := r.Open(t.Context(), segment.Range{Start: 0, End: 1000}); !errors.As(err, &ce) || fetch.Retryable(err) {
		t.Fatalf("open after a change: %v", err)
	}
	if err := r.Check(t.Context()); !errors.As(err, &ce) {
		t.Fatalf("check after a change: %v", err)
	}
	if n := len(s.Commands("RETR")); n != 0 {
		t.Errorf("%d RETRs of a changed file", n)
	}
}

// A missing file, a folder and a refused login are final, typed answers
// whose messages hold no password.
func TestRemoteRefusals(t *testing.T) {
	s := ftpdtest.Start(t)
	os.Mkdir(filepath.Join(s.Dir, "folder"), 0o755)
	var fe *ftpsrc.Error
	for _, c := range []struct {
		url  string
		kind ftpsrc.Kind
	}{
		{s.URL("gone.bin"), ftpsrc.NotFound},
		{s.URL("folder"), ftpsrc.NotAFile},
		{strings.Replace(s.URL("x"), "://", "://bob:s3cret@", 1), ftpsrc.Refused},
	} {
		_, err := ftpsrc.Dial(t.Context(), c.url, ftpsrc.Config{})
		if !errors.As(err, &fe) || fe.Kind != c.kind || fetch.Retryable(err) {
			t.Errorf("%s: %v, want kind %d", c.url, err, c.kind)
			continue
		}
		if strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "127.0.0.1") {
			t.Errorf("message %q", err)
		}
	}
}

// A server that refuses REST: Ranges is false, and a range read from the
// start gives the range's bytes; the server's PASV address (not the
// control connection's) is not dialled.
func TestRemoteNoREST(t *testing.T) {
	f := ftpdtest.StartFake(t, "REST")
	want := writeFile(t, f.Dir, "data.bin", 300000)
	r, err := ftpsrc.Dial(t.Context(), f.URL("data.bin"), ftpsrc.Config{ConnectTimeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Ranges {
		t.Fatal("Ranges with a server that refuses REST")
	}
	b, err := r.Open(t.Context(), segment.Range{Start: 100000, End: 200000})
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(b)
	b.Close()
	if err != nil || string(got) != string(want[100000:200000]) {
		t.Fatalf("%v, %d bytes", err, len(got))
	}
	if retrs, rests := f.Counts(); retrs != 1 || rests != 1 {
		t.Errorf("%d RETRs, %d RESTs", retrs, rests)
	}
}

// A body whose context ends (a stall) returns at once, and its
// connection is not reused.
func TestRemoteCancelledRead(t *testing.T) {
	s := ftpdtest.Start(t)
	writeFile(t, s.Dir, "data.bin", 64<<20)
	r, err := ftpsrc.Dial(t.Context(), s.URL("data.bin"), ftpsrc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithCancel(t.Context())
	b, err := r.Open(ctx, segment.Range{Start: 0, End: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 1<<10)
	if _, err := b.Read(buf); err != nil {
		t.Fatal(err)
	}
	cancel()
	done := make(chan error, 1)
	go func() {
		var err error
		for err == nil {
			_, err = b.Read(buf)
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == io.EOF {
			t.Fatal("a cancelled body read to its end")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a cancelled body still reads")
	}
	b.Close()
}

// Explicit FTPS against a vsftpd that takes nothing in clear: the bytes of
// two ranges, each data connection resuming the control connection's TLS
// session; without the server's CA, the certificate is refused; without
// TLS, the server refuses the login.
func TestRemoteFTPS(t *testing.T) {
	s, roots := ftpdtest.StartTLS(t)
	want := writeFile(t, s.Dir, "data.bin", 1<<20+3)
	r, err := ftpsrc.Dial(t.Context(), s.URL("data.bin"), ftpsrc.Config{TLS: &tls.Config{RootCAs: roots}})
	if err != nil {
		t.Fatalf("%v\n%s", err, s.Log())
	}
	defer r.Close()
	plan, _ := segment.NewPlan(int64(len(want)), 256<<10)
	if sha256.Sum256(readAll(t, r, plan)) != sha256.Sum256(want) {
		t.Fatalf("wrong bytes\n%s", s.Log())
	}
	if _, err := ftpsrc.Dial(t.Context(), s.URL("data.bin"), ftpsrc.Config{TLS: &tls.Config{}}); err == nil || fetch.Retryable(err) || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("an unknown CA: %v", err)
	}
	var fe *ftpsrc.Error
	if _, err := ftpsrc.Dial(t.Context(), s.URL("data.bin"), ftpsrc.Config{}); !errors.As(err, &fe) || fe.Kind != ftpsrc.Refused {
		t.Errorf("a login in clear: %v", err)
	}
}
