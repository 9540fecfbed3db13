// Syncer where there is no io_uring: the plain system calls.

//go:build !linux

package osfile

import (
	"errors"
	"os"
)

// Syncer makes files' data and folders' entries durable, as Datasync and
// SyncDir do. The zero value is ready.
type Syncer struct{}

// Datasync makes f's data durable, as Datasync does.
func (*Syncer) Datasync(f *os.File) error { return Datasync(f) }

// SyncDir fsyncs the directory dir, as SyncDir does.
func (*Syncer) SyncDir(dir string) { SyncDir(dir) }

// ViaRing is the count of syncs made through an io_uring: none here.
func (*Syncer) ViaRing() uint64 { return 0 }

// Close does nothing here.
func (*Syncer) Close() {}

// RingAvailable says why there is no io_uring here.
func RingAvailable() error { return errors.ErrUnsupported }
