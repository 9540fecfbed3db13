// Package dirsync makes a change to a directory's entries durable: the
// fsync of the directory that follows a create, a rename or a remove.
package dirsync

import "os"

// Sync fsyncs the directory dir, so that a new, renamed or removed entry
// in it survives a crash. Errors are ignored: not every system can sync a
// directory, and what called it is correct without (only less durable).
func Sync(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	d.Close()
}
