// Request and Result: one download as a program asks for it, and what it
// did.

package slget

import (
	"io"
	"time"
)

// Request is one download.
type Request struct {
	URL string
	// Path is the file to save as. "" means a name from the server (a
	// sanitised Content-Disposition filename, else the URL's last path
	// segment, else index.html) in Dir.
	Path string
	Dir  string // where a name from the server goes; "" means "."
	// Beneath, if not "", is a folder the file must be beneath when it
	// is opened: NAME.part is opened through an os.Root on it, so that a
	// folder on the way that is, or has since become, a symbolic link
	// leading out fails the download with an *OutsideError (in a
	// *FileError) and nothing is written outside. A daemon sets it to its
	// download root. "" means no such check.
	Beneath string
	// Connections, if positive, is exactly how many connections this
	// download opens, whatever Client.Connections says; zero means the
	// Client's. At most ConnectionLimit; a negative count or one above it
	// is a *RequestError.
	Connections int
	// Checksum, if set, is checked against the whole file before it gets
	// its final name.
	Checksum *Checksum
	// SHA256 asks for the file's SHA-256 in Result.SHA256 (one more read
	// of the file at the end, unless Checksum is SHA-256).
	SHA256 bool

	AllowOverwrite bool // replace an existing file at the output name
	// AutoRename saves as NAME.1.ext (NAME.2.ext, ...) when the output name
	// is taken by a file, another URL's partial download or a partial file
	// that is not slget's; false makes that an *ExistsError.
	AutoRename bool
	// SFTP is how an sftp:// URL logs in and which host keys it trusts
	// (SFTPOptions); the zero value offers ssh-agent and ~/.ssh's keys, and
	// checks ~/.ssh/known_hosts.
	SFTP SFTPOptions
	// FTP is how an ftp:// URL logs in (FTPOptions); the zero value logs
	// in as anonymous.
	FTP FTPOptions
	// Continue also adopts a partial file without a journal (curl's,
	// wget's), once its last whole slice matches the server's; beside
	// aria2c's control file (NAME.aria2), the slices in the pieces it
	// marks done, once the first and last of them match, and the control
	// file is removed when the file is complete.
	Continue bool
	// Restart discards this URL's partial download and its journal.
	Restart bool
	// NoRestart stops with a *ChangedError, keeping the partial
	// download, when the remote file changed since it was made; the default
	// starts over.
	NoRestart bool
	// NoJournal keeps no journal: no resume after a crash.
	NoJournal bool
	// SkipIntegrity resumes without re-reading the finished slices of the
	// partial download. By default every one is read back and checked
	// against the CRC-32C its journal recorded, and those that fail are
	// fetched again (aria2's --check-integrity, on by default here): a
	// partial file damaged between two runs must not end in a wrong file.
	SkipIntegrity bool

	// DryRun only probes and decides on the output name: Do returns the
	// Result (size, version, ranges, final URL, Path and Plan) and touches
	// nothing on disk.
	DryRun bool
	// IfNewer downloads only when the remote file is newer than the file at
	// the output name (If-Modified-Since, aria2c's --conditional-get), and
	// then replaces it; an unchanged file is Result.NotModified.
	IfNewer bool
	// RemoteTime gives the file the server's Last-Modified time.
	RemoteTime bool

	// Writer, if set, receives the file's bytes in order instead of a file
	// (a stream, as slget -o - writes to stdout): nothing is written to
	// disk; there is no output name, lock, journal or resume. Slices that
	// come ahead of the Writer wait in a window of StreamWindow bytes, the
	// connections claim only slices inside it, and a connection that runs
	// ahead waits for it to move. Every check holds as for a file; when
	// the file changes midway the Writer has received bytes of the old
	// version only, and Do returns a *ChangedError. Checksum and
	// SHA256 are computed on the way out; DryRun only probes. Path,
	// Continue and IfNewer must be unset; Dir, AllowOverwrite, AutoRename,
	// Restart, NoRestart, NoJournal, SkipIntegrity and RemoteTime do not
	// apply. Do returns when its context ends even if a Write blocks;
	// nothing is written after that Write returns.
	Writer io.Writer
	// StreamWindow is the most bytes of the file held in memory for Writer
	// (besides a read buffer per connection); zero means
	// DefaultStreamWindow. It must hold one slice at least.
	StreamWindow int64

	// Mirrors are more URLs of the same file (aria2's tab-separated -i
	// line, a Metalink's URLs, Link: rel=duplicate): each is pinned by its
	// own validator and proven by content (Pieces, Checksum, or slices
	// compared with another source's) before its bytes stay; see Pieces.
	// Beside an http(s):// URL they may be sftp:// or ftp:// URLs too,
	// logged in with their own URL's user and password, else SFTP's and
	// FTP's; with NamedBy set those are not dialled.
	Mirrors []string
	Pieces  *Pieces // digests of the file's pieces; nil for none
	PerHost int     // connections per host at a time; zero means no cap
	// Name, when Path is "", is the file's name as a document gives it
	// (a Metalink's <file name>): a file name or, as RFC 5854 allows, a
	// relative path of "/"-separated folders and a file name
	// ("t/README"), saved beneath Dir. Its folders are made there, one at
	// a time, and none may be a symbolic link: one planted there is
	// refused (a *FileError), so a document cannot make the download
	// write through a link. A name that is absolute, climbs out (".."),
	// or holds a backslash, a drive letter, an empty or "." segment or a
	// control character is a *RequestError.
	Name string
	// Size, if positive, is the file's size as a document gives it (a
	// Metalink's <size>): a mirror whose file has another size is left
	// out with a warning, and when URL has another size, or tells none,
	// Do returns a *SizeError after the probe, with nothing written.
	// Zero means none given.
	Size int64
	// IgnoreLinks leaves out the mirrors the origin names in its Link
	// headers (rel=duplicate, and the Metalink of rel=describedby), which
	// are otherwise used beside Mirrors (see Result.Mirrors).
	IgnoreLinks bool
	// FollowMetalink reads a URL that is a Metalink (a .meta4 or
	// .metalink path, or its media type) as one: Do saves nothing and
	// returns a *MetalinkAnswer with the document. Without it such a URL
	// is saved as a file.
	FollowMetalink bool
	// NamedBy, if set, says a server named URL and Mirrors (set it to a
	// MetalinkAnswer's NamedBy for the downloads of its Files): the user's
	// credentials go only to the host of the URL given for the document,
	// and no source is reached at an address more private than that
	// server's. Nil: the user named them.
	NamedBy *Namer

	// Events, if set, is told what happens: a *Started event when the
	// transfer begins, then *Retrying and *Warning events. It is called
	// once at a time for a download, in the order the events happened,
	// on a goroutine of the download's own; the download (its connection
	// that reported the event) waits for each call while Do's context
	// lasts, so it should not block for long. Once the context ends, Do
	// waits at most EventGrace for a call that has not returned, and
	// returns: that call then finishes on its goroutine whenever it
	// returns, and the events queued behind it are dropped. No call
	// starts after Do returns.
	Events func(Event)
}

