// Metalink 4 and 3 documents: one XML reader for both, turned into Files
// whose names, sizes, URLs and hashes are checked.

package metalink

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/slget/slget/internal/remoteurl"
)

// The namespaces of the two versions.
const (
	NS4 = "urn:ietf:params:xml:ns:metalink"
	NS3 = "http://www.metalinker.org/"
)

// Media types of a Metalink document.
const (
	Type4 = "application/metalink4+xml"
	Type3 = "application/metalink+xml"
)

// Limits on a document: past them it is refused, whatever it says.
const (
	MaxDocument = 16 << 20 // bytes of XML
	MaxFiles    = 10000    // <file> elements
	MaxURLs     = 1000     // usable URLs per file
	MaxPieces   = 1 << 20  // piece hashes per file
)

// A Document is a Metalink's files, in the document's order.
type Document struct {
	Version int // 4 or 3
	Files   []File
}

// File is one file a Metalink describes.
type File struct {
	// Name is the file's name: a file name, or a relative path with
	// folders ("t/README", "/"-separated) beneath the download directory,
	// as RFC 5854 allows; checked (see CheckName).
	Name string
	Size int64 // -1 when the document gives none
	// URLs are the http(s) mirrors, best first: by priority (lower first),
	// then in the document's order.
	URLs []URL
	// Hashes are the whole file's digests of the types slget can check,
	// strongest first.
	Hashes []Hash
	// Pieces, if not nil, are the digests of consecutive pieces of the
	// file, of the strongest type given.
	Pieces *Pieces
	// Warnings say what of the file's description was left out and why:
	// a malformed hash beside a usable one, a malformed <pieces>.
	Warnings []string
}

// URL is one mirror of a file.
type URL struct {
	URL string
	// Priority orders the mirrors: lower is preferred (Metalink 4's
	// priority; Metalink 3's preference, 0 to 100 with 100 best, as
	// 101-preference). Zero means none given, after all others.
	Priority int
	Location string // ISO 3166 country code, "" if none
}

// Hash is a digest of the whole file.
type Hash struct {
	Type string // "sha-256", "sha-512", "sha-1" or "md5"
	Sum  []byte
}

// Pieces are digests of the file cut into pieces of Length bytes (the last
// one shorter).
type Pieces struct {
	Length int64
	Type   string
	Sums   [][]byte
}

// Range is piece i's place in the file: [start, end).
func (p *Pieces) Range(i int, size int64) (start, end int64) {
	start = int64(i) * p.Length
	return start, min(start+p.Length, size)
}

// ParseError says why a document was refused.
type ParseError struct {
	File   string // the file's name when the fault is in one, else ""
	Reason string
}

func (e *ParseError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("metalink: file %q: %s", e.File, e.Reason)
	}
	return "metalink: " + e.Reason
}

func bad(file, format string, args ...any) error {
	return &ParseError{File: file, Reason: fmt.Sprintf(format, args...)}
}

type xDoc struct {
	XMLName xml.Name
	Files   []xFile `xml:"file"`
	Files3  []xFile `xml:"files>file"`
}

type xFile struct {
	Name    string    `xml:"name,attr"`
	Size    string    `xml:"size"`
	URLs    []xURL    `xml:"url"`
	URLs3   []xURL    `xml:"resources>url"`
	Hashes  []xHash   `xml:"hash"`
	Hashes3 []xHash   `xml:"verification>hash"`
	Pieces  []xPieces `xml:"pieces"`
	Pieces3 []xPieces `xml:"verification>pieces"`
}

type xURL struct {
	Priority   string `xml:"priority,attr"`
	Preference string `xml:"preference,attr"`
	Location   string `xml:"location,attr"`
	Value      string `xml:",chardata"`
}

type xHash struct {
	Type  string `xml:"type,attr"`
	Value string `xml:",chardata"`
}

type xPieces struct {
	Length string  `xml:"length,attr"`
	Type   string  `xml:"type,attr"`
	Hashes []xHash `xml:"hash"`
}

// Parse reads a Metalink 4 or 3 document. It reads at most MaxDocument+1
// bytes of r. The error is a *ParseError for a document it refuses, or the
// error reading r.
func Parse(r io.Reader) (*Document, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxDocument+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxDocument {
		return nil, bad("", "the document is larger than %d MiB", MaxDocument>>20)
	}
	return ParseBytes(data)
}

