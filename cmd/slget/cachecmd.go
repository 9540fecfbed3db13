// slget cache ls|purge|verify: the operator's commands on a slice cache.

package main

import (
	"errors"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/localcache"
)

func cacheCommand(con *console) *cli.Command {
	return &cli.Command{
		Name:  "cache",
		Usage: "list, purge or verify a slice cache (of slget serve or --cache)",
		Subcommands: []*cli.Command{
			{
				Name:      "ls",
				Usage:     "list the versions of the URLs the cache holds, with their slices and sizes (from slget serve's /status while it runs)",
				ArgsUsage: "DIR",
				Flags: append([]cli.Flag{
					&cli.BoolFlag{Name: "json", Usage: "one JSON object per version on stdout"},
				}, askTokenFlags("token", envServeToken)...),
				Action: func(c *cli.Context) error { return cacheList(c, con) },
			},
			{
				Name:      "purge",
				Usage:     "remove every slice of every version of URL from the cache",
				ArgsUsage: "DIR URL...",
				Action:    func(c *cli.Context) error { return cachePurge(c, con) },
			},
			{
				Name:      "verify",
				Usage:     "re-read and re-hash every slice; move the damaged ones to DIR/quarantine",
				ArgsUsage: "DIR",
				Action:    func(c *cli.Context) error { return cacheVerify(c, con) },
			},
		},
	}
}

// openCache opens the cache in dir for an operator's command, saying
// clearly when slget serve owns it. It does not create a cache.
func openCache(dir string) (*localcache.Store, error) {
	if dir == "" {
		return nil, withCode(exitBadOption, errors.New("cache: name the cache DIR"))
	}
	if addr, err := localcache.Owner(dir); err == nil {
		return nil, withCode(exitJournal, fmt.Errorf("the cache %s is in use by slget serve at %s: stop it first (SIGTERM), then run this again", dir, addr))
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, withCode(exitFileOpen, fmt.Errorf("no cache at %s: name the DIR given to slget serve --cache", dir))
	}
	st, err := localcache.Open(dir, nil)
	if err != nil {
		if errors.Is(err, localcache.ErrLocked) {
			return nil, withCode(exitJournal, fmt.Errorf("the cache %s is in use by another slget: stop it first, then run this again", dir))
		}
		return nil, withCode(exitFileOpen, err)
	}
	return st, nil
}

// entryJSON is what `slget cache ls --json` prints per version.
type entryJSON struct {
	URL         string `json:"url"`
	Validator   string `json:"validator"`
	Slices      int    `json:"slices"`
	Bytes       int64  `json:"bytes"`
	StoredBytes int64  `json:"stored_bytes"`
	LastAccess  string `json:"last_access"`
}

func cacheList(c *cli.Context, con *console) error {
	if c.NArg() != 1 {
		return withCode(exitBadOption, errors.New("cache ls: name one cache DIR"))
	}
	dir := c.Args().First()
	if addr, err := localcache.Owner(dir); err == nil && dir != "" {
		token, err := readAskToken(c, envServeToken)
		if err != nil {
			return err
		}
		return cacheListLive(c.Context, con, dir, addr, token, c.Bool("json"))
	}
	st, err := openCache(dir)
	if err != nil {
		return err
	}
	defer st.Close()
	entries, err := st.List()
	if err != nil {
		return withCode(exitFileIO, err)
	}
	printEntries(con, entries, st.SliceSize(), c.Bool("json"))
	return nil
}

// printEntries prints the versions a cache of slices of sliceSize holds: a
// table and a total, or one JSON object per version.
func printEntries(con *console, entries []localcache.Entry, sliceSize int64, asJSON bool) {
	if asJSON {
		for _, e := range entries {
			con.jsonLine(entryJSON{URL: e.URL, Validator: e.Validator, Slices: e.Slices, Bytes: e.Bytes,
				StoredBytes: e.StoredBytes, LastAccess: e.LastAccess.UTC().Format(time.RFC3339)})
		}
		return
	}
	tw := tabwriter.NewWriter(con.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SLICES\tBYTES\tSTORED\tLAST ACCESS\tVERSION\tURL")
	var slices int
	var bytes, stored int64
	for _, e := range entries {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", e.Slices, units.Bytes(e.Bytes), units.Bytes(e.StoredBytes),
			e.LastAccess.UTC().Format("2006-01-02 15:04"), e.Validator, e.URL)
		slices += e.Slices
		bytes += e.Bytes
		stored += e.StoredBytes
	}
	tw.Flush()
	fmt.Fprintf(con.stdout, "%s: %s in %s of %s, %s stored\n", plural(len(entries), "version"),
		units.Bytes(bytes), plural(slices, "slice"), units.Exact(sliceSize), units.Bytes(stored))
}

func cachePurge(c *cli.Context, con *console) error {
	if c.NArg() < 2 {
		return withCode(exitBadOption, errors.New("cache purge: name the cache DIR and at least one URL"))
	}
	st, err := openCache(c.Args().First())
	if err != nil {
		return err
	}
	defer st.Close()
	var last error
	for _, u := range c.Args().Slice()[1:] {
		n, freed, err := st.Purge(u)
		if err != nil {
			con.errorf("%v", err)
			last = withCode(exitBadOption, errReported)
			continue
		}
		fmt.Fprintf(con.stdout, "%s: removed %s (%s stored)\n", u, plural(n, "slice"), units.Bytes(freed))
	}
	return last
}

func cacheVerify(c *cli.Context, con *console) error {
	if c.NArg() != 1 {
		return withCode(exitBadOption, errors.New("cache verify: name one cache DIR"))
	}
	st, err := openCache(c.Args().First())
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := st.Verify(c.Context)
	for _, q := range rep.Quarantined {
		fmt.Fprintf(con.stdout, "quarantined %s: %s\n", q.Path, q.Reason)
	}
	fmt.Fprintf(con.stdout, "%s checked: %d good, %d quarantined, %d found and indexed, %d records without a file removed, %d temporary files removed\n",
		plural(rep.Checked, "slice file"), rep.OK, len(rep.Quarantined), rep.Adopted, rep.Missing, rep.TempRemoved)
	if err != nil {
		return withCode(exitFileIO, err)
	}
	if len(rep.Quarantined) > 0 {
		return withCode(exitChecksum, fmt.Errorf("%s moved to %s/quarantine: they will be fetched again when asked for", plural(len(rep.Quarantined), "damaged file"), st.Dir()))
	}
	return nil
}
