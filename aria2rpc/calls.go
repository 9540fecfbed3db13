// The methods that add, stop and move downloads.

package aria2rpc

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/slget/slget"
	"github.com/slget/slget/queue"
)

// addUri(uris, options?, position?) adds one download of uris (mirrors of
// one file) and answers its GID.
func addURI(s *Server, a args) (any, *Error, func()) {
	us, err := a.strs(0)
	if err != nil {
		return nil, err, nil
	}
	if len(us) == 0 {
		return nil, failed("URI is not provided."), nil
	}
	for _, u := range us {
		if hasControl(u) {
			return nil, failed(fmt.Sprintf("%q is not a URI", u)), nil
		}
	}
	// As aria2c: a URI of a scheme it cannot fetch (file:// and ftp://
	// for slget, or no URI at all) is dropped, and none left is refused
	// at once rather than failing later.
	us = slices.DeleteFunc(us, func(u string) bool { return !fetchable(u) })
	if len(us) == 0 {
		return nil, failed("No URI to download."), nil
	}
	opts, pos, err := a.addOptions()
	if err != nil {
		return nil, err, nil
	}
	return s.add(queue.Spec{URIs: us, Options: opts}, pos)
}

// fetchable is true for a URI slget can download: http://, https://,
// sftp:// or ftp://.
func fetchable(u string) bool {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok || rest == "" {
		return false
	}
	scheme = strings.ToLower(scheme)
	return scheme == "http" || scheme == "https" || scheme == "sftp" || scheme == "ftp"
}

// add checks spec's options and puts it in line.
func (s *Server) add(spec queue.Spec, pos int) (any, *Error, func()) {
	if err := s.place(spec.Options); err != nil {
		return nil, err, nil
	}
	if s.Check != nil {
		if err := s.Check(spec); err != nil {
			return nil, failed(err.Error()), nil
		}
	}
	paused := s.PauseAdded
	if p, given := spec.Options["pause"]; given {
		paused, _ = strconv.ParseBool(p)
	}
	delete(spec.Options, "pause")
	var want queue.GID
	if g, given := spec.Options["gid"]; given {
		var perr error
		if want, perr = queue.ParseGID(g); perr != nil || want == 0 {
			return nil, failed(fmt.Sprintf("gid %s: want 16 hex digits, not all 0", g)), nil
		}
		if _, err := s.Queue.Get(want); err == nil {
			return nil, failed(fmt.Sprintf("GID %s is not unique.", g)), nil
		}
		delete(spec.Options, "gid")
	}
	gid, qerr := s.Queue.AddAs(want, spec, pos, paused)
	if qerr != nil {
		return nil, failed(qerr.Error()), nil
	}
	return gid.String(), nil, nil
}

// addMetalink(metalink, options?, position?) adds one download per file
// of a Metalink 4 or 3 document (base64), each from its mirrors, checked
// against the document's whole-file hash, and answers their GIDs.
func addMetalink(s *Server, a args) (any, *Error, func()) {
	b64, err := a.str(0)
	if err != nil {
		return nil, err, nil
	}
	doc, derr := base64.StdEncoding.DecodeString(b64)
	if derr != nil {
		return nil, failed("the Metalink is not base64: " + derr.Error()), nil
	}
	opts, pos, err := a.addOptions()
	if err != nil {
		return nil, err, nil
	}
	files, merr := slget.ReadMetalink(bytes.NewReader(doc))
	if merr != nil {
		return nil, failed(merr.Error()), nil
	}
	gids := []string{}
	for i, f := range files {
		o := maps.Clone(opts)
		o["out"] = f.Name
		if f.Checksum != nil {
			o["checksum"] = f.Checksum.String()
		}
		p := pos
		if p >= 0 {
			p += i
		}
		g, err, _ := s.add(queue.Spec{URIs: f.URLs, Options: o}, p)
		if err != nil {
			return nil, err, nil
		}
		gids = append(gids, g.(string))
	}
	return gids, nil, nil
}

// onGID is a method that does op to the download its first parameter
// names and answers its GID: remove, pause, unpause (and their force
// forms, which are the same here).
func onGID(op string, do func(*queue.Queue, queue.GID) error) method {
	return func(s *Server, a args) (any, *Error, func()) {
		g, err := a.gid(0)
		if err != nil {
			return nil, err, nil
		}
		if err := queueErr(do(s.Queue, g), g, op); err != nil {
			return nil, err, nil
		}
		return g.String(), nil, nil
	}
}