// ParseBytes is Parse of a document in memory.
func ParseBytes(data []byte) (*Document, error) {
	if len(data) > MaxDocument {
		return nil, bad("", "the document is larger than %d MiB", MaxDocument>>20)
	}
	var x xDoc
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		if l := strings.ToLower(label); l == "utf-8" || l == "us-ascii" || l == "ascii" {
			return in, nil
		}
		return nil, fmt.Errorf("encoding %q is not supported (UTF-8 only)", label)
	}
	if err := dec.Decode(&x); err != nil {
		return nil, bad("", "not a readable XML document: %v", err)
	}
	doc := &Document{}
	files := x.Files
	switch {
	case x.XMLName.Local != "metalink":
		return nil, bad("", "the document's root is <%s>, not <metalink>", x.XMLName.Local)
	case x.XMLName.Space == NS4:
		doc.Version = 4
	case x.XMLName.Space == NS3:
		doc.Version = 3
		files = x.Files3
	default:
		return nil, bad("", "the namespace %q is neither Metalink 4's (%s) nor Metalink 3's (%s)", x.XMLName.Space, NS4, NS3)
	}
	if len(files) == 0 {
		return nil, bad("", "the document lists no file")
	}
	if len(files) > MaxFiles {
		return nil, bad("", "the document lists %d files, more than %d", len(files), MaxFiles)
	}
	seen := map[string]bool{}
	for _, xf := range files {
		f, err := file(xf, doc.Version)
		if err != nil {
			return nil, err
		}
		if seen[f.Name] {
			return nil, bad(f.Name, "the name is listed twice")
		}
		seen[f.Name] = true
		doc.Files = append(doc.Files, f)
	}
	return doc, nil
}

// file checks and converts one <file>.
func file(x xFile, version int) (File, error) {
	f := File{Name: x.Name, Size: -1}
	if err := CheckName(x.Name); err != nil {
		return f, bad(x.Name, "%v", err)
	}
	if s := strings.TrimSpace(x.Size); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return f, bad(f.Name, "size %q is not a number of bytes", s)
		}
		f.Size = n
	}
	urls, hashes, pieces := x.URLs, x.Hashes, x.Pieces
	if version == 3 {
		urls, hashes, pieces = x.URLs3, x.Hashes3, x.Pieces3
	}
	var err error
	if f.URLs, err = mirrors(f.Name, urls, version); err != nil {
		return f, err
	}
	if f.Hashes, err = wholeHashes(&f, hashes); err != nil {
		return f, err
	}
	if f.Pieces, err = bestPieces(&f, pieces); err != nil {
		return f, err
	}
	return f, nil
}

// mirrors keeps the http(s), sftp and ftp URLs, best first, an sftp or
// ftp one after every http(s) one: the first is probed as HTTP.
func mirrors(name string, xs []xURL, version int) ([]URL, error) {
	var out []URL
	for _, x := range xs {
		raw := strings.TrimSpace(x.Value)
		u, err := url.Parse(raw)
		if err != nil || !ours(u.Scheme) || u.Host == "" {
			continue // torrents, garbage: not ours to use
		}
		if strings.ContainsFunc(raw, isControl) {
			continue
		}
		m := URL{URL: raw, Location: strings.ToLower(strings.TrimSpace(x.Location))}
		if len(m.Location) > 8 || strings.ContainsFunc(m.Location, isControl) {
			m.Location = ""
		}
		if version == 4 && x.Priority != "" {
			n, err := strconv.Atoi(strings.TrimSpace(x.Priority))
			if err != nil || n < 1 || n > 999999 {
				return nil, bad(name, "priority %q of %s is not between 1 and 999999", x.Priority, raw)
			}
			m.Priority = n
		}
		if version == 3 && x.Preference != "" {
			n, err := strconv.Atoi(strings.TrimSpace(x.Preference))
			if err != nil || n < 0 || n > 100 {
				return nil, bad(name, "preference %q of %s is not between 0 and 100", x.Preference, raw)
			}
			m.Priority = 101 - n
		}
		out = append(out, m)
		if len(out) > MaxURLs {
			return nil, bad(name, "more than %d URLs", MaxURLs)
		}
	}
	if !slices.ContainsFunc(out, func(m URL) bool { return !remoteurl.IsRemote(m.URL) }) {
		return nil, bad(name, "no http or https URL to download it from")
	}
	sort.SliceStable(out, func(i, j int) bool {
		if a, b := remoteurl.IsRemote(out[i].URL), remoteurl.IsRemote(out[j].URL); a != b {
			return b
		}
		return rank(out[i].Priority) < rank(out[j].Priority)
	})
	return out, nil
}

// ours reports whether a URL of scheme s is kept: http, https, sftp, ftp.
func ours(s string) bool {
	s = strings.ToLower(s)
	return s == "http" || s == "https" || s == "sftp" || s == "ftp"
}

func rank(p int) int {
	if p == 0 {
		return 1 << 30
	}
	return p
}
