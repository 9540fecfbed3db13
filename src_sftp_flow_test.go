// SFTP in Client.Do, against a real sshd: exact bytes over N sessions, a
// file changed during the transfer caught (never exit 0 mixed), a stopped
// download resumed, refusals typed.

package slget_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/sshdtest"
)

func sftpFile(t *testing.T, s *sshdtest.Server, n int) (string, string) {
	t.Helper()
	b := make([]byte, n)
	rand.Read(b)
	p := filepath.Join(s.Dir, "data.bin")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return p, hex.EncodeToString(sum[:])
}

func sftpOpts(s *sshdtest.Server) slget.SFTPOptions {
	return slget.SFTPOptions{PrivateKeys: []string{s.UserKey}, KnownHosts: s.KnownHosts, NoAgent: true}
}

// onProgress calls f once, from a goroutine, when the download has done
// at least n bytes.
func onProgress(ctx context.Context, n int64, f func()) func(slget.Event) {
	return func(e slget.Event) {
		st, ok := e.(*slget.Started)
		if !ok {
			return
		}
		go func() {
			for ctx.Err() == nil && st.Progress().Done < n {
				time.Sleep(5 * time.Millisecond)
			}
			f()
		}()
	}
}

func TestSFTPDownload(t *testing.T) {
	s := sshdtest.Start(t)
	p, want := sftpFile(t, s, 5<<20+777)
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	path := filepath.Join(t.TempDir(), "out.bin")
	dry, err := c.Do(t.Context(), &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s), DryRun: true})
	if err != nil || dry.Path != path || dry.Size != 5<<20+777 || exists(path) || exists(path+".part") {
		t.Fatalf("dry run: %v, %+v", err, dry)
	}
	res, err := c.Do(t.Context(), &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s)})
	if err != nil {
		t.Fatal(err)
	}
	if got := fileSHA256(path); got != want {
		t.Fatalf("sha256 %s, want %s", got, want)
	}
	if res.Protocol != "SFTP" || res.Size != 5<<20+777 || res.Validator.LastModified == "" {
		t.Errorf("result %+v", res)
	}
	if exists(path+".part") || exists(path+".slget") {
		t.Error("side files left")
	}
	// One login and one SFTP channel per connection: the first (the stat)
	// serves a range too.
	if n := s.Logins() - 1; n < 2 || n > 4 || s.SFTP()-1 != n { // the dry run's login, then the download's
		t.Errorf("sshd saw %d logins and %d sftp channels for 4 connections", n, s.SFTP()-1)
	}
}

// The file rewritten in place while the slices come: the download stops
// with the change (exit 33), the partial download kept, nothing under the
// final name.
func TestSFTPChangedDuringTransfer(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := sftpFile(t, s, 4<<20)
	c := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10, RateLimit: 1 << 20})
	path := filepath.Join(t.TempDir(), "out.bin")
	ctx := t.Context()
	_, err := c.Do(ctx, &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s), NoRestart: true,
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
func TestSFTPResume(t *testing.T) {
	s := sshdtest.Start(t)
	p, want := sftpFile(t, s, 4<<20)
	c := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10, RateLimit: 2 << 20})
	path := filepath.Join(t.TempDir(), "out.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	_, err := c.Do(ctx, &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s), Events: onProgress(ctx, 1<<20, cancel)})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("the stopped run: %v", err)
	}
	st, err := slget.ReadStatus(path)
	if err != nil || st.SlicesDone < 2 || st.SlicesDone == st.Slices {
		t.Fatalf("status %+v, %v: want a partial download", st, err)
	}
	c2 := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10})
	res, err := c2.Do(t.Context(), &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s)})
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

