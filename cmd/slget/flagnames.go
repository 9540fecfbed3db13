// Flags whose names are worked out once, and whose --help group urfave/cli
// does not see: urfave/cli asks every flag for its names each time it looks
// one up, and each answer runs a regular expression; before any download,
// it looks up every name of every flag among all flags (its flag actions),
// which for slget's hundred options was most of the time the command took
// to start. It also wrote every grouped flag's help text at start, for
// templates slget does not use.

package main

import "github.com/urfave/cli/v2"

// The wrappers keep every method of the flag but Names, so that
// urfave/cli's interfaces (values, actions, usage) see the same flag. The
// flag's help group moves into the wrapper (see namedOnce).
type (
	namedBool struct {
		*cli.BoolFlag
		named
	}
	namedInt struct {
		*cli.IntFlag
		named
	}
	namedString struct {
		*cli.StringFlag
		named
	}
	namedStringSlice struct {
		*cli.StringSliceFlag
		named
	}
	namedFloat64 struct {
		*cli.Float64Flag
		named
	}
)

// named is what a wrapper keeps of its flag: its names and its help group.
type named struct {
	names []string
	group string
}

func (f *namedBool) Names() []string        { return f.names }
func (f *namedInt) Names() []string         { return f.names }
func (f *namedString) Names() []string      { return f.names }
func (f *namedStringSlice) Names() []string { return f.names }
func (f *namedFloat64) Names() []string     { return f.names }

// helpGroup is the group --help lists the flag in.
func (n named) helpGroup() string { return n.group }

// namedOnce returns flags with each flag of a known kind replaced by one
// that answers Names from a list made now; other kinds stay as they are.
//
// The list is the name and the aliases as written: urfave/cli's Names would
// also cut each at a comma or a space, which no slget name has (the test
// compares the two), and its regular expression cost a tenth of a
// millisecond per start over all the flags.
//
// The flag's Category moves to the wrapper, where optionsHelp finds it:
// urfave/cli lays out every flag of a category in its own help text as the
// program starts, for help templates slget does not use, which took another
// quarter of a millisecond. The flags are the caller's own (appFlags makes
// them anew for each run), so clearing the field touches no other run.
func namedOnce(flags []cli.Flag) []cli.Flag {
	out := make([]cli.Flag, len(flags))
	for i, f := range flags {
		switch f := f.(type) {
		case *cli.BoolFlag:
			out[i] = &namedBool{f, takeNames(f.Name, f.Aliases, &f.Category)}
		case *cli.IntFlag:
			out[i] = &namedInt{f, takeNames(f.Name, f.Aliases, &f.Category)}
		case *cli.StringFlag:
			out[i] = &namedString{f, takeNames(f.Name, f.Aliases, &f.Category)}
		case *cli.StringSliceFlag:
			out[i] = &namedStringSlice{f, takeNames(f.Name, f.Aliases, &f.Category)}
		case *cli.Float64Flag:
			out[i] = &namedFloat64{f, takeNames(f.Name, f.Aliases, &f.Category)}
		default:
			out[i] = f
		}
	}
	return out
}

// takeNames is a flag's name, then its aliases, and the category it takes
// from the flag.
func takeNames(name string, aliases []string, category *string) named {
	n := named{names: append([]string{name}, aliases...), group: *category}
	*category = ""
	return n
}

// helpGroupOf is the group --help lists f in: its wrapper's, or its own
// Category; "" for none.
func helpGroupOf(f cli.Flag) string {
	if g, ok := f.(interface{ helpGroup() string }); ok {
		return g.helpGroup()
	}
	if c, ok := f.(cli.CategorizableFlag); ok {
		return c.GetCategory()
	}
	return ""
}

// isIntFlag reports whether f is an integer option, wrapped or not.
func isIntFlag(f cli.Flag) bool {
	switch f.(type) {
	case *cli.IntFlag, *namedInt:
		return true
	}
	return false
}
