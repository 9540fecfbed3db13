// Package ftpsrc reads a file of an FTP server (ftp://) in ranges over
// several control connections, as a fetch.Source.
//
// Each range is a REST and a RETR on a control connection of its own, in
// passive mode (EPSV, else PASV) and binary (TYPE I), read to the range's
// end; the data connection is then closed with the rest of the file
// unsent, and the control connection, once the server has said 426 or
// 226, takes the next range. Before each RETR, SIZE and MDTM are checked
// against the version pinned when the download began: a file whose size
// or modification time moved is a *fetch.ChangedError, never bytes of
// another version.
//
// A data connection goes to the address the control connection reached,
// whatever address PASV names (as curl does by default): no server aims
// slget at another host. The password goes to the URL's host only.
//
// The client is the package's own, a few hundred lines: the FTP
// libraries at hand hide the reply codes of a refused login, or give no
// way to ask whether REST is taken before a transfer starts. Its reply
// parsers have fuzz tests.
//
// The package lives beside fetch, not in it: this package knows nothing
// of journals, the store or terminals. The root package wires it in for
// ftp:// URLs.
//
// # Caveats
//
// Size plus MDTM (whole seconds on most servers) cannot see a file
// rewritten in place within one second at the same size; only a checksum
// proves the bytes. A server without MDTM is pinned by size alone. A
// server that refuses REST sends every range from the file's start, so
// one connection is all that pays. Active mode (PORT) and implicit FTPS
// are not spoken; explicit FTPS (AUTH TLS) is, with Config.TLS.
package ftpsrc