// onAll is a method with no parameters that does do to the whole queue
// and answers "OK": pauseAll, unpauseAll, purgeDownloadResult.
func onAll(do func(*queue.Queue)) method {
	return func(s *Server, _ args) (any, *Error, func()) {
		do(s.Queue)
		return "OK", nil, nil
	}
}

// changePosition(gid, pos, how) answers the new place as a number, as
// aria2 does.
func changePosition(s *Server, a args) (any, *Error, func()) {
	g, err := a.gid(0)
	if err != nil {
		return nil, err, nil
	}
	pos, err := a.int(1, 0)
	if err != nil {
		return nil, err, nil
	}
	how, err := a.str(2)
	if err != nil {
		return nil, err, nil
	}
	switch how {
	case "POS_SET", "POS_CUR", "POS_END":
	default:
		return nil, failed(fmt.Sprintf("Illegal argument: how %s, want POS_SET, POS_CUR or POS_END", how)), nil
	}
	p, qerr := s.Queue.Move(g, pos, how)
	if qerr != nil {
		return nil, queueErr(qerr, g, "move"), nil
	}
	return p, nil, nil
}

// changeOption(gid, options) changes a download's options from its next
// start.
func changeOption(s *Server, a args) (any, *Error, func()) {
	g, err := a.gid(0)
	if err != nil {
		return nil, err, nil
	}
	opts, err := a.options(1)
	if err != nil {
		return nil, err, nil
	}
	in, qerr := s.Queue.Get(g)
	if qerr != nil {
		return nil, queueErr(qerr, g, "change"), nil
	}
	merged := maps.Clone(in.Spec.Options)
	maps.Copy(merged, opts)
	if _, given := opts["dir"]; !given {
		merged["dir"] = in.Spec.Options["dir"]
	}
	if err := s.place(merged); err != nil {
		return nil, err, nil
	}
	if s.Check != nil {
		if err := s.Check(queue.Spec{URIs: in.Spec.URIs, Options: merged}); err != nil {
			return nil, failed(err.Error()), nil
		}
	}
	if err := queueErr(s.Queue.SetOptions(g, merged), g, "change"); err != nil {
		return nil, err, nil
	}
	return "OK", nil, nil
}

func changeGlobalOption(s *Server, a args) (any, *Error, func()) {
	opts, err := a.options(0)
	if err != nil {
		return nil, err, nil
	}
	if s.ChangeOptions == nil {
		return nil, failed("the global options cannot be changed"), nil
	}
	if err := s.ChangeOptions(opts); err != nil {
		return nil, failed(err.Error()), nil
	}
	return "OK", nil, nil
}

func removeResult(s *Server, a args) (any, *Error, func()) {
	g, err := a.gid(0)
	if err != nil {
		return nil, err, nil
	}
	if qerr := s.Queue.RemoveResult(g); qerr != nil {
		if queue.IsNotFound(qerr) {
			return nil, queueErr(qerr, g, "get"), nil
		}
		return nil, failed(fmt.Sprintf("Could not remove download result of GID#%s", g)), nil
	}
	return "OK", nil, nil
}

func saveSession(s *Server, _ args) (any, *Error, func()) {
	if s.SaveSession == nil {
		return nil, failed("Filename is not given."), nil
	}
	if err := s.SaveSession(); err != nil {
		return nil, failed(err.Error()), nil
	}
	return "OK", nil, nil
}

func shutdown(force bool) method {
	return func(s *Server, _ args) (any, *Error, func()) {
		if s.Shutdown == nil {
			return "OK", nil, nil
		}
		return "OK", nil, func() { s.Shutdown(force) }
	}
}

// Restore puts a download of a session file back in line, its dir and
// out checked as a client's are.
func (s *Server) Restore(saved queue.Saved) (queue.GID, error) {
	if err := s.place(saved.Spec.Options); err != nil {
		return 0, err
	}
	if s.Check != nil {
		if err := s.Check(saved.Spec); err != nil {
			return 0, err
		}
	}
	return s.Queue.Restore(saved)
}
