// Tests of the flags whose names are worked out once: every option of the
// command is one, and each reads, helps and acts as the flag it wraps.

package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// unwrapped is the flag a namedOnce flag wraps, or f itself.
func unwrappedFlag(f cli.Flag) cli.Flag {
	switch f := f.(type) {
	case *namedBool:
		return f.BoolFlag
	case *namedInt:
		return f.IntFlag
	case *namedString:
		return f.StringFlag
	case *namedStringSlice:
		return f.StringSliceFlag
	case *namedFloat64:
		return f.Float64Flag
	}
	return f
}

// TestFlagsNamedOnce: every option of the command answers its names from
// the list made once (a kind of flag namedOnce does not know would cost
// every lookup a regular expression again), the same names and the same
// help as the flag it wraps.
func TestFlagsNamedOnce(t *testing.T) {
	for _, f := range appFlags() {
		inner := unwrappedFlag(f)
		if inner == f {
			t.Errorf("%T %v: not wrapped by namedOnce", f, f.Names())
			continue
		}
		if !reflect.DeepEqual(f.Names(), inner.Names()) {
			t.Errorf("%v: names %v, want %v", inner.Names(), f.Names(), inner.Names())
		}
		if got, want := optionHelp(f, 80), optionHelp(inner, 80); got != want {
			t.Errorf("help of %v:\n%s\nwant\n%s", inner.Names(), got, want)
		}
	}
}

// TestFlagsNamedOnceRun: wrapped flags are parsed, found set by any of
// their names, and run their actions.
func TestFlagsNamedOnceRun(t *testing.T) {
	acted := false
	flags := namedOnce([]cli.Flag{
		&cli.IntFlag{Name: "connections", Aliases: []string{"x"}, Value: 4},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Action: func(*cli.Context, bool) error { acted = true; return nil }},
		&cli.StringSliceFlag{Name: "header"},
		&cli.Float64Flag{Name: "ratio"},
		&cli.StringFlag{Name: "dir", Aliases: []string{"d"}, Value: "."},
	})
	var got []any
	app := &cli.App{Name: "t", Flags: flags, HideHelp: true, HideVersion: true, Action: func(c *cli.Context) error {
		got = []any{c.Int("connections"), c.IsSet("x"), c.IsSet("connections"), c.Bool("q"), c.StringSlice("header"), c.Float64("ratio"), c.String("dir"), c.IsSet("d")}
		return nil
	}}
	if err := app.Run([]string{"t", "-x", "8", "-q", "--header", "A: b", "--ratio", "0.5"}); err != nil {
		t.Fatal(err)
	}
	want := []any{8, true, true, true, []string{"A: b"}, 0.5, ".", false}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read %v, want %v", got, want)
	}
	if !acted {
		t.Error("the action of -q did not run")
	}
}

// TestFlagsHelpGroups: each option keeps its group in --help though
// urfave/cli no longer sees it, and urfave/cli lays out no category of its
// own as the program starts (it would write every option's help text, for
// templates slget does not use).
func TestFlagsHelpGroups(t *testing.T) {
	app := &cli.App{Name: "t", Flags: appFlags(), HideHelp: true, HideVersion: true}
	app.Setup()
	if cats := app.VisibleFlagCategories(); len(cats) != 0 {
		t.Errorf("urfave/cli made %d flag categories at start, want none", len(cats))
	}
	for _, c := range []struct{ flag, group string }{
		{"connections", catConnections}, {"continue", catResume}, {"quiet", catPrinting}, {"header", catRequests},
	} {
		var got string
		for _, f := range app.Flags {
			if f.Names()[0] == c.flag {
				got = helpGroupOf(f)
			}
		}
		if got != c.group {
			t.Errorf("--%s is in group %q, want %q", c.flag, got, c.group)
		}
	}
	help := optionsHelp(app.Flags, helpWidth)
	conn, out, x := strings.Index(help, "   "+catConnections+":\n"), strings.Index(help, "   "+catOutput+":\n"), strings.Index(help, "-x, --connections")
	if conn < 0 || out < 0 || x < conn || x > out {
		t.Errorf("-x is not listed under %q (at %d, group at %d, next at %d):\n%s", catConnections, x, conn, out, help)
	}
}
