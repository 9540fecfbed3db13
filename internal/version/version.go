// Package version holds slget's version: in the default User-Agent of the
// client and the peer server, and in `slget --version`.
package version

// Version is this slget's version.
const Version = "0.1.0"
