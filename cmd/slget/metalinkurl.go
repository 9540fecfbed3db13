// A URL that is a Metalink (--follow-metalink, on by default as aria2c's):
// the files it describes are downloaded from their mirrors, and the
// document is not saved.

package main

import (
	"context"
	"fmt"

	"github.com/slget/slget"
)

// getMetalinkURL downloads the files of the Metalink that e's URL
// answered with, one after the other, as -M would. A document that cannot
// be used is exit code 20 with nothing written. The result is the first
// failed download's, else the last one's.
func (a *app) getMetalinkURL(ctx context.Context, e inputEntry, ans *slget.MetalinkAnswer) (result, error) {
	if ans.Err != nil {
		err := withCode(exitMetalink, fmt.Errorf("%s: a Metalink that cannot be used: %w; nothing downloaded (--follow-metalink=false saves it as a file)", ans.URL, ans.Err))
		return result{URL: ans.URL, BySource: map[string]int64{}, ExitCode: exitMetalink, Error: err.Error()}, err
	}
	warnMetalink(a.con, ans.URL, ans.Files)
	entries := docEntries(ans.Files)
	a.con.warnf("%s: a Metalink of %d file(s): each is downloaded from its mirrors, the document is not saved (--follow-metalink=false saves it)", ans.URL, len(entries))
	var res result
	var failed error
	for _, me := range entries {
		me.opts, me.line = e.opts, e.line
		me.meta.namedBy = ans.NamedBy // its server's: credentials and scope stay with it
		r, err := a.getOne(ctx, me, nil)
		if err != nil && failed == nil {
			res, failed = r, err
		}
		if failed == nil {
			res = r
		}
		if ctx.Err() != nil {
			break
		}
	}
	return res, failed
}
