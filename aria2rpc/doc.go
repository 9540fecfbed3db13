// Package aria2rpc is aria2's JSON-RPC and XML-RPC interface over a
// queue.Queue, so that aria2's clients (web front ends, desktop managers,
// aria2.js, aria2p, Python's xmlrpc.client, scripts) drive slget's daemon
// unchanged: JSON-RPC 2.0 on /jsonrpc over HTTP POST, GET and WebSocket,
// XML-RPC on /rpc over HTTP POST, aria2's method names and parameter
// shapes, numbers as strings, GIDs of 16 hex digits, its error codes and
// messages.
//
// XML-RPC is a second framing of the same methods: a methodCall is read
// into the parameters a JSON-RPC call carries (<int> and <i4> as numbers,
// <string>, <double> and bare text as strings, <boolean> as a boolean,
// <base64> decoded, <array> and <struct>), and the answer is written as
// aria2c writes it (strings as <string>, an error as a <fault> whose
// faultCode is 1 and faultString the JSON-RPC message). As aria2, a value
// it cannot read (<nil/>, <i8>, <dateTime.iso8601>, an empty <value/>) is
// left out of its list, which moves the parameters after it; unlike aria2,
// which leaves a <boolean> out too, slget reads it. addMetalink's
// document comes raw in a <string> or in a <base64>, as aria2 takes it.
//
// The secret (aria2's --rpc-secret) is the first parameter of each call as
// "token:SECRET", compared in constant time. Without a secret, a request
// from a web page of another origin than the loopback is refused unless
// AllowOriginAll. With one, a page of any origin (a file:// page says
// "null") is answered with CORS headers, WebSocket included: the token
// is the proof, and a foreign page's socket hears notifications only once
// it has shown it. JSONP is never answered to another site's page. A
// request's body is bounded by MaxRequestSize, and what waits for a
// WebSocket's reader by MaxSocketBacklog. A client's dir and out never
// leave Root.
//
// # Caveats
//
// The package knows nothing of HTTP ranges or journals: what a download is
// and how it runs is the queue's, and through it the library's.
package aria2rpc
