// FTP in Client.Do, against a real vsftpd: exact bytes over N control
// connections with the RETRs and RESTs the slices ask, a file changed
// during the transfer caught (never exit 0 mixed), a stopped download
// resumed, refusals typed, stalled and dropped sessions replaced, and a
// server without REST read on one connection.

package slget_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/ftpdtest"
	"github.com/slget/slget/internal/sshdtest"
)

func ftpFile(t *testing.T, dir string, n int) string {
	t.Helper()
	b := make([]byte, n)
	rand.Read(b)
	if err := os.WriteFile(filepath.Join(dir, "data.bin"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// rests are the offsets of the RESTs a server saw, but REST 0 (the
// question whether REST is taken).
func rests(s *ftpdtest.Server) []int64 {
	var out []int64
	for _, a := range s.Commands("REST") {
		if n, _ := strconv.ParseInt(a, 10, 64); n != 0 {
			out = append(out, n)
		}
	}
	return out
}

func TestFTPDownload(t *testing.T) {
	s := ftpdtest.Start(t)
	want := ftpFile(t, s.Dir, 5<<20+777)
	const slice = 256 << 10
	dryPath := filepath.Join(t.TempDir(), "dry.bin")
	dry, err := newClient(t, &slget.Client{}).Do(t.Context(), &slget.Request{URL: s.URL("data.bin"), Path: dryPath, DryRun: true})
	if err != nil || dry.Path != dryPath || dry.Size != 5<<20+777 || exists(dryPath) || exists(dryPath+".part") || len(s.Commands("RETR")) != 0 {
		t.Fatalf("dry run: %v, %+v", err, dry)
	}
	for _, x := range []int{1, 4} {
		before, retrsBefore, restsBefore := s.Logins(), len(s.Commands("RETR")), len(rests(s))
		c := newClient(t, &slget.Client{Connections: x, Slice: slice})
		path := filepath.Join(t.TempDir(), "out.bin")
		res, err := c.Do(t.Context(), &slget.Request{URL: s.URL("data.bin"), Path: path})
		if err != nil {
			t.Fatal(err)
		}
		if got := fileSHA256(path); got != want {
			t.Fatalf("-x %d: sha256 %s, want %s", x, got, want)
		}
		if res.Protocol != "FTP" || res.Size != 5<<20+777 || res.Validator.LastModified == "" || !res.Ranged {
			t.Errorf("-x %d: result %+v", x, res)
		}
		if exists(path+".part") || exists(path+".slget") {
			t.Error("side files left")
		}
		logins, retrs, offsets := s.Logins()-before, len(s.Commands("RETR"))-retrsBefore, rests(s)[restsBefore:]
		for _, o := range offsets {
			if o%slice != 0 {
				t.Errorf("-x %d: REST %d is not on a slice", x, o)
			}
		}
		// One login per connection (the first, which asked SIZE, reads a
		// range too); a RETR per claimed run, each but the one at 0 after a
		// REST.
		switch {
		case x == 1 && (logins != 1 || retrs != 1 || len(offsets) != 0):
			t.Errorf("-x 1: %d logins, %d RETRs, RESTs %v; want 1, 1, none", logins, retrs, offsets)
		case x == 4 && (logins < 2 || logins > 4 || retrs < logins || retrs > 21 || len(offsets) != retrs-1):
			t.Errorf("-x 4: %d logins, %d RETRs, RESTs %v", logins, retrs, offsets)
		}
		t.Logf("-x %d: %d logins, %d RETRs, RESTs %v", x, logins, retrs, offsets)
	}
}

// The file rewritten in place while the slices come: the download stops
// with the change (exit 33), the partial download kept, nothing under the
// final name.
func TestFTPChangedDuringTransfer(t *testing.T) {
	s := ftpdtest.Start(t)
	ftpFile(t, s.Dir, 4<<20)
	p := filepath.Join(s.Dir, "data.bin")
	c := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10, RateLimit: 1 << 20})
	path := filepath.Join(t.TempDir(), "out.bin")
	ctx := t.Context()
	_, err := c.Do(ctx, &slget.Request{URL: s.URL("data.bin"), Path: path, NoRestart: true,
		Events: onProgress(ctx, 512<<10, func() {
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
				return
			}
			f.WriteAt(make([]byte, 1<<20), 1<<20) // same size, other bytes
			f.Close()
			later := time.Now().Add(time.Minute)
			os.Chtimes(p, later, later)
		})})
	var ce *slget.ChangedError
	var ke *slget.KeptError
	if !errors.As(err, &ce) || !errors.As(err, &ke) || !ke.Changed {
		t.Fatalf("%v (%T), want a kept change", err, err)
	}
	if exists(path) || !exists(path+".part") {
		t.Fatal("want the partial download kept and no file at the name")
	}
}

