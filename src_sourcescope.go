// The sources a server names, held to that server: no address more
// private than its own (fetch's Scope, checked on every address dialled),
// and none of the user's credentials unless on the host they were given
// for. Sources the user names (the URL, Mirrors) are the user's choice.

package slget

import (
	"net/url"

	"github.com/slget/slget/fetch"
)

// Namer is the server whose document named a download's URL and Mirrors:
// a Metalink read from a URL (MetalinkAnswer.NamedBy). A Request with it
// sends the user's credentials only to the host of the URL the user gave
// for the document, and reaches no source at an address more private than
// the server that sent it (a public one names no loopback or private
// address, a private one no loopback address).
type Namer struct {
	given *url.URL    // the URL the user gave for the document
	scope fetch.Scope // of the address the document came from
}

// credsURL is the URL whose host alone gets the user's credentials.
func (d *download) credsURL() *url.URL {
	if n := d.req.NamedBy; n != nil && n.given != nil {
		return n.given
	}
	return d.given
}

// namerScope is the scope the request's own URLs are held to: the
// Namer's, or none when the user named them.
func (d *download) namerScope() fetch.Scope {
	if n := d.req.NamedBy; n != nil {
		return n.scope
	}
	return 0
}

// http is the client for the request's URL (and its Origin): held to the
// Namer's scope when a server named it.
func (d *download) http() *fetch.Client {
	if d.req.NamedBy == nil {
		return d.c.http()
	}
	return d.c.http().Within(d.namerScope())
}

// originScope is the scope of the address the probe's answer came from:
// what the sources its Link headers name are held to.
func (d *download) originScope() fetch.Scope { return d.answerScope(d.probe.Scope) }

// answerScope is the scope of a server whose answer came from an address
// of scope s: never less than the Namer's.
func (d *download) answerScope(s fetch.Scope) fetch.Scope {
	if d.c.originScope != 0 {
		s = d.c.originScope
	}
	return max(s, d.namerScope())
}

// namedBy returns, for a mirror u, whether a server named it, the client
// to reach it with and the URL whose host alone gets the credentials.
func (d *download) namedBy(u string) (named bool, c *fetch.Client, given *url.URL) {
	switch {
	case d.found.named[u]:
		return true, d.c.http().Within(d.originScope()), d.credsURL()
	case d.req.NamedBy != nil:
		return true, d.http(), d.credsURL()
	}
	return false, d.c.http(), nil
}
