// One download: probe, name, plan, transfer, verify, rename.

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/resume"
)

// result is the --json object for one download.
type result struct {
	URL       string           `json:"url"`
	FinalURL  string           `json:"final_url,omitempty"`
	Path      string           `json:"path,omitempty"`
	Size      int64            `json:"size"`
	SHA256    string           `json:"sha256,omitempty"`
	Seconds   float64          `json:"seconds"`
	BySource  map[string]int64 `json:"bytes_by_source"`
	Validator *validatorJSON   `json:"validator,omitempty"`
	Resumed   int64            `json:"resumed_bytes,omitempty"`
	ExitCode  int              `json:"exit_code"`
	Error     string           `json:"error,omitempty"`
}

type validatorJSON struct {
	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"last_modified,omitempty"`
	Strength     string `json:"strength"`
}

func validatorOut(v fetch.Validator) *validatorJSON {
	s := map[fetch.Strength]string{fetch.StrongETag: "strong-etag", fetch.LastModified: "last-modified", fetch.SizeOnly: "size-only"}
	return &validatorJSON{ETag: v.ETag, LastModified: v.LastModified, Strength: s[v.Strength()]}
}

// get downloads one URL and returns its record; the error carries the exit
// code.
func (a *app) get(ctx context.Context, rawURL string) (res result, err error) {
	start := time.Now()
	res = result{URL: rawURL, BySource: map[string]int64{}}
	defer func() {
		res.Seconds = time.Since(start).Seconds()
		res.ExitCode = exitCode(err)
		if err != nil {
			res.Error = err.Error()
		}
	}()
	p, err := a.probe(ctx, rawURL)
	if err != nil {
		var cv *tls.CertificateVerificationError
		if errors.As(err, &cv) {
			err = fmt.Errorf("%w\n  if you trust this server, name its CA with --ca-certificate FILE (or, insecurely, --check-certificate=false)", err)
		}
		return res, err
	}
	defer func() {
		if p.Body != nil {
			p.Body.Close()
		}
	}()
	res.FinalURL, res.Size, res.Validator = p.FinalURL, p.Validator.Size, validatorOut(p.Validator)
	if w := p.Validator.Warning(); w != "" && p.Ranged {
		a.con.warnf("%s: %s", rawURL, w)
	}
	path, err := a.outputPath(rawURL, p)
	if err != nil {
		return res, err
	}
	res.Path = path
	part := path + ".part"

	var f *os.File
	var j *resume.Journal
	if !p.Ranged || p.Validator.Size < 0 {
		if p.Ranged {
			return res, fmt.Errorf("%s: the server sent a range without the total size", rawURL)
		}
		a.con.warnf("%s: the server does not support ranges; downloading on one connection (no resume)", rawURL)
		if f, err = os.OpenFile(part, os.O_RDWR|os.O_CREATE, 0o644); err != nil {
			return res, fmt.Errorf("cannot create %s: %w", part, err)
		}
		defer f.Close()
		var written atomic.Int64
		n, err := a.stream(ctx, rawURL, p, f, &written)
		res.Size, res.BySource["origin"] = n, n
		if err != nil {
			return res, a.keepPartial(part, err)
		}
	} else {
		pt, err := a.openPartial(ctx, rawURL, path, p)
		if err != nil {
			return res, err
		}
		defer pt.close()
		f, j = pt.f, pt.j
		body := p.Body
		p.Body = nil
		if pt.plan.Slice != a.cfg.slice {
			body.Close() // the probe's slice 0 is not the journal's slice 0
			body = nil
		}
		origin := fetch.NewOrigin(a.client, p)
		origin.Warn = func(s string) { a.con.warnf("%s: %s", p.FinalURL, s) }
		cfg := fetch.Config{
			Connections:  a.cfg.connections,
			MaxTries:     a.cfg.maxTries,
			RetryWait:    a.cfg.retryWait,
			StallTimeout: a.cfg.stallTimeout,
			LowestSpeed:  a.cfg.lowestSpeed,
			Limiter:      a.limiter(),
			Logf:         a.con.warnf,
		}
		if pt.j != nil {
			cfg.Journal, cfg.Hash = journalCommitter{pt.j}, true
		}
		d := fetch.NewDownloader(cfg, pt.plan, pt.done, origin, syncFile{pt.f})
		stop := a.con.track(rawURL, path, pt.plan.Size, a.cfg.connections, d.Stats)
		err = d.Run(ctx, body)
		stop(err == nil)
		st := d.Stats()
		res.BySource["origin"] = st.Written
		res.Resumed = st.Resumed
		if err != nil {
			var ce *fetch.ChangedError
			if errors.As(err, &ce) {
				pt.close()
				resume.Remove(journalPath(path))
				os.Remove(part)
				return res, fmt.Errorf("%w\n  %s was removed: its bytes mix two versions. Run slget again to download the current version", err, part)
			}
			return res, a.keepPartial(part, err)
		}
	}
	if a.cfg.checksum != nil || a.cfg.jsonOut {
		sum, err := a.verify(f, part)
		if err != nil {
			return res, err
		}
		res.SHA256 = sum
	}
	if err := f.Sync(); err != nil {
		return res, fmt.Errorf("cannot sync %s: %w", part, err)
	}
	if err := os.Rename(part, path); err != nil {
		return res, fmt.Errorf("cannot rename %s to %s: %w", part, path, err)
	}
	if j != nil {
		// Only after the rename: a crash before it leaves a complete .part
		// that its journal resumes in no time.
		j.Close()
		if err := resume.Remove(journalPath(path)); err != nil {
			a.con.warnf("%v", err)
		}
	}
	if a.con.mode != progressJSON && !a.cfg.jsonOut {
		a.con.printf("%s: saved %s (%s in %.1fs)\n", rawURL, path, humanBytes(res.Size), time.Since(start).Seconds())
	}
	return res, nil
}

// keepPartial explains what is left on disk after a failure.
func (a *app) keepPartial(part string, err error) error {
	if errors.Is(err, context.Canceled) {
		return withCode(exitUnfinished, fmt.Errorf("interrupted; the partial download stays in %s; run the same command again to resume", part))
	}
	return fmt.Errorf("%w\n  the partial download stays in %s; run the same command again to resume", err, part)
}

// probe runs the first request, with the same retry policy as slices.
func (a *app) probe(ctx context.Context, rawURL string) (*fetch.Probe, error) {
	for try := 1; ; try++ {
		p, err := a.client.Probe(ctx, rawURL, a.cfg.slice)
		if err == nil {
			return p, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !fetch.Retryable(err) || try >= a.cfg.maxTries {
			return nil, err
		}
		wait := fetch.RetryDelay(try, a.cfg.retryWait, 30*time.Second, err)
		a.con.warnf("%v; try %d of %d in %s", err, try+1, a.cfg.maxTries, wait.Round(time.Millisecond))
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// stream downloads a resource without ranges on one connection, starting
// over on a retryable failure.
func (a *app) stream(ctx context.Context, rawURL string, p *fetch.Probe, f *os.File, written *atomic.Int64) (int64, error) {
	stop := a.con.track(rawURL, f.Name(), p.Validator.Size, 1, func() fetch.Stats {
		return fetch.Stats{Size: p.Validator.Size, Written: written.Load()}
	})
	lim := a.limiter()
	for try := 1; ; try++ {
		if err := f.Truncate(0); err != nil {
			stop(false)
			return 0, fmt.Errorf("cannot truncate %s: %w", f.Name(), err)
		}
		written.Store(0)
		body := p.Body
		p.Body = nil
		n, err := fetch.StreamTo(ctx, body, f, written, a.cfg.stallTimeout, lim)
		body.Close()
		if err == nil {
			stop(true)
			return n, nil
		}
		if ctx.Err() != nil || !fetch.Retryable(err) || try >= a.cfg.maxTries {
			stop(false)
			return n, err
		}
		a.con.warnf("%s: %v; starting over (try %d of %d)", rawURL, err, try+1, a.cfg.maxTries)
		if p, err = a.probe(ctx, rawURL); err != nil {
			stop(false)
			return 0, err
		}
		if p.Ranged {
			p.Body.Close()
			stop(false)
			return 0, fmt.Errorf("%s: the server started to answer ranges midway; run slget again", rawURL)
		}
	}
}

// verify hashes the finished file: it checks --checksum and returns the
// SHA-256 for the record.
func (a *app) verify(f *os.File, part string) (string, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	sha := sha256.New()
	w := io.Writer(sha)
	var ch interface {
		Write([]byte) (int, error)
		Sum([]byte) []byte
	}
	if c := a.cfg.checksum; c != nil && c.algo != "sha-256" && c.algo != "sha256" {
		ch = c.new()
		w = io.MultiWriter(sha, ch)
	}
	if _, err := io.CopyBuffer(w, f, make([]byte, 1<<20)); err != nil {
		return "", fmt.Errorf("cannot read back %s: %w", part, err)
	}
	sum := sha.Sum(nil)
	if c := a.cfg.checksum; c != nil {
		got := sum
		if ch != nil {
			got = ch.Sum(nil)
		}
		if !bytes.Equal(got, c.want) {
			return "", withCode(exitChecksum, fmt.Errorf("%s: %s checksum mismatch: want %x, got %x; the file stays in %s", part, c.algo, c.want, got, part))
		}
	}
	return hex.EncodeToString(sum), nil
}

// outputPath chooses where the file goes: -o, else the sanitised
// Content-Disposition name, else the URL's last path segment, else
// index.html; inside -d. An existing file is kept unless --allow-overwrite
// (or -c, which continues it); with --auto-file-renaming the new one is
// NAME.N.ext.
func (a *app) outputPath(rawURL string, p *fetch.Probe) (string, error) {
	name := a.cfg.out
	if name == "" {
		name = p.Filename
	}
	if name == "" {
		if u, err := url.Parse(p.FinalURL); err == nil {
			name = fetch.FilenameFromURL(u)
		}
	}
	if name == "" {
		if u, err := url.Parse(rawURL); err == nil {
			name = fetch.FilenameFromURL(u)
		}
	}
	if name == "" {
		name = "index.html"
	}
	if err := os.MkdirAll(a.cfg.dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot create directory %s: %w", a.cfg.dir, err)
	}
	path := filepath.Join(a.cfg.dir, name)
	if (a.cfg.allowOverwrite || a.cfg.cont || !exists(path) || exists(path+".part")) && a.reserve(path) {
		return path, nil
	}
	if !a.cfg.autoRename {
		return "", withCode(exitFileExists, fmt.Errorf("%s already exists; use --allow-overwrite to replace it or --auto-file-renaming to save beside it", path))
	}
	ext := filepath.Ext(name)
	if strings.HasPrefix(ext, ".") && len(ext) == len(name) {
		ext = ""
	}
	base := strings.TrimSuffix(name, ext)
	for i := 1; i < 10000; i++ {
		cand := filepath.Join(a.cfg.dir, fmt.Sprintf("%s.%d%s", base, i, ext))
		if (!exists(cand) || exists(cand+".part")) && a.reserve(cand) {
			a.con.warnf("%s exists; saving as %s", path, cand)
			return cand, nil
		}
	}
	return "", withCode(exitFileExists, fmt.Errorf("%s and 9999 renamed copies exist", path))
}

// reserve claims path for one download of this process, so that two
// downloads at once (-j) never pick the same name; it reports false when the
// path is taken. Reservations last as long as the process.
func (a *app) reserve(path string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.taken == nil {
		a.taken = make(map[string]bool)
	}
	if a.taken[path] {
		return false
	}
	a.taken[path] = true
	return true
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return !errors.Is(err, fs.ErrNotExist)
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// syncFile makes an *os.File a fetch.File whose Sync is fdatasync where the
// system has it.
type syncFile struct{ *os.File }

func (s syncFile) Sync() error { return datasync(s.File) }