// Result is what a download did. Do returns it, filled as far as the
// download got, with every error too.
type Result struct {
	URL      string // as given, its password redacted
	FinalURL string // after redirects, redacted
	// Path is where the file is, or would have been: set once the output
	// name was chosen (from Request.Path, or the server's name), whatever
	// follows, an *ExistsError for a taken name included; "" when Do
	// failed before (a bad request, a failed probe) or streamed to a
	// Writer.
	Path      string
	Size      int64 // bytes; -1 when the server sent no length and nothing came
	Validator Validator
	Ranged    bool // the server answered ranges: parallel and resumable
	// Resumed is the bytes already on disk when this run began (a journal,
	// or adopted with Continue); Transferred the bytes that came in this
	// run, duplicates of end-game slices included.
	Resumed, Transferred int64
	// Connections is the most connections that ran at once in this run
	// (with AutoConnections, the count the download found).
	Connections int
	// Protocol says how the requests went, as Started.Protocol: HTTP/1.1,
	// HTTP/2, or for the ranges of a file from an HTTP/2 server streams
	// of one connection or HTTP/1.1 connections of their own.
	Protocol string
	// BySource is the bytes of the file by where they came from, resumed
	// ones included.
	BySource map[Source]int64
	// ByPeer is the bytes each peer sent in this run, by its address
	// (http://HOST:PORT): end-game duplicates and bytes of a slice that
	// failed its check included.
	ByPeer map[string]int64
	// Mirrors is what each mirror (the first URL included) did, by URL,
	// redacted; nil without mirrors.
	Mirrors map[string]MirrorStats
	SHA256  string // hex, when Request.SHA256 or a SHA-256 Checksum asked for it
	// Verified names the digest that proved the whole file: its algorithm,
	// and for the origin's own, the header it came in ("sha-256
	// (Repr-Digest)"); "" when none was checked.
	Verified string
	// Proof says how the bytes were proven: by a digest, by piece
	// hashes, by the origin alone, or by sources cross-checked on a
	// sample.
	Proof    Proof
	Duration time.Duration
	// AlreadyComplete is true when nothing had to be downloaded and the
	// bytes at Path were proven complete, by one of: the download's
	// journal still beside the file (a crash after its rename); the record
	// a finished download leaves in the file's extended attributes (its
	// URL, the version, and the file's size and modification time then),
	// which the probe's version matches, with the file's first slice
	// compared with the server's (or the origin's digest, kept in the
	// record, sent again the same); or, with Continue, the Checksum. When a
	// Checksum is given, the file must match it as well, or Do returns a
	// *ChecksumError and AlreadyComplete stays false. An edit in place
	// changes the modification time and so voids the record; one that
	// puts the time back (touch -r) is caught only by a Checksum.
	AlreadyComplete bool
	// NotModified is true when IfNewer found the local file up to date.
	NotModified bool
	// Plan says, for a DryRun, what a download would do at Path: "new",
	// "resume" (with Resumed bytes), "complete", or why Path was chosen
	// over the name first tried.
	Plan string
}
