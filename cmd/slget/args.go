// The words of the command line before urfave/cli parses them: getopt-style
// short options, options after URLs, unknown options with a suggestion.

package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
)

// normalizeArgs rewrites args (args[0] is the program name) into a form
// urfave/cli parses the way an aria2c or curl user means it:
//
//   - short options are read as getopt reads them: "-x16" and "-x 16" are
//     the same, "-qx8" and "-qx 8" are "-q -x 8", "-oNAME" is "-o NAME";
//     "-x=16" is "-x 16" and "-c=false" sets -c to false (as Go's flag
//     package read them, not as getopt would);
//   - a single-dash word that is a whole long name ("-connections 4",
//     "-check-certificate=false") is that long option, as Go's flag package
//     allowed, rather than a bundle of short options;
//   - "--name=value" and "--name value" both work;
//   - options after the URLs move in front of them, as aria2c and curl
//     allow; "--" ends the options, and a lone "-" or a negative number is
//     an argument;
//   - the first argument that names one of app's commands starts that
//     command, whose own options are read the same way;
//   - an unknown option is refused with a suggestion of the nearest known one.
//
// Every option comes out under its canonical (first) name with its value
// glued by "=", so aliases never collide ("-x 4 --max-connection-per-server
// 8": the last one wins, as with aria2c) and the output reads the same when
// normalized again. It calls app.Setup, which RunContext would do anyway,
// so that the help command and flags are known.
func normalizeArgs(app *cli.App, args []string) ([]string, error) {
	if len(args) == 0 {
		return args, nil
	}
	app.Setup()
	lv := level{path: app.Name, flags: app.Flags, commands: app.Commands, help: !app.HideHelp}
	out, err := lv.rewrite(args[1:])
	if err != nil {
		return nil, withCode(exitBadOption, err)
	}
	return append([]string{args[0]}, out...), nil
}

// level is the options and commands of the program or of one command.
type level struct {
	path     string // "slget" or "slget demo", for messages
	flags    []cli.Flag
	commands []*cli.Command
	help     bool // -h/--help is known here
}

// option is one known flag of a level.
type option struct {
	canon      string // the name it is passed on under
	takesValue bool
}

func (lv level) options() map[string]option {
	flags := lv.flags
	if lv.help && cli.HelpFlag != nil {
		flags = append(flags[:len(flags):len(flags)], cli.HelpFlag)
	}
	m := make(map[string]option)
	for _, f := range flags {
		names := f.Names()
		if len(names) == 0 {
			continue
		}
		o := option{canon: names[0]}
		if tv, ok := f.(cli.DocGenerationFlag); ok {
			o.takesValue = tv.TakesValue()
		}
		for _, n := range names {
			if _, dup := m[n]; !dup {
				m[n] = o
			}
		}
	}
	return m
}

// rewrite normalizes the words that follow this level's name.
func (lv level) rewrite(words []string) ([]string, error) {
	known := lv.options()
	var opts, pos []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		next := func() (string, bool) {
			if i+1 < len(words) {
				i++
				return words[i], true
			}
			return "", false
		}
		switch {
		case w == "--":
			pos = append(pos, words[i+1:]...)
			i = len(words)
		case isArgument(w, known):
			if len(pos) == 0 {
				if cmd := findCommand(lv.commands, w); cmd != nil {
					sub := level{path: lv.path + " " + cmd.Name, flags: cmd.Flags, commands: cmd.Subcommands, help: !cmd.HideHelp}
					rest, err := sub.rewrite(words[i+1:])
					if err != nil {
						return nil, err
					}
					return append(append(opts, w), rest...), nil
				}
			}
			pos = append(pos, w)
		case strings.HasPrefix(w, "--"):
			o, err := lv.long(known, w, "--", next)
			if err != nil {
				return nil, err
			}
			opts = append(opts, o)
		default:
			if name, _, _ := strings.Cut(w[1:], "="); utf8.RuneCountInString(name) > 1 {
				if _, ok := known[name]; ok {
					o, err := lv.long(known, w, "-", next)
					if err != nil {
						return nil, err
					}
					opts = append(opts, o)
					continue
				}
				if s := lv.nearLong(known, name); s != "" && looksLikeName(name) {
					// "-conections" would read as "-c -o nections": surely
					// not what was meant.
					return nil, fmt.Errorf("unknown option %s: did you mean %s?", w, s)
				}
			}
			o, err := lv.cluster(known, w, next)
			if err != nil {
				return nil, err
			}
			opts = append(opts, o...)
		}
	}
	if len(pos) > 0 {
		opts = append(append(opts, "--"), pos...)
	}
	return opts, nil
}

