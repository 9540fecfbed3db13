// Metalink files: what a Metalink document (RFC 5854, or the older
// Metalink 3) gives a download, in the library's own terms, so that a
// program reads one with this package alone.

package slget

import (
	"io"

	"github.com/slget/slget/metalink"
)

// MetalinkFile is one file a Metalink document describes: what a Request
// for it takes.
type MetalinkFile struct {
	Name string // a plain file name, checked: never a path
	Size int64  // -1 when the document gives none
	// URLs are its mirrors, best first: the first is the Request's URL,
	// the others its Mirrors.
	URLs []string
	// Checksum is the strongest whole-file digest of a type slget
	// checks, nil without one.
	Checksum *Checksum
	// Pieces are the piece digests, nil without them.
	Pieces *Pieces
}

// ReadMetalink parses a Metalink document from r. A document that does not
// parse, names a path rather than a file name, or lists no usable URL is
// an error (its type is the metalink package's).
func ReadMetalink(r io.Reader) ([]MetalinkFile, error) {
	doc, err := metalink.Parse(r)
	if err != nil {
		return nil, err
	}
	out := make([]MetalinkFile, 0, len(doc.Files))
	for _, fl := range doc.Files {
		f := MetalinkFile{Name: fl.Name, Size: fl.Size}
		for _, u := range fl.URLs {
			f.URLs = append(f.URLs, u.URL)
		}
		if len(fl.Hashes) > 0 {
			f.Checksum = &Checksum{Algo: fl.Hashes[0].Type, Sum: fl.Hashes[0].Sum}
		}
		if p := fl.Pieces; p != nil {
			f.Pieces = &Pieces{Length: p.Length, Algo: p.Type, Sums: p.Sums}
		}
		out = append(out, f)
	}
	return out, nil
}
