// The downloads of one invocation: the URLs of the command line and the
// entries of -i, each run with its own configuration.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/queue"
)

// getEntry downloads one entry, or when its URL is a Metalink, the files
// that describes (getMetalinkURL).
func (a *app) getEntry(ctx context.Context, e inputEntry, finishing func()) (result, error) {
	res, err := a.getOne(ctx, e, finishing)
	var ans *slget.MetalinkAnswer
	if errors.As(err, &ans) {
		return a.getMetalinkURL(ctx, e, ans)
	}
	return res, err
}

// getOne downloads one entry: with an app configured by e.apply when the
// entry has options of its own.
func (a *app) getOne(ctx context.Context, e inputEntry, finishing func()) (result, error) {
	cfg, err := a.cfg, error(nil)
	if len(e.opts.Raw) > 0 {
		cfg, err = e.apply(a.cfg)
	}
	cfg, perURL := cfg.forURL(e.url()) // --referer=*, --load-cookies
	if e.mirrored() {
		cfg, perURL = e.withMirrors(cfg), true
	}
	if len(e.opts.Raw) == 0 && !perURL {
		return a.get(ctx, e.url(), finishing)
	}
	var sub *app
	if err == nil {
		sub, err = a.withConfig(cfg)
	}
	if err != nil {
		err = withCode(exitBadOption, err)
		return result{URL: slget.Redact(e.url()), BySource: map[string]int64{}, ExitCode: exitBadOption, Error: err.Error()}, err
	}
	if sub.client.HTTP != a.client.HTTP {
		defer sub.client.HTTP.CloseIdle()
	}
	if e.mirrored() {
		return sub.getMirrored(ctx, e, finishing)
	}
	return sub.get(ctx, e.url(), finishing)
}

// withConfig returns an app that downloads with cfg on a clone of a's
// slget.Client: it never picks an output name another download of this
// invocation holds (the later of two takes NAME.1), shares the overall
// rate limit, and shares a's HTTP client (and its idle connections)
// unless cfg changes what requests carry.
func (a *app) withConfig(cfg config) (*app, error) {
	c := a.client.Clone()
	setClient(c, cfg)
	if !reflect.DeepEqual(a.cfg.header, cfg.header) || a.cfg.userAgent != cfg.userAgent || a.cfg.proxy != cfg.proxy ||
		a.cfg.httpProxy != cfg.httpProxy || a.cfg.httpsProxy != cfg.httpsProxy || a.cfg.noProxy != cfg.noProxy ||
		a.cfg.timeout != cfg.timeout || a.cfg.connectTimeout != cfg.connectTimeout {
		hc, err := newHTTP(cfg)
		if err != nil {
			return nil, err
		}
		c.HTTP = hc
	}
	return &app{con: a.con, stdin: a.stdin, client: c, cfg: cfg}, nil
}

// entriesOf gathers the downloads of one invocation: the URLs given as
// arguments, then the entries of -i FILE. It prints the warnings and the
// refused lines of the file; refused is the error to end with when no
// download fails (the other entries still run).
func entriesOf(c *cli.Context, con *console, stdin io.Reader) (entries []inputEntry, refused error, err error) {
	for _, u := range c.Args().Slice() {
		if _, err := slget.ParseURL(u); err != nil {
			if cmd := nearCommand(c.App.Commands, u); cmd != "" {
				err = fmt.Errorf("%w (did you mean the command %q?)", err, c.App.Name+" "+cmd)
			}
			return nil, nil, withCode(exitBadOption, err)
		}
		entries = append(entries, inputEntry{uris: []string{u}})
	}
	if m := c.String("metalink-file"); m != "" {
		more, err := metalinkEntries(m, con)
		if err != nil {
			return nil, nil, err
		}
		entries = append(entries, more...)
	}
	name := c.String("input-file")
	if name == "" {
		return dedupe(entries, name, con), nil, nil
	}
	in, err := readInputFile(name, stdin)
	if err != nil {
		return nil, nil, withCode(exitBadOption, err)
	}
	for _, w := range in.warnings {
		con.warnf("-i %s line %d: %s", name, w.line, w.msg)
	}
	for _, b := range in.bad {
		con.errorf("-i %s line %d: %s", name, b.line, b.msg)
	}
	if len(in.bad) > 0 {
		refused = withCode(exitBadOption, fmt.Errorf("-i %s: %d line(s) refused (see above); the other downloads ran", name, len(in.bad)))
	}
	switch {
	case len(in.entries) > 0:
	case len(entries) > 0:
		if refused == nil {
			con.warnf("-i %s: no URLs in it", name)
		}
	case refused != nil:
		return nil, nil, withCode(exitBadOption, fmt.Errorf("-i %s: no good URL in it (see above)", name))
	default:
		return nil, nil, withCode(exitBadOption, fmt.Errorf("-i %s: no URLs in it", name))
	}
	return dedupe(append(entries, in.entries...), name, con), refused, nil
}

