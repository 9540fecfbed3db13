// One download: a slget.Request from the flags, its events on the console,
// and its --json record.

package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch"
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

// request is the slget.Request the flags make for rawURL.
func (a *app) request(rawURL string) *slget.Request {
	cfg := a.cfg
	req := &slget.Request{
		URL:            rawURL,
		Dir:            cfg.dir,
		Checksum:       cfg.checksum,
		SHA256:         cfg.jsonOut,
		AllowOverwrite: cfg.allowOverwrite,
		AutoRename:     cfg.autoRename,
		Continue:       cfg.cont,
		Restart:        cfg.restart,
		NoRestart:      cfg.noRestart,
		NoJournal:      cfg.noJournal,
		CheckIntegrity: cfg.checkIntegrity,
	}
	if cfg.out != "" {
		req.Path = joinOut(cfg.dir, cfg.out)
	}
	return req
}

// get downloads one URL and returns its record; the error carries the exit
// code.
func (a *app) get(ctx context.Context, rawURL string) (result, error) {
	req := a.request(rawURL)
	var stop func(ok bool)
	req.Events = func(e slget.Event) {
		switch e := e.(type) {
		case *slget.Warning:
			a.con.warnf("%s: %s", e.URL, e.Message)
		case *slget.Started:
			stop = a.con.track(e.URL, e.Path, e.Size, e.Connections, e.Stats)
		}
	}
	r, err := a.client.Do(ctx, req)
	if stop != nil {
		stop(err == nil)
	}
	err = explain(err)
	res := result{URL: r.URL, FinalURL: r.FinalURL, Path: r.Path, Size: r.Size, SHA256: r.SHA256,
		Seconds: r.Duration.Seconds(), BySource: map[string]int64{}, Resumed: r.Resumed, ExitCode: exitCode(err)}
	if r.FinalURL != "" {
		res.Validator = validatorOut(r.Validator)
	}
	for p, n := range r.BySource {
		res.BySource[p.String()] += n
	}
	if err != nil {
		res.Error = err.Error()
		return res, err
	}
	if a.con.mode != progressJSON && !a.cfg.jsonOut {
		switch {
		case r.AlreadyComplete:
			a.con.printf("%s: %s is complete (%s)\n", r.URL, r.Path, slget.HumanBytes(r.Size))
		case r.Resumed > 0:
			a.con.printf("%s: saved %s (%s: %s transferred now, %s resumed, in %.1fs)\n", r.URL, r.Path, slget.HumanBytes(r.Size),
				slget.HumanBytes(r.Transferred), slget.HumanBytes(r.Resumed), time.Duration(r.Duration).Seconds())
		default:
			a.con.printf("%s: saved %s (%s in %.1fs)\n", r.URL, r.Path, slget.HumanBytes(r.Size), r.Duration.Seconds())
		}
	}
	return res, nil
}

// explain adds to err what a user can do about it, where the error alone
// does not say.
func explain(err error) error {
	var cv *tls.CertificateVerificationError
	if errors.As(err, &cv) {
		return fmt.Errorf("%w\n  if you trust this server, name its CA with --ca-certificate FILE (or, insecurely, --check-certificate=false)", err)
	}
	return err
}
