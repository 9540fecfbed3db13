// Package osfile is the OS layer of slget: exclusive and shared locks on
// open files, opens that never follow a symbolic link (or, on Windows, a
// reparse point), a rename that never replaces, data and directory syncs
// (on Linux through an io_uring, see Syncer), block reservation, and the
// questions the download flow asks of a file system (free space, longest
// name, holes). One file per system; the rest of the module names no
// system call for files, and classifies their errors with IsDiskFull,
// IsReadOnlyFS and IsSymlinkRefused.
//
// A lock belongs to the open file (on Unix the open file description, on
// Windows the handle): another open of the same file conflicts with it, in
// this process too, and it goes when the file is closed or its process
// dies.
//
// # Caveats
//
// Windows is built, not tested. On macOS and the BSDs the no-replace
// rename is a hard link then a remove, Datasync is a full fsync, and free
// space, name length and holes are not asked (Volume 0 and -1,
// FirstHole the size). Other systems than Linux, the BSDs, macOS
// and Windows (Plan 9, js/wasm, Solaris...) get best-effort answers: no
// locks (LockSupported is false), and a check-then-act for symbolic links
// and for the no-replace rename.
package osfile