// A download stopped half way resumes from its journal, and asks the
// server only for the rest.
func TestFTPResume(t *testing.T) {
	s := ftpdtest.Start(t)
	want := ftpFile(t, s.Dir, 4<<20)
	c := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10, RateLimit: 2 << 20})
	path := filepath.Join(t.TempDir(), "out.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	_, err := c.Do(ctx, &slget.Request{URL: s.URL("data.bin"), Path: path, Events: onProgress(ctx, 1<<20, cancel)})
	if !errors.As(err, new(*slget.InterruptedError)) {
		t.Fatalf("the stopped run: %v", err)
	}
	st, err := slget.ReadStatus(path)
	if err != nil || st.SlicesDone < 2 || st.SlicesDone == st.Slices {
		t.Fatalf("status %+v, %v: want a partial download", st, err)
	}
	c2 := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10})
	res, err := c2.Do(t.Context(), &slget.Request{URL: s.URL("data.bin"), Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != st.BytesWritten || res.Transferred > 4<<20-st.BytesDone+4*(128<<10) {
		t.Errorf("resumed %d bytes (journal %d written), moved %d", res.Resumed, st.BytesWritten, res.Transferred)
	}
	if fileSHA256(path) != want {
		t.Fatal("wrong bytes")
	}
}

// A refused login, a missing file and a folder: typed errors with no
// password in them, and nothing on disk.
func TestFTPRefusals(t *testing.T) {
	s := ftpdtest.Start(t)
	ftpFile(t, s.Dir, 1000)
	os.Mkdir(filepath.Join(s.Dir, "folder"), 0o755)
	c := newClient(t, &slget.Client{Connections: 2})
	dir := t.TempDir()
	var fe *slget.FTPError
	for _, tc := range []struct {
		url  string
		o    slget.FTPOptions
		kind slget.FTPKind
		code int
	}{
		{strings.Replace(s.URL("data.bin"), "://", "://bob:s3cret@", 1), slget.FTPOptions{}, slget.FTPRefused, 530},
		{s.URL("data.bin"), slget.FTPOptions{User: "bob", Password: "s3cret"}, slget.FTPRefused, 530},
		{s.URL("gone.bin"), slget.FTPOptions{}, slget.FTPNotFound, 550},
		{s.URL("folder"), slget.FTPOptions{}, slget.FTPNotAFile, 550},
	} {
		_, err := c.Do(t.Context(), &slget.Request{URL: tc.url, Path: filepath.Join(dir, "out"), FTP: tc.o})
		if !errors.As(err, &fe) || fe.Kind != tc.kind || fe.Code != tc.code {
			t.Errorf("%s: %v, want kind %d", tc.url, err, tc.kind)
		} else if strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "ftp://") {
			t.Errorf("message %q", err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}

// ftpEvents records the retries and warnings of a download.
type ftpEvents struct {
	mu   sync.Mutex
	msgs []string
}

func (f *ftpEvents) event(e slget.Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch e := e.(type) {
	case *slget.Retrying:
		f.msgs = append(f.msgs, e.Err.Error())
	case *slget.Warning:
		f.msgs = append(f.msgs, e.Message)
	}
}

func (f *ftpEvents) String() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.Join(f.msgs, "\n")
}

// Sessions that stop answering mid-transfer are stalls, and sessions the
// server drops are lost connections, as over HTTP: each is replaced, its
// slices requeued, and the download ends with the exact bytes.
func TestFTPStalledAndDroppedSessions(t *testing.T) {
	for _, fault := range []string{"stall", "drop"} {
		t.Run(fault, func(t *testing.T) {
			s := ftpdtest.Start(t)
			// Larger than the socket buffers of two claims, so that the
			// server is still sending when the fault comes.
			want := ftpFile(t, s.Dir, 24<<20)
			c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10, RateLimit: 8 << 20, StallTimeout: 500 * time.Millisecond})
			path := filepath.Join(t.TempDir(), "out.bin")
			ctx := t.Context()
			ev := &ftpEvents{}
			hit := make(chan struct{})
			progress := onProgress(ctx, 4<<20, func() {
				if fault == "stall" {
					s.StopSessions(t)
				} else {
					s.KillSessions(t)
				}
				close(hit)
			})
			_, err := c.Do(ctx, &slget.Request{URL: s.URL("data.bin"), Path: path, Events: func(e slget.Event) { progress(e); ev.event(e) }})
			if err != nil {
				t.Fatal(err)
			}
			<-hit
			if fileSHA256(path) != want {
				t.Fatal("wrong bytes")
			}
			if n := s.Logins(); n < 3 {
				t.Errorf("%d logins: want the sessions replaced", n)
			}
			said := map[string]string{"stall": "stall", "drop": "FTP data connection closed"}[fault]
			if !strings.Contains(ev.String(), said) {
				t.Errorf("events %q: want %q", ev, said)
			}
		})
	}
}

