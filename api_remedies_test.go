// Advice that leads somewhere: each failure a program can meet offers its
// Remedies, and each of them, followed from that failure, ends in the
// whole file.

package slget_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// remedyScene is a download brought to one failure.
type remedyScene struct {
	srv *fetchtest.Server
	c   *slget.Client
	req slget.Request
	err error // what Do returned
	// heal makes the cause pass before r is followed (the other download
	// ends, the server is mended); nil if nothing passes.
	heal  func(r slget.Remedy)
	sum   string // the SHA-256 the file must have after a remedy
	other string // a directory of its own, for RemedyOtherDir
}

// remedyScenes bring a download to each failure with remedies; each
// returns the scene and the remedies it must offer, in order.
var remedyScenes = []struct {
	name  string
	want  []slget.Remedy
	setup func(t *testing.T, s *remedyScene)
}{
	{"a file at the name", []slget.Remedy{slget.RemedyOverwrite, slget.RemedyAutoRename}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
		write(t, s.req.Path, []byte("the user's own file"))
	}},
	{"a partial file with no journal", []slget.Remedy{slget.RemedyContinue, slget.RemedyOtherName}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
		write(t, s.req.Path+".part", s.srv.Content().Bytes(0, 300<<10))
	}},
	{"the full size, continued without a checksum", []slget.Remedy{slget.RemedyChecksum, slget.RemedyOverwrite}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
		write(t, s.req.Path, s.srv.Content().Bytes(0, 2<<20))
		s.req.Continue = true
	}},
	{"another download holds the name", []slget.Remedy{slget.RemedyWait, slget.RemedyOtherName}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithRateLimit(1<<20))
		ctx, cancel := context.WithCancel(t.Context())
		first := make(chan error, 1)
		go func() {
			_, err := s.c.Do(ctx, &slget.Request{URL: s.srv.FileURL(), Path: s.req.Path})
			first <- err
		}()
		waitFor(t, "the first download's partial file", func() bool { return exists(s.req.Path + ".part") })
		s.heal = func(slget.Remedy) {
			if err := <-first; err != nil {
				t.Fatalf("the download that held the name: %v", err)
			}
		}
		t.Cleanup(cancel)
	}},
	{"interrupted", []slget.Remedy{slget.RemedyAgain}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(2<<20))
		ctx, cancel := context.WithCancel(t.Context())
		go func() {
			for ctx.Err() == nil && s.srv.BytesServed() < 1<<20 {
				time.Sleep(2 * time.Millisecond)
			}
			cancel()
		}()
		s.req.URL = s.srv.FileURL()
		_, s.err = s.c.Do(ctx, &s.req)
	}},
	{"changed during the download", []slget.Remedy{slget.RemedyAgainAnew}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithChangeAfter(3))
	}},
	{"changed, NoRestart", []slget.Remedy{slget.RemedyAllowRestart, slget.RemedyRestart}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithChangeAfter(3))
		s.req.NoRestart = true
	}},
	{"an outage longer than the retry budget", []slget.Remedy{slget.RemedyAgain, slget.RemedyLongerRetry}, func(t *testing.T, s *remedyScene) {
		// Slice 1 gets 502 for 1.5 s from its first ask; the budget is
		// 0.3 s. The same download again is run once the outage is over;
		// a longer budget rides out the rest of it.
		var since atomic.Int64
		outage := func() bool {
			first := since.Load()
			if first == 0 {
				since.CompareAndSwap(0, time.Now().UnixNano())
				return true
			}
			return time.Since(time.Unix(0, first)) < 1500*time.Millisecond
		}
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithFault(func(r *http.Request, n int) fetchtest.Fault {
			if strings.HasPrefix(r.Header.Get("Range"), "bytes="+strconv.Itoa(1<<20)+"-") && outage() {
				return fetchtest.Fault{Status: http.StatusBadGateway}
			}
			return fetchtest.Fault{}
		}))
		s.c.Retry = slget.RetryPolicy{Budget: 300 * time.Millisecond, Wait: 20 * time.Millisecond}
		s.heal = func(r slget.Remedy) {
			if r == slget.RemedyAgain {
				waitFor(t, "the end of the outage", func() bool { return !outage() })
			}
		}
	}},
	{"a name too long", []slget.Remedy{slget.RemedyShorterName}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
		s.req.Path = filepath.Join(filepath.Dir(s.req.Path), strings.Repeat("n", 300)+".bin")
	}},
	{"the checksum does not match", []slget.Remedy{slget.RemedyRestart}, func(t *testing.T, s *remedyScene) {
		// A server (a bad cache) sends one byte damaged; mended, it sends
		// the file as it is, on the same address.
		good := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
		u, err := url.Parse(good.FileURL())
		if err != nil {
			t.Fatal(err)
		}
		port, _ := strconv.Atoi(u.Port())
		good.Close()
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithPort(port), fetchtest.WithDamage(2<<20+5))
		sum := sha256.Sum256(s.srv.Content().Bytes(0, 3<<20))
		s.req.Checksum = &slget.Checksum{Algo: "sha-256", Sum: sum[:]}
		s.heal = func(slget.Remedy) {
			s.srv.Close()
			s.srv = fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithPort(port))
		}
	}},
	{"a damaged journal", []slget.Remedy{slget.RemedyRestart}, func(t *testing.T, s *remedyScene) {
		s.srv = fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(2<<20))
		ctx, cancel := context.WithCancel(t.Context())
		go func() {
			for ctx.Err() == nil && s.srv.BytesServed() < 1<<20 {
				time.Sleep(2 * time.Millisecond)
			}
			cancel()
		}()
		s.req.URL = s.srv.FileURL()
		if _, err := s.c.Do(ctx, &s.req); err == nil {
			t.Fatal("the download to interrupt finished")
		}
		j := s.req.Path + ".slget"
		b, err := os.ReadFile(j)
		if err != nil {
			t.Fatal(err)
		}
		for i := range b {
			b[i] ^= 0x5a
		}
		write(t, j, b)
	}},
}

