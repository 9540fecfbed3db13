// Package metalink reads the descriptions of one file's mirrors: Metalink 4
// (RFC 5854) and Metalink 3 documents, the Link header's rel=duplicate and
// rel=describedby (RFC 6249, in RFC 8288's syntax), and aria2's
// tab-separated mirror lines.
//
// Every parser is pure (no network, no files), bounded (a document over
// MaxDocument bytes, or with more files, URLs or pieces than the limits
// below, is refused) and never panics on its input. A name from a document
// is a file name or a relative path beneath the download directory
// ("t/README", as RFC 5854 allows): one that is absolute, holds a "..",
// "." or empty segment, a backslash, a drive letter or a control
// character is refused, so a document cannot make a download write
// outside the folder it was given. (Making the folders without following
// a symbolic link planted among them is the downloader's part.)
//
// A malformed hash beside a usable one, and a malformed <pieces>, are left
// out with a line in File.Warnings rather than refusing the document.
//
// # Caveats
//
// Only http, https, sftp and ftp URLs are kept (an sftp or ftp one after
// every http(s) one, whatever its priority); BitTorrent metaurls and
// signatures are skipped. Hashes of types other than sha-256, sha-512,
// sha-1 and md5 are skipped, and a file whose hashes are all of such types
// is refused: it could not be checked, as is one whose only hashes are
// malformed. A file with no http(s) URL refuses the whole document, and a
// relative URL (resolved by aria2 against the document's own URL) is not
// one.
package metalink
