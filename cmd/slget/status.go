// slget status and slget verify: look at a partial download through its
// journal.

package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/units"
)

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
	BytesWritten int64            `json:"bytes_written"` // bytes_done and the written starts of slices begun
	BySource     map[string]int64 `json:"bytes_by_source"`
	ByMirror     map[string]int64 `json:"bytes_by_mirror,omitempty"` // besides the first URL
	Proof        string           `json:"proof,omitempty"`
	Created      string           `json:"created"`
	Active       bool             `json:"active"` // a download is running on it now
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
				s, err := slget.ReadStatus(name)
				if err != nil {
					con.errorf("%v", err)
					last = withCode(exitCode(err), errReported)
					continue
				}
				if c.Bool("json") {
					con.jsonLine(statusJSON{Path: s.Path, Journal: s.Journal, URL: s.URL, FinalURL: s.FinalURL, ETag: s.ETag,
						LastModified: s.LastModified, Size: s.Size, SliceSize: s.SliceSize, Slices: s.Slices, SlicesDone: s.SlicesDone,
						BytesDone: s.BytesDone, BytesWritten: s.BytesWritten, BySource: sourcesOut(s.BySource), Created: s.Created.Format("2006-01-02 15:04:05 UTC"), Active: s.Active,
						ByMirror: s.ByMirror, Proof: s.Proof})
					continue
				}
				printStatus(con, s)
			}
			return last
		},
	}
}

func printStatus(con *console, s *slget.Status) {
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
	fmt.Fprintf(con.stdout, "%s: %s of %s (%.1f%%), %d of %s of %s\n  url:     %s\n", s.Path,
		units.Bytes(s.BytesDone), units.Bytes(s.Size), pct, s.SlicesDone, plural(s.Slices, "slice"), units.Exact(s.SliceSize), s.URL)
	if s.FinalURL != s.URL {
		fmt.Fprintf(con.stdout, "  final:   %s\n", s.FinalURL)
	}
	if begun := s.BytesWritten - s.BytesDone; begun > 0 {
		fmt.Fprintf(con.stdout, "  begun:   %s more, the written starts of slices not done (a resume checks them and keeps them)\n", units.Bytes(begun))
	}
	fmt.Fprintf(con.stdout, "  version: %s\n  started: %s\n", v, s.Created.Format("2006-01-02 15:04:05 UTC"))
	if s.Active {
		fmt.Fprintf(con.stdout, "  a download is running on it now\n")
	}
	for _, src := range []slget.Source{slget.FromOrigin, slget.FromCache, slget.FromPeer} {
		if n := s.BySource[src]; n > 0 {
			fmt.Fprintf(con.stdout, "  from %-6s %s\n", src.String()+":", units.Bytes(n))
		}
	}
	printMirrors(con, s)
}

// printMirrors says how many bytes each mirror sent, the first URL's
// being the origin's less theirs, and what proves the file.
func printMirrors(con *console, s *slget.Status) {
	if len(s.ByMirror) > 0 {
		first := s.BySource[slget.FromOrigin]
		names := make([]string, 0, len(s.ByMirror))
		for u, n := range s.ByMirror {
			names = append(names, u)
			first -= n
		}
		sort.Strings(names)
		fmt.Fprintf(con.stdout, "  by mirror:\n    %s  %s (the URL)\n", units.Bytes(max(first, 0)), s.FinalURL)
		for _, u := range names {
			fmt.Fprintf(con.stdout, "    %s  %s\n", units.Bytes(s.ByMirror[u]), u)
		}
	}
	if s.Proof != "" {
		fmt.Fprintf(con.stdout, "  proof:   %s\n", s.Proof)
	}
}

// sourcesOut is a count by source as JSON has it: keyed by name.
func sourcesOut(by map[slget.Source]int64) map[string]int64 {
	out := make(map[string]int64, len(by))
	for src, n := range by {
		out[src.String()] += n
	}
	return out
}

func verifyCommand(con *console) *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "re-check the finished slices of a partial download against the checksums its journal recorded; bad ones are fetched again by the next run",
		ArgsUsage: "NAME",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return withCode(exitBadOption, errors.New("verify: name one download (NAME, NAME.part or NAME.slget)"))
			}
			r, err := slget.Verify(c.Context, c.Args().First())
			if err != nil {
				return err
			}
			for _, i := range r.Bad {
				fmt.Fprintf(con.stdout, "slice %d: checksum mismatch\n", i)
			}
			fmt.Fprintf(con.stdout, "%s: %s verified, %d bad, %d not downloaded yet\n", r.Part, plural(r.Checked, "slice"), len(r.Bad), r.Missing)
			if len(r.Bad) > 0 {
				return withCode(exitChecksum, fmt.Errorf("%s: %s did not match the journal and will be fetched again: run the download again to finish it", r.Part, plural(len(r.Bad), "slice")))
			}
			return nil
		},
	}
}

// plural says "1 slice", "2 slices".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ay") {
		return fmt.Sprintf("%d %sies", n, noun[:len(noun)-1]) // retry: retries
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