// dedupe drops the entries that repeat an earlier one's URL, out= and dir=
// (the same file of the same URL), saying so: aria2c downloads such a
// repeat once, and a second copy as NAME.1.ext is never what a list meant.
// Entries that differ in out= or dir= are two files and both stay.
func dedupe(entries []inputEntry, input string, con *console) []inputEntry {
	type key struct{ url, out, dir string }
	seen := make(map[key]inputEntry, len(entries))
	kept := entries[:0:0]
	for _, e := range entries {
		k := key{e.url(), e.opts.Out, e.opts.Dir}
		if first, dup := seen[k]; dup {
			where := "given twice"
			if e.line > 0 {
				where = fmt.Sprintf("in -i %s line %d", input, e.line)
			}
			if first.line > 0 {
				where += fmt.Sprintf(", the same download as line %d", first.line)
			} else {
				where += ", the same download as on the command line"
			}
			con.warnf("%s: %s: downloaded once", slget.Redact(e.url()), where)
			continue
		}
		seen[k] = e
		kept = append(kept, e)
	}
	return kept
}

// nearCommand names the command that word, which is no URL, is a typo of,
// or "".
func nearCommand(cmds []*cli.Command, word string) string {
	if strings.Contains(word, "/") || len(word) < 3 {
		return ""
	}
	for _, c := range cmds {
		if !c.Hidden && editDistance(strings.ToLower(word), c.Name) <= 2 {
			return c.Name
		}
	}
	return ""
}

// syncingPerJob bounds the downloads under way, those that only wait for
// their syncs included, at this many per place of -j.
const syncingPerJob = 4

// getAll downloads the entries, cfg.jobs at a time. The exit code is that
// of the last entry, in input order, that failed: the same on every run,
// whichever download ends first.
//
// A download whose bytes are all written, and that waits only for their
// data sync, its rename and the fsync of its folder (slget.Syncing), gives
// its place to the next one: the syncs of the files that finish together
// then run side by side while the next downloads transfer, and the folder
// fsync, shared with the downloads that finish beside it, covers more of
// them. A list of small files is not held up by a sync per file. Its
// result still waits for the syncs, and at most syncingPerJob × jobs
// downloads are under way in all (each holds an open file).
func (a *app) getAll(ctx context.Context, entries []inputEntry) error {
	errs := make([]error, len(entries))
	results := make([]result, len(entries))
	var wg sync.WaitGroup
	sem := make(chan struct{}, a.cfg.jobs)
	all := make(chan struct{}, a.cfg.jobs*syncingPerJob)
	// A goroutine that has ended its download takes the next one rather
	// than a new goroutine for each entry: it keeps the stack a download
	// grew, which a new one would grow again. About one per place in all.
	next := make(chan int)
	work := func(i int) {
		defer wg.Done()
		for ok := true; ok; i, ok = <-next {
			a.getPlaced(ctx, i, entries, sem, all, results, errs)
		}
	}
loop:
	for i := range entries {
		take := func(c chan struct{}) bool {
			select {
			case c <- struct{}{}:
				return ctx.Err() == nil
			case <-ctx.Done():
				return false
			}
		}
		if !take(all) || !take(sem) {
			for k := i; k < len(entries); k++ {
				errs[k] = withCode(exitUnfinished, fmt.Errorf("%s: not started (interrupted)", slget.Redact(entries[k].url())))
			}
			break loop
		}
		select {
		case next <- i: // an idle goroutine takes it
		default:
			wg.Add(1)
			go work(i)
		}
	}
	close(next)
	wg.Wait()
	if a.session != nil {
		if err := a.session.write(); err != nil {
			a.con.errorf("%v", err)
		}
	}
	if len(entries) > 1 && !a.cfg.jsonOut && a.con.mode != progressJSON && !a.con.quiet {
		urls := make([]string, len(entries))
		for i := range results {
			urls[i] = entries[i].url()
			if results[i].URL == "" { // not started
				results[i] = result{URL: slget.Redact(urls[i]), ExitCode: exitUnfinished}
			}
		}
		a.con.printResults(urls, results)
	}
	for i := len(errs) - 1; i >= 0; i-- {
		if errs[i] != nil {
			return errs[i]
		}
	}
	return nil
}

// getPlaced downloads entries[i], holding a place in sem until it is given
// away (at Syncing, or at the end) and one in all until the end; its
// result and error go to results[i] and errs[i].
func (a *app) getPlaced(ctx context.Context, i int, entries []inputEntry, sem, all chan struct{}, results []result, errs []error) {
	var once sync.Once
	free := func() { once.Do(func() { <-sem }) }
	defer func() { <-all }()
	defer free()
	gid := newCommandGID()
	a.hooks.event(queue.EventStart, gid, a.plannedPath(entries[i]))
	res, err := a.getEntry(ctx, entries[i], free)
	switch {
	case err == nil:
		a.hooks.event(queue.EventComplete, gid, res.Path)
	case ctx.Err() != nil:
		a.hooks.event(queue.EventStop, gid, res.Path) // interrupted, as aria2c's stop
	default:
		a.hooks.event(queue.EventError, gid, res.Path)
	}
	a.session.set(i, err)
	results[i] = res
	if a.cfg.jsonOut {
		a.con.jsonLine(res)
	}
	if err != nil && (len(entries) > 1 || a.cfg.jsonOut) {
		a.con.errorf("%v", err)
		err = withCode(exitCode(err), errReported)
	}
	errs[i] = err
}

// plannedPath is where e saves when -o or out= names it, else "": the
// PATH of --on-download-start, which aria2c too gives before the name is
// known only when it is named.
func (a *app) plannedPath(e inputEntry) string {
	dir, out := a.cfg.dir, a.cfg.out
	if e.opts.Dir != "" {
		dir = e.opts.Dir
	}
	if e.opts.Out != "" {
		out = e.opts.Out
	}
	if out == "" || out == "-" {
		return ""
	}
	return joinOut(dir, out)
}
