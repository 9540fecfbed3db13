// Package queue is slget's download daemon without its face: a queue of
// downloads over the library (one slget.Client.Do and one journal each),
// each with a GID, a state and a position, at most Jobs of them running at
// once.
//
// Pausing a download cancels its context: Do returns and keeps the
// partial file and its journal, so unpausing it resumes where it stopped.
// Removing a running one stops it the same way and leaves it among the
// stopped ones (the partial file and journal stay, as aria2 keeps them);
// a waiting or paused one removed is dropped, with no event and no
// result, as aria2 drops it. The queue
// knows nothing of HTTP ranges or journals: a download is URIs and
// options in aria2's names, and Config.Prepare turns them into a
// slget.Request each time it starts.
//
// # Caveats
//
// A download's options are strings as aria2's clients send them; the queue
// does not check them: its caller does before Add (a download whose
// Prepare fails ends in the Error state). Close stops the running
// downloads and keeps them Waiting, so that a session written after it
// starts them again.
package queue
