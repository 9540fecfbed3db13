// Metalink documents as downloads: each file's name, mirrors best first,
// whole-file hash and piece hashes, in the library's terms, so that a
// program (and the command) need not know the document's format.

package slget

import (
	"io"

	"github.com/slget/slget/metalink"
)

// MaxMetalink is the largest Metalink document read (16 MiB): ReadMetalink
// and Do with FollowMetalink refuse a longer one.
const MaxMetalink = metalink.MaxDocument

// MetalinkFile is one file a Metalink describes, as a download: its name,
// its mirrors and what proves it.
type MetalinkFile struct {
	// Name is a file name or a relative path with "/"-separated folders
	// ("t/README"), checked: for Request.Name, beneath Request.Dir.
	Name string
	Size int64    // -1 when the document gives none; for Request.Size
	URLs []string // the http(s) mirrors, best first, then the sftp and ftp ones
	// Checksum is the whole file's strongest hash, From "the Metalink";
	// nil for none.
	Checksum *Checksum
	Pieces   *Pieces // the piece hashes; nil for none
	// Warnings say what of the file's description was left out and why
	// (a malformed hash beside a usable one, malformed piece hashes).
	Warnings []string
}

// ReadMetalink reads a Metalink 4 (RFC 5854) or 3 document of at most
// MaxMetalink bytes: its files, in order. A document that does not parse,
// names a path that leaves the download directory, lists no http(s) URL
// for a file or only hashes slget cannot check is a *MetalinkError that
// says which.
func ReadMetalink(r io.Reader) ([]MetalinkFile, error) {
	doc, err := metalink.Parse(r)
	if err != nil {
		return nil, public(err)
	}
	return metalinkFiles(doc), nil
}

func metalinkFiles(doc *metalink.Document) []MetalinkFile {
	out := make([]MetalinkFile, 0, len(doc.Files))
	for _, fl := range doc.Files {
		f := MetalinkFile{Name: fl.Name, Size: fl.Size, Warnings: fl.Warnings}
		for _, u := range fl.URLs {
			f.URLs = append(f.URLs, u.URL)
		}
		if len(fl.Hashes) > 0 {
			f.Checksum = &Checksum{Algo: fl.Hashes[0].Type, Sum: fl.Hashes[0].Sum, From: "the Metalink"}
		}
		if p := fl.Pieces; p != nil {
			f.Pieces = &Pieces{Length: p.Length, Algo: p.Type, Sums: p.Sums}
		}
		out = append(out, f)
	}
	return out
}