func TestEveryRemedyLeadsToTheFile(t *testing.T) {
	offered := map[slget.Remedy]bool{}
	for _, sc := range remedyScenes {
		for _, r := range sc.want {
			offered[r] = true
			t.Run(sc.name+"/"+r.String(), func(t *testing.T) {
				s := newRemedyScene(t)
				sc.setup(t, s)
				s.sum = s.srv.Content().SHA256()
				if s.req.URL == "" {
					s.req.URL = s.srv.FileURL()
				}
				if s.err == nil {
					ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
					_, s.err = s.c.Do(ctx, &s.req)
					cancel()
				}
				if s.err == nil {
					t.Fatal("Do succeeded where it should fail")
				}
				if got := slget.Remedies(s.err); !slices.Equal(got, sc.want) {
					t.Fatalf("Remedies(%v) = %v, want %v", s.err, got, sc.want)
				}
				followRemedy(t, s, r)
			})
		}
	}
	// Offered by a failure that a test here cannot bring about: a full
	// disk or a read-only one (cmd/slget's TestDiskFullMidDownloadThenResume
	// follows RemedyFreeSpace), a file larger than 2^26 slices that still
	// fits the disk (RemedyLargerSlice).
	for r := slget.RemedyWait; r <= slget.RemedyLongerRetry; r++ {
		if !offered[r] && r != slget.RemedyFreeSpace && r != slget.RemedyOtherDir && r != slget.RemedyLargerSlice {
			t.Errorf("no scene offers %v: a remedy nobody tried", r)
		}
	}
}

func newRemedyScene(t *testing.T) *remedyScene {
	dir := t.TempDir()
	return &remedyScene{
		c:     newClient(t, &slget.Client{Retry: slget.RetryPolicy{MaxTries: 2}}),
		req:   slget.Request{Path: filepath.Join(dir, "f.bin")},
		other: t.TempDir(),
	}
}

