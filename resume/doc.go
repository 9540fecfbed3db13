// Package resume is the crash-safe journal of one download: a small bbolt
// file beside the partial output (NAME.part and NAME.slget) that says which
// download it is and which of its slices are done.
//
// A journal holds a schema version, the URL and the final URL after
// redirects, the validator (ETag, Last-Modified, size), the slice size, and
// for each finished slice its CRC-32C (SliceChecksum) and where its bytes
// came from (origin, local cache, peer); for a download from mirrors, also
// which mirror sent each slice and what proves the whole file (MirrorBytes, SetProof).
// The done-set is derived from the slice records when the journal is
// opened. Every record carries a check of
// its own key and value, and the description a check of all its fields, so
// that damage bbolt does not see cannot make a slice count as done.
//
// Create makes a journal, Open reopens it to resume, Commit marks slices
// done in one transaction, Forget marks slices not done whose bytes failed a
// check, Inspect reads one without taking it over (for `slget status` and
// `slget verify`), and Remove deletes it once the output is complete.
// Journals are created 0600: a URL can hold a secret. A journal is locked while open, so a second slget on the same
// file fails after Options.Timeout with ErrLocked instead of waiting.
//
// Whatever a journal file holds, Open and Inspect do not panic: a truncated,
// overwritten or foreign file gives an *Error matching ErrCorrupt, a journal
// from a newer slget one matching ErrVersion, and the message names the file
// and says what to do. Before bbolt maps a file its structure is checked
// page by page (bbolt trusts its file and can fault or loop on damage), and
// then every record is read and checked against the plan.
//
// bbolt holds metadata only: 17 bytes of key and value per done slice, and
// with bbolt's page overhead and preallocation a file of 100 to 300 bytes
// per slice (17 MB for 100 GiB in 1 MiB slices). Slice bytes never go in
// the journal.
//
// # Caveats
//
// The order of durability is the caller's: write the slice bytes, fdatasync
// the data file, then Commit. Commit marks whatever it is given as done; if
// it runs before the data is on disk, a crash can leave slices marked done
// whose bytes were never written.
//
// Grouping is the caller's too. Each Commit is one bbolt transaction with
// two fdatasyncs (half a millisecond on an SSD, ten or more on a spinning
// disk), so committing every slice at high speed lets fsync dominate;
// commit every 250 ms or every few slices, whichever comes first, with all
// the slices finished since the last one (see BenchmarkCommit).
//
// bbolt checksums only its meta pages. Damage inside a page that leaves the
// structure valid is caught by the records' own checks: a damaged record is
// dropped (Dropped) and its slice fetched again, never taken as done. The
// bytes of the data file are checked against the records' CRC-32C only when
// asked (slget verify, --check-integrity).
//
// A journal of schema 1 (SHA-256 records without checks) is refused by Open
// with ErrOldSchema and read by Inspect, so that its slices can be checked
// before they are trusted.
//
// Options.NoSync is for tests and benchmarks: without fsync a crash can lose
// commits or damage the file.
//
// Locking uses flock(2) where it exists, LockFileEx on Windows. On other
// systems bbolt's own lock is used and the structure check runs just
// before it is taken.
package resume
