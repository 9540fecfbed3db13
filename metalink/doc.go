// Package metalink reads the descriptions of one file's mirrors: Metalink 4
// (RFC 5854) and Metalink 3 documents, the Link header's rel=duplicate and
// rel=describedby (RFC 6249, in RFC 8288's syntax), and aria2's
// tab-separated mirror lines.
//
// Every parser is pure (no network, no files), bounded (a document over
// MaxDocument bytes, or with more files, URLs or pieces than the limits
// below, is refused) and never panics on its input. A name from a document
// is only ever a file name: one with a path separator, "..", a drive
// letter or a control character is refused, so a document cannot make a
// download write outside the folder it was given.
//
// # Caveats
//
// Only http and https URLs are kept; ftp, BitTorrent metaurls and
// signatures are skipped. Hashes of types other than sha-256, sha-512,
// sha-1 and md5 are skipped, and a file whose hashes are all of such types
// is refused: it could not be checked. Names with folders in them, which
// RFC 5854 allows, are refused rather than created.
package metalink