// followRemedy does what r says, as a program would, and runs the
// download again: it must end with the whole file.
func followRemedy(t *testing.T, s *remedyScene, r slget.Remedy) {
	t.Helper()
	if s.heal != nil {
		s.heal(r)
	}
	s.sum = s.srv.Content().SHA256() // the file as it is now: a changed one's new version
	req := s.req
	req.URL = s.srv.FileURL()
	switch r {
	case slget.RemedyWait, slget.RemedyAgain, slget.RemedyAgainAnew:
	case slget.RemedyOverwrite:
		req.AllowOverwrite = true
	case slget.RemedyAutoRename:
		req.AutoRename = true
	case slget.RemedyContinue:
		req.Continue = true
	case slget.RemedyChecksum:
		sum, err := hex.DecodeString(s.sum)
		if err != nil {
			t.Fatal(err)
		}
		req.Checksum = &slget.Checksum{Algo: "sha-256", Sum: sum}
	case slget.RemedyRestart:
		req.Restart = true
	case slget.RemedyAllowRestart:
		req.NoRestart = false
	case slget.RemedyOtherName:
		req.Path = filepath.Join(filepath.Dir(req.Path), "other.bin")
	case slget.RemedyShorterName:
		req.Path = filepath.Join(filepath.Dir(req.Path), "f.bin")
	case slget.RemedyOtherDir:
		req.Path = filepath.Join(s.other, filepath.Base(req.Path))
	case slget.RemedyLongerRetry:
		s.c.Retry.Budget = time.Minute
	default:
		t.Fatalf("no way to follow %v", r)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	res, err := s.c.Do(ctx, &req)
	if err != nil {
		t.Fatalf("after %q: %v (%T)", r, err, err)
	}
	if got := fileSHA256(res.Path); got != s.sum {
		t.Fatalf("after %q: %s has SHA-256 %s, want %s", r, res.Path, got, s.sum)
	}
	if r == slget.RemedyAutoRename && filepath.Base(res.Path) == "f.bin" {
		t.Errorf("after %q the file is at the taken name", r)
	}
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A dry run judges the states a download meets before its transfer as the
// download does: it refuses what Do refuses, with the same type and
// remedies, and says yes once the first remedy is followed.
func TestDryRunAgreesWithDo(t *testing.T) {
	before := map[string]bool{"a file at the name": true, "a partial file with no journal": true,
		"the full size, continued without a checksum": true, "a name too long": true, "a damaged journal": true}
	for _, sc := range remedyScenes {
		if !before[sc.name] {
			continue
		}
		t.Run(sc.name, func(t *testing.T) {
			s := newRemedyScene(t)
			sc.setup(t, s)
			if s.req.URL == "" {
				s.req.URL = s.srv.FileURL()
			}
			dry := s.req
			dry.DryRun = true
			_, derr := s.c.Do(t.Context(), &dry)
			_, err := s.c.Do(t.Context(), &s.req)
			if derr == nil || err == nil {
				t.Fatalf("dry run: %v; download: %v; want both refused", derr, err)
			}
			if dt, rt := fmt.Sprintf("%T", derr), fmt.Sprintf("%T", err); dt != rt || !slices.Equal(slget.Remedies(derr), slget.Remedies(err)) {
				t.Fatalf("dry run: %s %v, remedies %v; download: %s %v, remedies %v",
					dt, derr, slget.Remedies(derr), rt, err, slget.Remedies(err))
			}
		})
	}
}

// The kinds of an SFTP or FTP server's refusal print as words, not
// numbers, in a program's message.
func TestRemoteKindsPrintAsWords(t *testing.T) {
	for _, tc := range []struct {
		got  fmt.Stringer
		want string
	}{
		{slget.FTPNotFound, "not found"}, {slget.FTPNotAFile, "not a file"}, {slget.FTPRefused, "login refused"},
		{slget.SFTPNotFound, "not found"}, {slget.SFTPNotAFile, "not a file"}, {slget.SFTPRefused, "refused"},
		{slget.FTPKind(99), "FTPKind(99)"},
	} {
		if s := fmt.Sprint(tc.got); s != tc.want {
			t.Errorf("%#v prints %q, want %q", tc.got, s, tc.want)
		}
	}
}
