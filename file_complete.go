// The record a finished file keeps of what it is: its URL and version in
// extended attributes (user.xdg.origin.url, as curl's and wget's --xattr
// write it, and user.slget.version), so that the same download run again
// finds the file complete and fetches nothing, where before it saved
// NAME.1.ext. A file system without extended attributes is said once, and
// there a rerun is as before.

package slget

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/segment"
)

// The extended attributes of a finished file.
const (
	xattrOrigin  = "user.xdg.origin.url" // the URL, redacted
	xattrVersion = "user.slget.version"  // a versionRecord
)

// versionRecord is the version a finished file was downloaded as.
type versionRecord struct {
	Size         int64  `json:"size"`
	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"last_modified,omitempty"`
	Digest       string `json:"digest,omitempty"` // the origin's, "sha-256=HEX"
	// MTime is the file's modification time when it was finished (the
	// server's Last-Modified with Request.RemoteTime), in nanoseconds
	// since 1970: a file edited since has another, and is not taken as
	// complete on the strength of the record. Zero in an older record,
	// which is then not taken.
	MTime int64 `json:"mtime_ns,omitempty"`
}

// parseVersionRecord reads a user.slget.version value; ok is false for
// anything that is not one (damaged, another program's, an older form).
func parseVersionRecord(b []byte) (versionRecord, bool) {
	var v versionRecord
	if err := json.Unmarshal(b, &v); err != nil || v.Size < 0 || v.ETag == "" && v.LastModified == "" {
		return versionRecord{}, false
	}
	return v, true
}

// markComplete writes the record on the complete partial file f, before
// it gets its final name: the name and the record then appear together.
func (d *download) markComplete(f *os.File) {
	v := d.probe.Validator
	if v.Strength() == fetch.SizeOnly {
		return // nothing a rerun could compare
	}
	mtime, err := d.finishedMTime(f)
	if err != nil {
		d.warn("cannot record the version of %s in its extended attributes: %v", d.lock.path, err)
		return
	}
	rec, _ := json.Marshal(versionRecord{Size: v.Size, ETag: v.ETag, LastModified: v.LastModified, Digest: d.digestToKeep(), MTime: mtime.UnixNano()})
	err = osfile.SetXattr(f, xattrOrigin, []byte(d.res.URL)) // the request's URL, redacted
	if err == nil {
		err = osfile.SetXattr(f, xattrVersion, rec)
	}
	switch {
	case errors.Is(err, osfile.ErrXattrUnsupported):
		if d.c.shared().noXattrOnce() {
			d.warn("%s keeps no extended attributes: a rerun of this download will not know that the file is complete", d.lock.path)
		}
	case err != nil:
		d.warn("cannot record the version of %s in its extended attributes: %v", d.lock.path, err)
	}
}

// finishedMTime is the modification time the finished file f will keep:
// the server's Last-Modified when Request.RemoteTime sets it (after the
// rename), its own otherwise (no byte is written to it after the record).
func (d *download) finishedMTime(f *os.File) (time.Time, error) {
	if d.req.RemoteTime {
		if lm, err := http.ParseTime(d.probe.Validator.LastModified); err == nil {
			return lm, nil
		}
	}
	fi, err := f.Stat()
	if err != nil {
		return time.Time{}, err
	}
	return fi.ModTime(), nil
}

// recordedComplete reads the record of the file at path and reports
// whether it says the file is a complete download of this URL (scheme,
// host and path) in the version the probe found, and the file still has
// the size and modification time it was finished with (an edit in place
// changes the time). It reads only the attributes and the file's
// metadata; sameStart checks bytes.
func (d *download) recordedComplete(path string) (versionRecord, bool) {
	origin, err := osfile.GetXattr(path, xattrOrigin)
	if err != nil || identity(string(origin)) != identity(d.req.URL) {
		return versionRecord{}, false
	}
	raw, err := osfile.GetXattr(path, xattrVersion)
	if err != nil {
		return versionRecord{}, false
	}
	rec, ok := parseVersionRecord(raw)
	if !ok {
		return versionRecord{}, false
	}
	p := d.probe.Validator
	if p.Strength() == fetch.SizeOnly {
		return versionRecord{}, false
	}
	if (fetch.Validator{Size: rec.Size, ETag: rec.ETag, LastModified: rec.LastModified}).Differs(p) != "" {
		return versionRecord{}, false
	}
	if _, changed := d.compareKept(rec.Digest); changed {
		return versionRecord{}, false
	}
	fi, err := os.Lstat(path)
	return rec, err == nil && fi.Mode().IsRegular() && fi.Size() == rec.Size && rec.MTime != 0 && fi.ModTime().UnixNano() == rec.MTime
}

// sameStart compares the first slice of the file at path, whose record is
// rec, with the server's (the probe's body when it brought it): a file
// replaced under the same ETag is not taken as complete. A digest kept
// and sent again the same needs no comparison.
func (d *download) sameStart(ctx context.Context, path string, rec versionRecord) (bool, error) {
	if pinned, _ := d.compareKept(rec.Digest); pinned {
		return true, nil
	}
	size := d.probe.Validator.Size
	if size == 0 {
		return true, nil
	}
	plan, err := segment.NewPlan(size, d.c.slice())
	if err != nil {
		return false, nil
	}
	f, err := osfile.OpenNoFollow(path, os.O_RDONLY, 0)
	if err != nil {
		return false, nil
	}
	defer f.Close()
	first := plan.SliceRange(0)
	local, err := readChecksum(io.NewSectionReader(f, first.Start, first.Len()), first.Len())
	if err != nil {
		return false, nil
	}
	remote, err := d.remoteChecksum(ctx, plan, 0)
	if err != nil {
		return false, err
	}
	return local == remote, nil
}

// noXattrOnce reports true the first time a download of the Client (and
// its clones) finds no extended attributes: the warning is said once.
func (sh *shared) noXattrOnce() bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	first := !sh.saidNoXattr
	sh.saidNoXattr = true
	return first
}
