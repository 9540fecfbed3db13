// A conditional download (Request.IfNewer, aria2c's --conditional-get) and
// the file's remote time (Request.RemoteTime): the local file's time
// against the server's Last-Modified.

package slget

import (
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/slget/slget/fetch"
)

// localFile is the file the request would save as, if one is there and
// its name is known before the probe (Path, or the URL's last segment),
// and its modification time; "" and zero otherwise.
func (d *download) localFile() (string, time.Time) {
	p := d.req.Path
	if p == "" && d.req.Name != "" {
		_, full, err := d.docName(d.req.Dir)
		if err != nil {
			return "", time.Time{}
		}
		p = full
	}
	if p == "" {
		name := fetch.FilenameFromURL(d.given)
		if name == "" {
			return "", time.Time{}
		}
		p = filepath.Join(d.req.Dir, name)
	}
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return "", time.Time{}
	}
	return p, fi.ModTime()
}

// notNewer reports whether the file at the output name is at least as new
// as the remote file, by its Last-Modified (the probe may have learned the
// name only now, from Content-Disposition).
func (d *download) notNewer(path string) bool {
	lm, err := http.ParseTime(d.probe.Validator.LastModified)
	if err != nil {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && !fi.ModTime().Before(lm)
}

// setRemoteTime gives the final file the server's Last-Modified time.
func (d *download) setRemoteTime() {
	if !d.req.RemoteTime || d.probe == nil {
		return
	}
	lm, err := http.ParseTime(d.probe.Validator.LastModified)
	if err != nil {
		d.warn("the server sent no Last-Modified; %s keeps the current time", d.res.Path)
		return
	}
	if err := os.Chtimes(d.res.Path, time.Now(), lm); err != nil {
		d.warn("cannot set the time of %s: %v", d.res.Path, err)
	}
}