// A refused login, a missing file and an unknown host key: typed errors
// that say what to do, with no password in them, and nothing on disk.
func TestSFTPRefusals(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := sftpFile(t, s, 1000)
	c := newClient(t, &slget.Client{Connections: 2})
	dir := t.TempDir()
	do := func(url string, o slget.SFTPOptions) error {
		_, err := c.Do(t.Context(), &slget.Request{URL: url, Path: filepath.Join(dir, "out"), SFTP: o})
		if err == nil {
			t.Fatalf("%s: no error", url)
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("the password is in %q", err)
		}
		return err
	}
	var se *slget.SFTPError
	o := sftpOpts(s)
	o.PrivateKeys = []string{filepath.Join(s.Dir, "stranger")}
	sshdtest.NewKey(t, o.PrivateKeys[0])
	if err := do(strings.Replace(s.URL(p), "@", ":s3cret@", 1), o); !errors.As(err, &se) || se.Kind != slget.SFTPRefused {
		t.Errorf("wrong password: %v", err)
	}
	if err := do(s.URL(p+".gone"), sftpOpts(s)); !errors.As(err, &se) || se.Kind != slget.SFTPNotFound {
		t.Errorf("missing: %v", err)
	}
	o = sftpOpts(s)
	o.KnownHosts = filepath.Join(dir, "none")
	var he *slget.HostKeyError
	if err := do(s.URL(p), o); !errors.As(err, &he) || !strings.Contains(err.Error(), ssh.FingerprintSHA256(s.HostKey)) {
		t.Errorf("unknown host key: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}

// A file changed between two runs (a new mtime, same size): NoRestart
// keeps the partial download and says so; the default starts over and
// ends with the new bytes, never a mix.
func TestSFTPChangedSinceLastRun(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := sftpFile(t, s, 4<<20)
	c := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10, RateLimit: 2 << 20})
	path := filepath.Join(t.TempDir(), "out.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	if _, err := c.Do(ctx, &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s), Events: onProgress(ctx, 1<<20, cancel)}); !errors.As(err, new(*slget.InterruptedError)) {
		t.Fatalf("the stopped run: %v", err)
	}
	_, want := sftpFile(t, s, 4<<20) // new bytes, same size
	later := time.Now().Add(time.Hour)
	os.Chtimes(p, later, later)
	c2 := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10})
	_, err := c2.Do(t.Context(), &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s), NoRestart: true})
	var ce *slget.ChangedError
	if !errors.As(err, &ce) || !ce.Since || !exists(path+".part") || exists(path) {
		t.Fatalf("NoRestart: %v", err)
	}
	res, err := c2.Do(t.Context(), &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s)})
	if err != nil || res.Resumed != 0 {
		t.Fatalf("start over: %v, resumed %d", err, res.Resumed)
	}
	if fileSHA256(path) != want {
		t.Fatal("not the new bytes")
	}
}

// Sessions that stop answering mid-transfer are stalls, as over HTTP:
// each is dropped after StallTimeout, its slices requeued on new sessions,
// and the download ends with the exact bytes.
func TestSFTPStalledSessions(t *testing.T) {
	s := sshdtest.Start(t)
	// Large enough that the sessions' read-ahead (2 MiB each, plus the
	// SSH window and the sockets) has not taken the file when they stop.
	p, want := sftpFile(t, s, 16<<20)
	c := newClient(t, &slget.Client{Connections: 2, Slice: 128 << 10, RateLimit: 4 << 20, StallTimeout: 500 * time.Millisecond})
	path := filepath.Join(t.TempDir(), "out.bin")
	ctx := t.Context()
	var mu sync.Mutex
	var retries []string
	stalled := make(chan struct{})
	progress := onProgress(ctx, 1<<20, func() { s.StopSessions(t); close(stalled) })
	_, err := c.Do(ctx, &slget.Request{URL: s.URL(p), Path: path, SFTP: sftpOpts(s), Events: func(e slget.Event) {
		progress(e)
		mu.Lock()
		switch e := e.(type) {
		case *slget.Retrying:
			retries = append(retries, e.Err.Error())
		case *slget.Warning:
			retries = append(retries, e.Message)
		}
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	<-stalled
	if fileSHA256(path) != want {
		t.Fatal("wrong bytes")
	}
	mu.Lock()
	defer mu.Unlock()
	if n := s.Logins(); n < 4 {
		t.Errorf("%d logins: want the 2 stalled sessions replaced", n)
	}
	if len(retries) == 0 || !strings.Contains(strings.Join(retries, "\n"), "stall") {
		t.Errorf("retries %q: want the stalled sessions dropped as stalls", retries)
	}
	t.Logf("logins %d, events %q", s.Logins(), retries)
}

// Nothing listening at the URL's port: tried twice, as the HTTP probe,
// then a network error that says what to check.
func TestSFTPConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	c := newClient(t, &slget.Client{Retry: slget.RetryPolicy{MaxTries: 5, Wait: 10 * time.Millisecond}})
	w := &warnings{}
	start := time.Now()
	_, err = c.Do(t.Context(), &slget.Request{URL: fmt.Sprintf("sftp://u@127.0.0.1:%d/f", port), Path: filepath.Join(t.TempDir(), "f"), Events: w.event})
	if !errors.Is(err, syscall.ECONNREFUSED) || !strings.Contains(err.Error(), "port in the URL") || w.count("") != 1 {
		t.Fatalf("%v after %v; warnings:\n%s", err, time.Since(start), w)
	}
}
