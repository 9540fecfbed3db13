// Package segment cuts a resource into fixed-size slices and decides which
// connection fetches which of them.
//
// Everything here is a plain value or a mutex-guarded value: no I/O, no
// HTTP, no files. A Plan maps slice indexes to byte ranges; a Set records
// which slices are done (and is what a journal persists); a Scheduler hands
// out runs of missing slices to workers, lets an idle worker steal the second
// half of the largest run in flight, and at the tail duplicates the last
// slices (end-game) so that one slow connection cannot hold a download at 99%.
//
// Every byte range a Plan produces is slice-aligned: it starts at a multiple
// of the slice size and ends one byte before a multiple of it, or at the last
// byte of the resource. That is what lets a slice cache in front of the origin
// (nginx "slice 1m", a CDN, a peer) answer from cache.
//
// # Caveats
//
// The Scheduler does not know about time or speed; callers decide when a
// worker is slow and call Release to give its claim back.
package segment
