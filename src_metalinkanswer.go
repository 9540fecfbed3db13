// A URL that answers with a Metalink: read as the list of files and
// mirrors it is, not saved (aria2c's --follow-metalink=true).

package slget

import (
	"context"
	"fmt"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/metalink"
)

// MetalinkAnswer is the error of Do for a Request with FollowMetalink whose
// URL is a Metalink: a .meta4 or .metalink path, or an answer of type
// application/metalink4+xml or application/metalink+xml. Nothing is
// saved; the caller downloads its Files from their mirrors.
type MetalinkAnswer struct {
	URL   string         // the Metalink's URL, redacted
	Files []MetalinkFile // nil when Err is set
	Err   error          // why it cannot be used (it does not parse, a name leaves the directory...)
	// NamedBy is the server that sent the document, for the
	// Request.NamedBy of each download of its Files: their URLs get none
	// of the user's credentials unless on the host of the URL given, and
	// none at an address more private than that server's is reached.
	NamedBy *Namer
}

func (e *MetalinkAnswer) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s is a Metalink that cannot be used: %v", e.URL, e.Err)
	}
	return fmt.Sprintf("%s is a Metalink of %d file(s), not saved as a file", e.URL, len(e.Files))
}

func (e *MetalinkAnswer) Unwrap() error { return e.Err }

// isMetalink reports whether the probe's answer is a Metalink to follow.
func (d *download) isMetalink() bool {
	if !d.req.FollowMetalink || d.probe == nil {
		return false
	}
	return metalink.IsMetalink(d.req.URL, "") || metalink.IsMetalink(d.probe.FinalURL, d.probe.ContentType)
}

// readMetalink reads the Metalink the probe found, whole (bounded), and
// returns it as a *MetalinkAnswer.
func (d *download) readMetalink(ctx context.Context) error {
	if d.probe.Body != nil {
		d.probe.Body.Close()
		d.probe.Body = nil
	}
	ans := &MetalinkAnswer{URL: fetch.Redact(d.probe.FinalURL)}
	doc, err := d.http().GetDocument(ctx, d.probe.FinalURL, d.credsURL(), metalink.MaxDocument)
	if err != nil {
		if ctx.Err() != nil {
			return &InterruptedError{Err: ctx.Err()}
		}
		return err // the network's error: its exit code, not a parse error's
	}
	parsed, err := metalink.ParseBytes(doc.Body)
	if err != nil {
		ans.Err = err
		return ans
	}
	ans.Files = metalinkFiles(parsed)
	ans.NamedBy = &Namer{given: d.credsURL(), scope: d.answerScope(doc.Scope)}
	return ans
}