// A server that refuses REST: the whole file on one connection, one RETR,
// whatever -x says, and a warning that says why.
func TestFTPNoREST(t *testing.T) {
	f := ftpdtest.StartFake(t, "REST")
	want := ftpFile(t, f.Dir, 3<<20+5)
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	path := filepath.Join(t.TempDir(), "out.bin")
	w := &warnings{}
	res, err := c.Do(t.Context(), &slget.Request{URL: f.URL("data.bin"), Path: path, Events: w.event})
	if err != nil {
		t.Fatal(err)
	}
	if fileSHA256(path) != want {
		t.Fatal("wrong bytes")
	}
	if retrs, _ := f.Counts(); retrs != 1 || res.Connections != 1 || w.count("refuses REST") != 1 {
		t.Errorf("%d RETRs, %d connections; warnings %s", retrs, res.Connections, w)
	}
}

// A server that does not answer SIZE: the file is read whole on one
// connection, its end proven by the server's 226, and no journal kept.
func TestFTPNoSIZE(t *testing.T) {
	f := ftpdtest.StartFake(t, "SIZE")
	want := ftpFile(t, f.Dir, 2<<20+9)
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	path := filepath.Join(t.TempDir(), "out.bin")
	w := &warnings{}
	res, err := c.Do(t.Context(), &slget.Request{URL: f.URL("data.bin"), Path: path, Events: w.event})
	if err != nil {
		t.Fatal(err)
	}
	if fileSHA256(path) != want || res.Size != 2<<20+9 || res.Ranged {
		t.Fatalf("result %+v", res)
	}
	if retrs, _ := f.Counts(); retrs != 1 || w.count("does not answer SIZE") != 1 {
		t.Errorf("%d RETRs; warnings %s", retrs, w)
	}
}

// Continue takes over a partial file without a journal (curl's), over FTP
// and SFTP alike: its start is compared with the server's slice 0 (there
// is no probe body to compare it with), and only the rest is fetched.
func TestRemoteContinueAdoptsPartial(t *testing.T) {
	fs := ftpdtest.Start(t)
	ss := sshdtest.Start(t)
	const n = 3<<20 + 5
	b := make([]byte, n)
	rand.Read(b)
	sum := sha256.Sum256(b)
	os.WriteFile(filepath.Join(fs.Dir, "data.bin"), b, 0o644)
	os.WriteFile(filepath.Join(ss.Dir, "data.bin"), b, 0o644)
	for _, tc := range []struct {
		url string
		req slget.Request
	}{
		{fs.URL("data.bin"), slget.Request{}},
		{ss.URL(filepath.Join(ss.Dir, "data.bin")), slget.Request{SFTP: sftpOpts(ss)}},
	} {
		path := filepath.Join(t.TempDir(), "out.bin")
		os.WriteFile(path, b[:1<<20+300], 0o644) // curl's partial file
		c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
		req := tc.req
		req.URL, req.Path, req.Continue = tc.url, path, true
		res, err := c.Do(t.Context(), &req)
		if err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		if fileSHA256(path) != hex.EncodeToString(sum[:]) || res.Resumed != 1<<20 || res.Transferred > n-1<<20+256<<10 {
			t.Errorf("%s: resumed %d, moved %d, path %s", tc.url, res.Resumed, res.Transferred, res.Path)
		}
	}
}

// A server without REST, resumed: the one connection reads and drops the
// bytes before the first missing slice, and that long way (longer than
// the stall timeout here) is not taken for a stall.
func TestFTPNoRESTResume(t *testing.T) {
	f := ftpdtest.StartFake(t, "REST", "SLOW") // about 3 MiB/s
	want := ftpFile(t, f.Dir, 4<<20)
	path := filepath.Join(t.TempDir(), "out.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	c := newClient(t, &slget.Client{Connections: 1, Slice: 256 << 10, StallTimeout: 300 * time.Millisecond})
	if _, err := c.Do(ctx, &slget.Request{URL: f.URL("data.bin"), Path: path, Events: onProgress(ctx, 2<<20, cancel)}); !errors.As(err, new(*slget.InterruptedError)) {
		t.Fatalf("the stopped run: %v", err)
	}
	st, err := slget.ReadStatus(path)
	if err != nil || st.SlicesDone < 6 {
		t.Fatalf("status %+v, %v", st, err)
	}
	w := &warnings{}
	c = newClient(t, &slget.Client{Connections: 1, Slice: 256 << 10, StallTimeout: 300 * time.Millisecond, Retry: slget.RetryPolicy{MaxTries: 2}})
	res, err := c.Do(t.Context(), &slget.Request{URL: f.URL("data.bin"), Path: path, Events: w.event})
	if err != nil {
		t.Fatalf("%v\n%s", err, w)
	}
	if fileSHA256(path) != want || res.Resumed != st.BytesWritten {
		t.Fatalf("resumed %d of %d written", res.Resumed, st.BytesWritten)
	}
}
