// Mirrors the origin names: Link rel=duplicate (RFC 6249) on the probe's
// answer, best pri first, and the mirrors, hash and pieces of the Metalink
// its rel=describedby points to. Each is probed with the user's URL's
// credentials, which go only to that URL's host.

package slget

import (
	"bytes"
	"context"
	"fmt"
	"path"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/metalink"
)

// maxLinkedMetalink is the most bytes of a Metalink read from a
// rel=describedby link: piece hashes of a DVD image fit many times over.
const maxLinkedMetalink = 4 << 20

// maxNamedMirrors is how many mirrors an origin may add to a download,
// best first: each is probed, and a list of hundreds (MirrorBrain lists
// every mirror it knows) would cost a request to each.
const maxNamedMirrors = 10

// foundMirrors is what the download knows of its mirrors once probed.
type foundMirrors struct {
	learned bool
	urls    []string        // the request's mirrors, then those a server named
	named   map[string]bool // of urls, those a server named
	pieces  *Pieces         // the request's, else a linked Metalink's
}

// mirrorURLs are the download's mirrors besides the first URL.
func (d *download) mirrorURLs() []string {
	if !d.found.learned {
		return d.req.Mirrors
	}
	return d.found.urls
}

// pieces are the piece digests the mirrors are checked against.
func (d *download) pieces() *Pieces {
	if !d.found.learned {
		return d.req.Pieces
	}
	return d.found.pieces
}

// learnMirrors adds, after the probe, the mirrors the origin names in its
// Link headers (unless the request ignores them) to the request's.
func (d *download) learnMirrors(ctx context.Context) {
	f := &d.found
	f.learned = true
	f.urls = append([]string(nil), d.req.Mirrors...)
	f.pieces = d.req.Pieces
	if d.req.IgnoreLinks || d.probe == nil || len(d.probe.Links) == 0 {
		return
	}
	base, err := fetch.ParseURL(d.probe.FinalURL)
	if err != nil {
		return
	}
	links := metalink.ParseLinks(d.probe.Links, base)
	seen := map[string]bool{d.probe.FinalURL: true, d.given.String(): true}
	for _, u := range f.urls {
		seen[u] = true
	}
	named := 0
	add := func(u string) {
		if seen[u] {
			return
		}
		if named++; named > maxNamedMirrors {
			if named == maxNamedMirrors+1 {
				d.warn("the origin names more than %d mirrors: the first %d by priority are used", maxNamedMirrors, maxNamedMirrors)
			}
			return
		}
		seen[u] = true
		f.urls = append(f.urls, u)
		if f.named == nil {
			f.named = map[string]bool{}
		}
		f.named[u] = true
	}
	for _, m := range metalink.Duplicates(links) {
		add(m.URL)
	}
	if ml := metalink.DescribedBy(links); ml != "" {
		d.linkedMetalink(ctx, ml, add)
	}
}

// linkedMetalink reads the Metalink at ml and takes from its entry for
// this file the mirrors (to add), the whole file's hash when neither the
// request nor the origin gave one, and the piece digests. A Metalink that
// cannot be read or used is a warning: the download goes on without it.
func (d *download) linkedMetalink(ctx context.Context, ml string, add func(string)) {
	doc, err := d.c.http().Within(d.originScope()).GetDocument(ctx, ml, d.credsURL(), maxLinkedMetalink)
	if err == nil && !metalink.IsMetalink(ml, doc.ContentType) && !bytes.Contains(doc.Body, []byte("metalink")) {
		err = fmt.Errorf("it is not a Metalink (Content-Type %q)", doc.ContentType)
	}
	var parsed *metalink.Document
	if err == nil {
		parsed, err = metalink.ParseBytes(doc.Body)
	}
	if err != nil {
		d.warn("the Metalink %s that the origin names is not used: %v", fetch.Redact(ml), err)
		return
	}
	f, ok := d.entryOf(parsed)
	if !ok {
		d.warn("the Metalink %s that the origin names has no file of %d bytes named %q: not used", fetch.Redact(ml), d.probe.Validator.Size, d.urlName())
		return
	}
	for _, u := range f.URLs {
		add(u.URL)
	}
	if len(f.Hashes) > 0 && d.req.Checksum == nil && d.digest == nil {
		h := f.Hashes[0]
		d.digest = &Checksum{Algo: h.Type, Sum: h.Sum, From: "the Metalink " + fetch.Redact(ml)}
	}
	if p := f.Pieces; p != nil && d.found.pieces == nil {
		d.found.pieces = &Pieces{Length: p.Length, Algo: p.Type, Sums: p.Sums}
	}
}

// entryOf is doc's file that is this download's: the one of its size
// whose name is the URL's last segment, else its only file of that size.
func (d *download) entryOf(doc *metalink.Document) (metalink.File, bool) {
	size := d.probe.Validator.Size
	var sized []metalink.File
	for _, f := range doc.Files {
		if f.Size >= 0 && f.Size != size {
			continue
		}
		if f.Name == d.urlName() {
			return f, true
		}
		sized = append(sized, f)
	}
	if len(sized) == 1 {
		return sized[0], true
	}
	return metalink.File{}, false
}

// urlName is the last segment of the final URL's path.
func (d *download) urlName() string {
	u, err := fetch.ParseURL(d.probe.FinalURL)
	if err != nil {
		return ""
	}
	return path.Base(u.Path)
}

// mirrorDigest compares a mirror's own digest of the whole file with the
// one the download checks: proven when they are equal, a reason to leave
// it out when they differ, neither when either is missing or of another
// type.
func (d *download) mirrorDigest(p *fetch.Probe) (proven bool, differs string) {
	c := d.checksum()
	if c == nil || p.Digest == nil || p.Digest.Algo != c.Algo {
		return false, ""
	}
	if bytes.Equal(p.Digest.Sum, c.Sum) {
		return true, ""
	}
	return false, fmt.Sprintf("its %s (%s=%x) is not the file's (%s): other bytes", p.Digest.Header, p.Digest.Algo, p.Digest.Sum, c)
}
