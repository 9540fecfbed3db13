// Mirrors on the command line: aria2's tab-separated -i lines and
// -M/--metalink-file, turned into downloads with mirrors; exit code 20 for
// a Metalink that cannot be used.

package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/slget/slget"
)

// exitMetalink is aria2's "Metalink parse" error: the document does not
// parse, names a path, lists no usable URL or hashes slget cannot check.
const exitMetalink = 20

// mirrorOptions is what an entry with mirrors adds to its config.
type mirrorOptions struct {
	mirrors []string      // the URIs after the first
	pieces  *slget.Pieces // a Metalink's piece digests
	perHost int           // connections per server (-x), zero for no cap
	// followMetalink reads a URL that is a Metalink as one
	// (--follow-metalink); never for a download from mirrors.
	followMetalink bool
	ignoreLinks    bool // --follow-metalink=false: no mirrors from Link headers either
	// docName: out is a document's name (a Metalink's), saved beneath
	// dir with its folders, never through a link (slget.Request.Name).
	docName bool
	size    int64 // the document's size of the file; zero for none
	// namedBy is the server whose Metalink named the mirrors (a URL that
	// is a Metalink); nil when the user named them.
	namedBy *slget.Namer
}

// metaEntry is what a Metalink says of one file.
type metaEntry struct {
	name     string
	size     int64 // -1 for none
	checksum *slget.Checksum
	pieces   *slget.Pieces
	files    int // files in the document
	// namedBy is the server that sent the document; nil for one the user
	// gave (-M FILE).
	namedBy *slget.Namer
}

// mirrored reports whether e downloads from more than one URI or from a
// Metalink.
func (e inputEntry) mirrored() bool { return len(e.uris) > 1 || e.meta != nil }

// withMirrors is cfg for e's mirrors, in aria2's terms: -x caps the
// connections per server, -s is the connections of the download across
// all its servers (given alone, -x per server).
func (e inputEntry) withMirrors(cfg config) config {
	cfg.mirrorOptions = mirrorOptions{mirrors: e.uris[1:], perHost: cfg.connSpec.x, ignoreLinks: cfg.ignoreLinks}
	switch spec := cfg.connSpec; {
	case spec.s > 0:
		cfg.connections = spec.s
	case spec.x > 0:
		cfg.connections = min(spec.x*len(e.uris), maxConnections)
	}
	if m := e.meta; m != nil {
		if cfg.out == "" || m.files > 1 {
			cfg.out, cfg.docName = m.name, true
		}
		cfg.size = max(m.size, 0)
		if cfg.checksum == nil {
			cfg.checksum = m.checksum
		}
		cfg.pieces, cfg.namedBy = m.pieces, m.namedBy
	}
	return cfg
}

// setMirrors puts cfg's mirrors into req.
func (cfg config) setMirrors(req *slget.Request) {
	req.Mirrors, req.Pieces, req.PerHost = cfg.mirrors, cfg.pieces, cfg.perHost
	req.FollowMetalink, req.IgnoreLinks, req.NamedBy = cfg.followMetalink, cfg.ignoreLinks, cfg.namedBy
	req.Size = cfg.size
}

// metalinkEntries reads -M FILE: one entry per file it describes, its
// URLs best first. Any fault is exit code 20 and nothing is downloaded.
func metalinkEntries(path string, con *console) ([]inputEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, withCode(exitMetalink, fmt.Errorf("--metalink-file %s: %w", path, err))
	}
	defer f.Close()
	files, err := slget.ReadMetalink(f)
	if err != nil {
		return nil, withCode(exitMetalink, fmt.Errorf("%s: %w; nothing downloaded", path, err))
	}
	warnMetalink(con, path, files)
	return docEntries(files), nil
}

// warnMetalink says what of each file's description the document's
// reader left out (a malformed hash beside a usable one, malformed piece
// hashes).
func warnMetalink(con *console, doc string, files []slget.MetalinkFile) {
	for _, f := range files {
		for _, w := range f.Warnings {
			con.warnf("%s: file %q: %s", doc, f.Name, w)
		}
	}
}

// docEntries are the downloads of a Metalink's files, each from its URLs
// best first.
func docEntries(files []slget.MetalinkFile) []inputEntry {
	var out []inputEntry
	for _, fl := range files {
		e := inputEntry{uris: fl.URLs, meta: &metaEntry{name: fl.Name, size: fl.Size, files: len(files), checksum: fl.Checksum, pieces: fl.Pieces}}
		out = append(out, e)
	}
	return out
}

// mirrorsOut is the --json record of what each mirror did.
func mirrorsOut(m map[string]slget.MirrorStats) (bytes map[string]int64, dropped map[string]string) {
	for u, st := range m {
		if bytes == nil {
			bytes = map[string]int64{}
		}
		bytes[u] = st.Bytes
		if st.Dropped != "" {
			if dropped == nil {
				dropped = map[string]string{}
			}
			dropped[u] = st.Dropped
		}
	}
	return bytes, dropped
}

// getMirrored downloads e from its mirrors: when the first cannot be
// probed (down, refusing, not found) or has another size than its
// Metalink gives, the next one is the first, and so on; once a probe
// answers with the right size, the download runs from all that answer
// (each mirror of another size left out). When no URL has the
// document's size, the document is refused with exit code 8, aria2c's
// for it.
func (a *app) getMirrored(ctx context.Context, e inputEntry, finishing func()) (result, error) {
	var res result
	var err error
	sized := map[string]bool{} // URLs of another size than the document's: not asked again
	for i := range e.uris {
		var others []string
		for _, u := range append(append([]string{}, e.uris[i+1:]...), e.uris[:i]...) {
			if !sized[u] {
				others = append(others, u)
			}
		}
		a.cfg.mirrors = others
		res, err = a.get(ctx, e.uris[i], finishing)
		var se *slget.SizeError
		wrongSize := errors.As(err, &se)
		last := i == len(e.uris)-1
		if wrongSize {
			sized[e.uris[i]] = true
			next := ""
			if !last {
				next = ", trying the next mirror, " + slget.Redact(e.uris[i+1])
			}
			a.con.warnf("%v; it is left out%s", err, next)
		}
		if err == nil || (res.FinalURL != "" && !wrongSize) || ctx.Err() != nil || last {
			break
		}
		if wrongSize {
			continue
		}
		a.con.warnf("%s: %v; trying the next mirror, %s", slget.Redact(e.uris[i]), err, slget.Redact(e.uris[i+1]))
	}
	if len(sized) == len(e.uris) {
		err = withCode(exitNoResume, fmt.Errorf("no URL of %s has the %d bytes its Metalink gives (see above); nothing downloaded", e.meta.name, a.cfg.size))
		res.ExitCode, res.Error = exitNoResume, err.Error()
	}
	return res, err
}
