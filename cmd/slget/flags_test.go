// Tests of the rules between download options: connections from -x and
// -s, contradictions, aria2's --file-allocation.

package main

import (
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
)

// parsed runs the download options of words through urfave/cli, as run
// does, and hands the context to check.
func parsed(t *testing.T, words []string, check func(c *cli.Context)) {
	t.Helper()
	app := testApp()
	app.Action = func(c *cli.Context) error { check(c); return nil }
	args, err := normalizeArgs(app, append([]string{"slget"}, words...))
	if err != nil {
		t.Fatalf("%q: %v", words, err)
	}
	if err := app.Run(args); err != nil {
		t.Fatalf("%q: %v", words, err)
	}
}

func TestConnections(t *testing.T) {
	cases := []struct {
		words []string
		spec  connSpec
		want  int
	}{
		{nil, connSpec{}, slget.AutoConnections}, // found per download
		{[]string{"-x", "auto"}, connSpec{}, slget.AutoConnections},
		{[]string{"-xauto", "-s", "6"}, connSpec{s: 6}, 6},
		{[]string{"-x16"}, connSpec{x: 16}, 16},
		{[]string{"-s", "8"}, connSpec{s: 8}, 8},
		{[]string{"-x", "16", "-s", "4"}, connSpec{x: 16, s: 4}, 4},
		{[]string{"-s", "8", "-x2"}, connSpec{x: 2, s: 8}, 2},
		{[]string{"--max-connection-per-server=6", "--split", "10"}, connSpec{x: 6, s: 10}, 6},
		{[]string{"-x", "3", "--max-connection-per-server", "9"}, connSpec{x: 9}, 9}, // the last one wins
		{[]string{"--connections=4", "-s", "4"}, connSpec{x: 4, s: 4}, 4},
	}
	for _, c := range cases {
		parsed(t, c.words, func(ctx *cli.Context) {
			spec, n, err := connectionsOf(ctx)
			if err != nil || spec != c.spec || n != c.want {
				t.Errorf("%q: %+v, %d, %v; want %+v, %d", c.words, spec, n, err, c.spec, c.want)
			}
		})
	}
	for _, words := range [][]string{{"-x0"}, {"-x", "65"}, {"-s", "0"}, {"-s", "100", "-x", "4"}, {"-x", "many"}} {
		parsed(t, words, func(ctx *cli.Context) {
			if _, _, err := connectionsOf(ctx); err == nil || !strings.Contains(err.Error(), "want 1 to 64") {
				t.Errorf("%q: %v, want a range error", words, err)
			}
		})
	}
}

func TestConnSpecCount(t *testing.T) {
	for _, c := range []struct {
		spec connSpec
		def  int
		want int
	}{
		{connSpec{}, 4, 4}, {connSpec{x: 1}, 4, 1}, {connSpec{s: 5}, 4, 5},
		{connSpec{x: 16, s: 5}, 4, 5}, {connSpec{x: 3, s: 5}, 4, 3},
	} {
		if got := c.spec.count(c.def); got != c.want {
			t.Errorf("%+v.count(%d) = %d, want %d", c.spec, c.def, got, c.want)
		}
	}
}

func TestConflicts(t *testing.T) {
	refused := []struct {
		words []string
		names []string
	}{
		{[]string{"--restart", "--no-restart"}, []string{"--restart", "--no-restart"}},
		{[]string{"--restart", "-c"}, []string{"--restart", "-c/--continue"}},
		{[]string{"--allow-overwrite", "--auto-file-renaming"}, []string{"--allow-overwrite", "--auto-file-renaming"}},
		{[]string{"--allow-overwrite", "--auto-file-renaming=true"}, []string{"--allow-overwrite", "--auto-file-renaming"}},
		{[]string{"-q", "--progress=bar"}, []string{"-q/--quiet", "--progress=bar"}},
		{[]string{"-q", "--progress", "json"}, []string{"-q/--quiet", "--progress=json"}},
	}
	for _, c := range refused {
		parsed(t, c.words, func(ctx *cli.Context) {
			err := checkConflicts(ctx)
			if err == nil {
				t.Errorf("%q: accepted", c.words)
				return
			}
			for _, n := range c.names {
				if !strings.Contains(err.Error(), n) {
					t.Errorf("%q: %q does not name %s", c.words, err, n)
				}
			}
		})
	}
	for _, words := range [][]string{
		{"--allow-overwrite"},                                 // renaming is on by default: overwrite wins, as in aria2
		{"--allow-overwrite", "--auto-file-renaming=false"},   // consistent
		{"--restart", "--no-journal"},                         // start over and keep no journal
		{"--restart=false", "--no-restart"},                   // not both asked
		{"-q", "--progress=none"}, {"-q"}, {"--progress=bar"}, // nothing contradicts
		{"-c", "--no-restart"},
	} {
		parsed(t, words, func(ctx *cli.Context) {
			if err := checkConflicts(ctx); err != nil {
				t.Errorf("%q: refused: %v", words, err)
			}
		})
	}
}

func TestParseFileAllocation(t *testing.T) {
	for _, s := range []string{"", "none", "prealloc", "trunc", "falloc"} {
		if got, err := parseFileAllocation(s); err != nil || got != s {
			t.Errorf("%q: %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"NONE", "fallocate", "sparse", " none"} {
		if _, err := parseFileAllocation(s); err == nil || !strings.Contains(err.Error(), "none, prealloc, trunc or falloc") {
			t.Errorf("%q: %v, want the list of modes", s, err)
		}
	}
}
