// The output name: chosen from -o, Content-Disposition or the URL, then
// claimed by locking its .part; a name taken by something slget may not
// replace moves the download to NAME.1.ext (with AutoRename) or stops it.

package slget

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/slget/slget/fetch"
)

// maxRenames is how many NAME.N.ext AutoRename tries.
const maxRenames = 9999

// baseName is the output path before any renaming: Request.Path, else
// Request.Name beneath Dir (docName), else a sanitised name from the
// server in Dir. A Path that ends with a separator
// or names an existing directory is the directory the file goes into,
// under the server's name.
func (d *download) baseName() (string, error) {
	dir := d.req.Dir
	if p := d.req.Path; p != "" {
		fi, err := os.Stat(p)
		if !strings.HasSuffix(p, string(filepath.Separator)) && (err != nil || !fi.IsDir()) {
			return p, nil
		}
		dir = p
	} else if d.req.Name != "" {
		_, full, err := d.docName(dir)
		return full, err
	}
	name := d.probe.Filename
	for _, raw := range []string{d.probe.FinalURL, d.req.URL} {
		if name != "" {
			break
		}
		if u, err := url.Parse(raw); err == nil {
			name = fetch.FilenameFromURL(u)
		}
	}
	if name == "" {
		name = "index.html"
	}
	name = notSideName(name)
	if dir == "" {
		dir = "."
	}
	return filepath.Join(dir, name), nil
}

// notSideName keeps a name from the network off the suffixes of slget's
// side files: "victim.bin.part" or "victim.bin.slget" would be taken for
// the partial download or the journal of victim.bin by a later download.
// Such a name gets its last dot replaced: "victim.bin_part".
func notSideName(name string) string {
	lower := strings.ToLower(name)
	for _, suffix := range []string{".part", ".slget"} {
		if strings.HasSuffix(lower, suffix) {
			return name[:len(name)-len(suffix)] + "_" + name[len(name)-len(suffix)+1:]
		}
	}
	return name
}

// renamed is the i-th other name for path: NAME.i.ext.
func renamed(path string, i int) string {
	dir, name := filepath.Split(path)
	ext := filepath.Ext(name)
	if strings.HasPrefix(ext, ".") && len(ext) == len(name) {
		ext = "" // ".bashrc" has no extension
	}
	return filepath.Join(dir, fmt.Sprintf("%s.%d%s", strings.TrimSuffix(name, ext), i, ext))
}

// claimOutput chooses the output name and locks it, deciding on the way
// what to do with what is there (d.action).
func (d *download) claimOutput(ctx context.Context) error {
	base, err := d.baseName()
	if err != nil {
		return err
	}
	d.res.Path = base // where the file would be, until one is taken
	if folders := d.docFolders(); folders != "" {
		// A document's folders: made beneath Dir, never through a link.
		if err := makeFolders(d.req.Dir, folders); err != nil {
			return err
		}
	} else if dir := filepath.Dir(base); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fileErr("create", dir, err)
		}
	}
	var first *ExistsError
	for i := 0; i <= maxRenames; i++ {
		cand := base
		if i > 0 {
			cand = renamed(base, i)
		}
		if !d.c.reserve(cand) {
			// Another download of this Client has it: as a download of
			// another Client would find its .part locked.
			if !d.req.AutoRename {
				return lockedError(partPathOf(cand))
			}
			continue
		}
		taken, err := d.tryOutput(ctx, cand)
		if err != nil {
			d.c.unreserve(cand)
			return err
		}
		if taken == nil {
			d.res.Path = cand
			// Its rename into the folder is coming: the folder's
			// fsyncs wait a little for it (dirSyncs).
			d.renamed = d.c.shared().dirs.expect(filepath.Dir(cand))
			if first != nil {
				d.emit(&Warning{URL: d.res.URL, Message: fmt.Sprintf("%s %s; saving as %s", first.Path, first.Why, cand), Help: continueHelp(first)})
			}
			return nil
		}
		d.c.unreserve(cand)
		if first == nil {
			first = taken
		}
		if !d.req.AutoRename {
			return taken
		}
	}
	return &ExistsError{Path: base, Why: fmt.Sprintf("and %d renamed copies exist", maxRenames)}
}

// tryOutput locks cand.part and examines what is there. It returns an
// *ExistsError when cand is taken by something this download may not
// replace, leaving everything as it was.
func (d *download) tryOutput(ctx context.Context, cand string) (*ExistsError, error) {
	// A look without the lock, so that renaming past many existing files
	// does not create and remove a .part beside each. Under the lock every
	// decision is made again.
	vol := volumeOf(filepath.Dir(cand))
	if err := vol.checkName(cand); err != nil {
		return nil, err
	}
	stem := vol.sideStem(cand)
	if !d.overwrite() && !d.req.Continue && lexists(cand) && !lexists(stem+".slget") {
		if lexists(controlPathOf(cand)) {
			// aria2c would resume it; slget takes it over only when
			// asked to continue (adoptAria2), as any file not its own.
			return unfinishedAria2(cand), nil
		}
		if _, complete := d.recordedComplete(cand); !complete {
			return existsError(cand), nil
		}
	}
	l, err := lockPartBeneath(d.req.Beneath, stem+".part")
	var ee *ExistsError
	if errors.As(err, &ee) {
		return ee, nil
	}
	if err != nil {
		return nil, err
	}
	d.lock, d.path, d.jpath, d.vol = l, cand, stem+".slget", vol
	err = d.foldersStill() // the .part was opened through folders, not links
	var taken *ExistsError
	if err == nil {
		taken, err = d.examine(ctx, cand)
	}
	if taken != nil || err != nil {
		d.path, d.jpath = "", ""
		if d.journal != nil {
			d.journal.Close()
			d.journal = nil
		}
		d.lock.release()
		d.lock = nil
		d.done = nil
		d.control = ""
	}
	return taken, err
}

func lexists(p string) bool {
	_, err := os.Lstat(p)
	return !errors.Is(err, fs.ErrNotExist)
}

// continueHelp is what a user could have done instead of saving beside
// taken: continue it, when it is a partial file Continue would take over.
func continueHelp(taken *ExistsError) []Remedy {
	if !slices.Contains(taken.Help, RemedyContinue) {
		return nil
	}
	return []Remedy{RemedyContinue}
}

// existsError is the error of a file at the output name.
func existsError(path string) *ExistsError {
	return &ExistsError{Path: path, Why: "already exists", Help: []Remedy{RemedyOverwrite, RemedyAutoRename}}
}

// reserve claims path for one download of this Client, so that two
// downloads at once never pick the same name; it reports false when the
// path is taken. unreserve gives it back.
func (c *Client) reserve(path string) bool {
	sh := c.shared()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.taken == nil {
		sh.taken = make(map[string]bool)
	}
	if sh.taken[path] {
		return false
	}
	sh.taken[path] = true
	return true
}

func (c *Client) unreserve(path string) {
	sh := c.shared()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	delete(sh.taken, path)
}
