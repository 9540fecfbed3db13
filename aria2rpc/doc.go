// Package aria2rpc is aria2's JSON-RPC interface over a queue.Queue, so
// that aria2's clients (web front ends, desktop managers, aria2.js,
// aria2p, scripts) drive slget's daemon unchanged: JSON-RPC 2.0 on
// /jsonrpc over HTTP POST, aria2's method names and parameter shapes,
// numbers as strings, GIDs of 16 hex digits, its error codes and messages.
//
// The secret (aria2's --rpc-secret) is the first parameter of each call as
// "token:SECRET", compared in constant time. A request from a web page of
// another origin is refused unless AllowOriginAll. A request's body is
// bounded by MaxRequestSize. A client's dir and out never leave Root.
//
// # Caveats
//
// The package knows nothing of HTTP ranges or journals: what a download is
// and how it runs is the queue's, and through it the library's.
package aria2rpc
