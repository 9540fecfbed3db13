// slget status and slget verify: look at a partial download through its journal.

package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// journalFor finds the journal of a download named by its final name, its
// .part or its .slget file.
func journalFor(name string) (path, jpath string) {
	switch {
	case strings.HasSuffix(name, ".slget"):
		path = strings.TrimSuffix(name, ".slget")
	case strings.HasSuffix(name, ".part"):
		path = strings.TrimSuffix(name, ".part")
	default:
		path = name
	}
	return path, journalPath(path)
}

// statusJSON is what `slget status --json` prints.
type statusJSON struct {
	Path         string           `json:"path"`
	Journal      string           `json:"journal"`
	URL          string           `json:"url"`
	FinalURL     string           `json:"final_url"`
	ETag         string           `json:"etag,omitempty"`
	LastModified string           `json:"last_modified,omitempty"`
	Size         int64            `json:"size"`
	SliceSize    int64            `json:"slice_size"`
	Slices       int              `json:"slices"`
	SlicesDone   int              `json:"slices_done"`
	BytesDone    int64            `json:"bytes_done"`
	BySource     map[string]int64 `json:"bytes_by_source"`
	Created      string           `json:"created"`
	Active       bool             `json:"active"` // a download is running on it now
}

func inspect(name string) (statusJSON, segment.Plan, []resume.Record, error) {
	path, jpath := journalFor(name)
	m, done, recs, err := resume.Inspect(jpath)
	active := false
	if errors.Is(err, resume.ErrLocked) {
		// A download holds the journal: read a copy of it instead.
		active = true
		m, done, recs, err = inspectCopy(jpath)
	}
	if err != nil {
		if errors.Is(err, resume.ErrNotExist) {
			if exists(path) && !exists(path+".part") {
				return statusJSON{}, segment.Plan{}, nil, withCode(exitUnknown, fmt.Errorf("%s is complete: its journal was removed when it finished", path))
			}
			return statusJSON{}, segment.Plan{}, nil, withCode(exitUnknown, fmt.Errorf("%s: no partial download here (no %s)", name, jpath))
		}
		return statusJSON{}, segment.Plan{}, nil, journalErr(err)
	}
	plan, err := segment.NewPlan(m.Size, m.SliceSize)
	if err != nil {
		return statusJSON{}, plan, nil, withCode(exitJournal, fmt.Errorf("journal %s: %v", jpath, err))
	}
	s := statusJSON{Path: path, Journal: jpath, URL: m.URL, FinalURL: m.FinalURL, ETag: m.ETag, LastModified: m.LastModified,
		Size: m.Size, SliceSize: m.SliceSize, Slices: plan.N(), SlicesDone: done.Count(), BySource: map[string]int64{},
		Created: m.Created.Format("2006-01-02 15:04:05 UTC"), Active: active}
	for _, r := range recs {
		n := plan.SliceRange(r.Index).Len()
		s.BytesDone += n
		s.BySource[r.From.String()] += n
	}
	return s, plan, recs, nil
}

// inspectCopy reads a snapshot of a journal that a running download holds
// locked. bbolt keeps two checksummed meta pages, so a copy taken during a
// commit still opens at the previous commit; a copy that the structure
// check rejects anyway is taken again, a few times.
func inspectCopy(jpath string) (resume.Meta, *segment.Set, []resume.Record, error) {
	var err error
	for try := 0; try < 5; try++ {
		var b []byte
		if b, err = os.ReadFile(jpath); err != nil {
			break
		}
		var tmp *os.File
		if tmp, err = os.CreateTemp("", "slget-status-*.slget"); err != nil {
			break
		}
		_, err = tmp.Write(b)
		tmp.Close()
		if err == nil {
			m, done, recs, ierr := resume.Inspect(tmp.Name())
			os.Remove(tmp.Name())
			if ierr == nil {
				return m, done, recs, nil
			}
			err = ierr
			continue
		}
		os.Remove(tmp.Name())
	}
	return resume.Meta{}, nil, nil, fmt.Errorf("%s is in use by a running download and could not be read: %w", jpath, err)
}

func statusCommand(con *console) *cli.Command {
	return &cli.Command{
		Name:      "status",
		Usage:     "show how much of a partial download is done, its version and where its slices came from",
		ArgsUsage: "NAME...",
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "one JSON object per NAME on stdout"}},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return withCode(exitBadOption, errors.New("status: name a download (NAME, NAME.part or NAME.slget)"))
			}
			var last error
			for _, name := range c.Args().Slice() {
				s, _, _, err := inspect(name)
				if err != nil {
					con.errorf("%v", err)
					last = withCode(exitCode(err), errReported)
					continue
				}
				if c.Bool("json") {
					con.jsonLine(s)
					continue
				}
				pct := 100.0
				if s.Size > 0 {
					pct = 100 * float64(s.BytesDone) / float64(s.Size)
				}
				v := "size only"
				if s.ETag != "" {
					v = "ETag " + s.ETag
				} else if s.LastModified != "" {
					v = "Last-Modified " + s.LastModified
				}
				fmt.Fprintf(con.stdout, "%s: %s of %s (%.1f%%), %d of %d slices of %s\n  url:     %s\n", s.Path,
					humanBytes(s.BytesDone), humanBytes(s.Size), pct, s.SlicesDone, s.Slices, segment.FormatSize(s.SliceSize), s.URL)
				if s.FinalURL != s.URL {
					fmt.Fprintf(con.stdout, "  final:   %s\n", s.FinalURL)
				}
				fmt.Fprintf(con.stdout, "  version: %s\n  started: %s\n", v, s.Created)
				if s.Active {
					fmt.Fprintf(con.stdout, "  a download is running on it now\n")
				}
				for _, src := range []string{"origin", "cache", "peer"} {
					if n := s.BySource[src]; n > 0 {
						fmt.Fprintf(con.stdout, "  from %-6s %s\n", src+":", humanBytes(n))
					}
				}
			}
			return last
		},
	}
}

func verifyCommand(con *console) *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "re-check the slices of a partial download against the SHA-256 its journal recorded",
		ArgsUsage: "NAME",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return withCode(exitBadOption, errors.New("verify: name one download (NAME, NAME.part or NAME.slget)"))
			}
			s, plan, recs, err := inspect(c.Args().First())
			if err != nil {
				return err
			}
			part := s.Path + ".part"
			f, err := os.Open(part)
			if err != nil {
				return fmt.Errorf("cannot open %s: %w", part, err)
			}
			defer f.Close()
			buf := make([]byte, plan.Slice)
			var ok, bad, unhashed int
			var zero [32]byte
			for _, r := range recs {
				if r.SHA256 == zero {
					unhashed++ // adopted with -c: nothing to check against
					continue
				}
				sr := plan.SliceRange(r.Index)
				b := buf[:sr.Len()]
				if _, err := f.ReadAt(b, sr.Start); err != nil && !errors.Is(err, io.EOF) {
					return fmt.Errorf("cannot read slice %d of %s: %w", r.Index, part, err)
				}
				if sha256.Sum256(b) != r.SHA256 {
					bad++
					fmt.Fprintf(con.stdout, "slice %d %s: SHA-256 mismatch\n", r.Index, sr)
					continue
				}
				ok++
			}
			fmt.Fprintf(con.stdout, "%s: %d slices verified, %d bad, %d without a hash, %d not downloaded yet\n",
				part, ok, bad, unhashed, plan.N()-len(recs))
			if bad > 0 {
				return withCode(exitChecksum, fmt.Errorf("%s: %d slices do not match their journal; run the download again with --restart", part, bad))
			}
			return nil
		},
	}
}
