// Empty values and lists in serve's flags, as systemd gives them: it
// expands --max-size=${SLGET_MAX_SIZE} to --max-size= when the environment
// file leaves the variable out or empty, and the service must start all
// the same, with the default; --allow=${SLGET_ALLOW} may list several.

package main

import (
	"strings"
	"unicode"

	"github.com/urfave/cli/v2"
)

// emptyMeansDefault gives each string flag of c's command that was given
// an empty value its default, as if it had been left out. A token stays as
// given: an empty one is refused (readToken), not taken for none.
func emptyMeansDefault(c *cli.Context) error {
	for _, f := range c.Command.Flags {
		sf, ok := f.(*cli.StringFlag)
		if !ok || !c.IsSet(sf.Name) || strings.TrimSpace(c.String(sf.Name)) != "" || strings.HasSuffix(sf.Name, "token") {
			continue
		}
		if err := c.Set(sf.Name, sf.Value); err != nil {
			return err
		}
	}
	return nil
}

// listValues is the values of a repeatable flag, each split at commas
// and spaces, without the empty ones: --allow=a.example,b.example from a
// variable of the unit's environment file that lists several (the
// command turns urfave/cli's own splitting off), and --peer= from an
// empty one.
func listValues(l []string) []string {
	var out []string
	for _, s := range l {
		out = append(out, strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })...)
	}
	return out
}
