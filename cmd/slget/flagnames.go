// Flags whose names are worked out once: urfave/cli asks every flag for its
// names each time it looks one up, and each answer runs a regular
// expression; before any download, it looks up every name of every flag
// among all flags (its flag actions), which for slget's hundred options was
// most of the time the command took to start.

package main

import "github.com/urfave/cli/v2"

// The wrappers keep every method of the flag but Names, so that
// urfave/cli's interfaces (help, values, actions, categories) see the same
// flag.
type (
	namedBool struct {
		*cli.BoolFlag
		names []string
	}
	namedInt struct {
		*cli.IntFlag
		names []string
	}
	namedString struct {
		*cli.StringFlag
		names []string
	}
	namedStringSlice struct {
		*cli.StringSliceFlag
		names []string
	}
	namedFloat64 struct {
		*cli.Float64Flag
		names []string
	}
)

func (f *namedBool) Names() []string        { return f.names }
func (f *namedInt) Names() []string         { return f.names }
func (f *namedString) Names() []string      { return f.names }
func (f *namedStringSlice) Names() []string { return f.names }
func (f *namedFloat64) Names() []string     { return f.names }

// namedOnce returns flags with each flag of a known kind replaced by one
// that answers Names from a list made now; other kinds stay as they are.
func namedOnce(flags []cli.Flag) []cli.Flag {
	out := make([]cli.Flag, len(flags))
	for i, f := range flags {
		names := f.Names()
		switch f := f.(type) {
		case *cli.BoolFlag:
			out[i] = &namedBool{f, names}
		case *cli.IntFlag:
			out[i] = &namedInt{f, names}
		case *cli.StringFlag:
			out[i] = &namedString{f, names}
		case *cli.StringSliceFlag:
			out[i] = &namedStringSlice{f, names}
		case *cli.Float64Flag:
			out[i] = &namedFloat64{f, names}
		default:
			out[i] = f
		}
	}
	return out
}

// isIntFlag reports whether f is an integer option, wrapped or not.
func isIntFlag(f cli.Flag) bool {
	switch f.(type) {
	case *cli.IntFlag, *namedInt:
		return true
	}
	return false
}
