// The daemon's session: --input-file puts downloads in
// line at start (a session file from --save-session, or any aria2 -i
// file), --save-session writes the unfinished ones at the end, every
// --save-session-interval and on saveSession.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/slget/slget/aria2rpc"
	"github.com/slget/slget/internal/every"
	"github.com/slget/slget/queue"
)

// restore reads --input-file into the queue; a download it cannot take
// (a dir outside -d, a bad option) is said on stderr and left out.
func (d *daemon) restore(srv *aria2rpc.Server) error {
	if d.input == "" {
		return nil
	}
	var r io.Reader = d.stdin
	if d.input != "-" {
		f, err := os.Open(d.input)
		if errors.Is(err, fs.ErrNotExist) && sameFile(d.input, d.session) {
			// The daemon's first start with its restart idiom
			// (--save-session F --input-file F): nothing saved yet.
			return nil
		}
		if err != nil {
			return withCode(exitBadOption, fmt.Errorf("--input-file %s: %v", d.input, err))
		}
		defer f.Close()
		r = f
	}
	saved, err := queue.ReadSession(r)
	if err != nil {
		return withCode(exitBadOption, fmt.Errorf("--input-file %s: %v", d.input, err))
	}
	for _, s := range saved {
		if _, err := srv.Restore(s); err != nil {
			d.a.con.errorf("--input-file %s: %v: left out", d.input, err)
		}
	}
	return nil
}

func (d *daemon) saveSession() error {
	if err := d.q.WriteSession(d.session); err != nil {
		return fmt.Errorf("--save-session: %v", err)
	}
	return nil
}

func (d *daemon) saveEvery(ctx context.Context) {
	every.Tick(ctx, d.interval, func(time.Time) bool {
		if err := d.saveSession(); err != nil {
			d.a.con.warnf("%v", err)
		}
		return true
	})
}

// sameFile reports whether the paths a and b name one file, which need not
// exist yet: the same path once made absolute and clean.
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