// isArgument reports whether w is not an option: it does not start with a
// dash, is a lone "-", or is a negative number (when no short option is a
// digit).
func isArgument(w string, known map[string]option) bool {
	if w == "-" || !strings.HasPrefix(w, "-") {
		return true
	}
	if c := w[1]; c >= '0' && c <= '9' || c == '.' {
		_, isFlag := known[w[1:2]]
		return !isFlag
	}
	return false
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// long reads one long option, written with dash ("--" or "-").
func (lv level) long(known map[string]option, w, dash string, next func() (string, bool)) (string, error) {
	name, value, hasValue := strings.Cut(w[len(dash):], "=")
	o, ok := known[name]
	if !ok {
		return "", lv.unknown(known, dash+name, name)
	}
	if hasValue {
		return "--" + o.canon + "=" + value, nil
	}
	if !o.takesValue {
		return "--" + o.canon, nil
	}
	v, ok := next()
	if !ok {
		return "", fmt.Errorf("option %s%s needs a value (see %s --help)", dash, name, lv.path)
	}
	return "--" + o.canon + "=" + v, nil
}

// cluster reads a bundle of short options as getopt does: "-qcx8" is -q,
// -c and -x 8; the first option that takes a value takes the rest of the
// word, or the next word when the rest is empty.
func (lv level) cluster(known map[string]option, w string, next func() (string, bool)) ([]string, error) {
	var out []string
	body := w[1:]
	for j := 0; j < len(body); {
		r, size := utf8.DecodeRuneInString(body[j:])
		name := body[j : j+size]
		j += size
		o, ok := known[name]
		if !ok || r == '=' {
			written := "-" + name
			if len(body) > size {
				written += " (in " + w + ")"
			}
			return nil, lv.unknown(known, written, name)
		}
		if !o.takesValue {
			if j == size && strings.HasPrefix(body[j:], "=") {
				return []string{"--" + o.canon + body[j:]}, nil // "-c=false", as Go's flag package read it
			}
			out = append(out, "--"+o.canon)
			continue
		}
		v := strings.TrimPrefix(body[j:], "=")
		if j == len(body) {
			var ok bool
			if v, ok = next(); !ok {
				return nil, fmt.Errorf("option -%s needs a value (see %s --help)", name, lv.path)
			}
		}
		return append(out, "--"+o.canon+"="+v), nil
	}
	return out, nil
}

// unknown is the error for an option this level does not have, written as
// the user wrote it, with the nearest known option when one is near enough.
func (lv level) unknown(known map[string]option, written, name string) error {
	s := ""
	if utf8.RuneCountInString(name) == 1 {
		s = nearShort(known, name)
	} else {
		s = lv.nearLong(known, name)
	}
	if s != "" {
		return fmt.Errorf("unknown option %s: did you mean %s?", written, s)
	}
	return fmt.Errorf("unknown option %s (see %s --help)", written, lv.path)
}

// nearShort suggests the short option that differs only in case ("-X": -x).
func nearShort(known map[string]option, name string) string {
	for _, c := range []string{strings.ToLower(name), strings.ToUpper(name)} {
		if _, ok := known[c]; ok && c != name {
			return "-" + c
		}
	}
	return ""
}

// nearLong suggests the long option nearest to name: the one name is a
// unique prefix of, else the one fewest edits away when that is close
// enough to be a typo. It returns "" when nothing is near.
func (lv level) nearLong(known map[string]option, name string) string {
	name = strings.ToLower(strings.ReplaceAll(name, "_", "-"))
	best, bestD, prefixOf := "", 1<<30, []string{}
	for n := range known {
		if utf8.RuneCountInString(n) < 2 {
			continue
		}
		if len(name) >= 3 && strings.HasPrefix(n, name) {
			prefixOf = append(prefixOf, n)
		}
		if d := editDistance(name, n); d < bestD || d == bestD && n < best {
			best, bestD = n, d
		}
	}
	if len(prefixOf) > 0 && len(prefixOf) <= 3 {
		sort.Strings(prefixOf)
		return "--" + strings.Join(prefixOf, " or --")
	}
	limit := 1 // edits a typo may make, by length
	if n := utf8.RuneCountInString(name); n >= 12 {
		limit = 3
	} else if n >= 5 {
		limit = 2
	}
	if best == "" || bestD > limit {
		return ""
	}
	return "--" + best
}

// looksLikeName reports whether s could be a misspelt long option name
// rather than a bundle of short options with a value: letters and dashes
// only, four or more.
func looksLikeName(s string) bool {
	if len(s) < 4 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-') {
			return false
		}
	}
	return true
}

// editDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and swaps of neighbours), by runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		if a == b {
			return 0
		}
		return 1 << 20 // too long to be a typo of an option name
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
