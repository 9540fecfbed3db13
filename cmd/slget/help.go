// The text of slget --help: options grouped, short names first, usage
// wrapped beside them so that it reads in an 80-column terminal.

package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// helpWidth is the width --help is wrapped to.
const helpWidth = 80

// appHelpHead is urfave/cli's help template up to the options, which
// optionsHelp writes.
const appHelpHead = `NAME:
   {{template "helpNameTemplate" .}}

USAGE:
   {{wrap .UsageText 3}}

VERSION:
   {{.Version}}

DESCRIPTION:
   {{template "descriptionTemplate" .}}{{if .VisibleCommands}}

COMMANDS:{{template "visibleCommandCategoryTemplate" .}}{{end}}

OPTIONS:
`

// appHelpTemplate is the help template of an app: its options in the
// groups their Category names, which appHelpOptions lays out.
const appHelpTemplate = appHelpHead + `{{index ExtraInfo "options"}}`

// appHelpOptions is the app's ExtraInfo: the options as --help shows
// them. urfave/cli calls it only when it prints the help, so a download
// does not lay out a hundred options it never shows.
func appHelpOptions(app *cli.App) func() map[string]string {
	return func() map[string]string {
		return map[string]string{"options": optionsHelp(app.Flags, helpWidth)}
	}
}

// helpCommand is "slget help [COMMAND]", in place of urfave/cli's, which
// comes with its shared help flag.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "show the help of slget or of one command",
		ArgsUsage: "[COMMAND]",
		HideHelp:  true,
		// Its own -h/--help, as every command's: "slget help --help" is
		// the help of help, not an unknown option.
		Flags: []cli.Flag{&cli.BoolFlag{Name: "help", Aliases: []string{"h"}, Usage: "show this help"}},
		Action: func(c *cli.Context) error {
			parent := c.Lineage()[1]
			name := c.Args().First()
			if c.Bool("help") && name == "" {
				return cli.ShowCommandHelp(parent, "help")
			}
			if name == "" {
				return cli.ShowAppHelp(parent)
			}
			if findCommand(parent.App.Commands, name) == nil {
				return withCode(exitBadOption, fmt.Errorf("help %s: no such command (see slget --help)", name))
			}
			return cli.ShowCommandHelp(parent, name)
		},
	}
}

// optionsHelp lays out flags by category, in the order categories first
// appear; flags without one come last, under "Other".
func optionsHelp(flags []cli.Flag, width int) string {
	var order []string
	groups := map[string][]cli.Flag{}
	for _, f := range flags {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
			continue
		}
		cat := helpGroupOf(f)
		if cat == "" {
			cat = "Other"
		}
		if _, seen := groups[cat]; !seen {
			order = append(order, cat)
		}
		groups[cat] = append(groups[cat], f)
	}
	if i := indexOf(order, "Other"); i >= 0 {
		order = append(append(order[:i:i], order[i+1:]...), "Other")
	}
	var b strings.Builder
	for i, cat := range order {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("   " + cat + ":\n")
		for _, f := range groups[cat] {
			b.WriteString(optionHelp(f, width))
		}
	}
	return b.String()
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

// optionHelp is one option: "-x, --connections, --max-connection-per-server N"
// and its usage, on the same line when the names are short enough.
func optionHelp(f cli.Flag, width int) string {
	const indent, col = 5, 34 // names start at indent, usage at col
	var shorts, longs []string
	for _, n := range f.Names() {
		if len(n) == 1 {
			shorts = append(shorts, "-"+n)
		} else {
			longs = append(longs, "--"+n)
		}
	}
	names := strings.Join(append(shorts, longs...), ", ")
	if len(shorts) == 0 {
		names = "    " + names // line the long names up under those after a short one
	}
	usage, placeholder, def, takesValue := "", "", "", false
	if d, ok := f.(cli.DocGenerationFlag); ok {
		placeholder, usage = unquoteUsage(d.GetUsage())
		takesValue = d.TakesValue()
		def = d.GetDefaultText()
		if u, err := strconv.Unquote(def); err == nil {
			def = u
		}
	}
	if takesValue {
		if placeholder == "" {
			placeholder = "VALUE"
		}
		names += " " + placeholder
	}
	isInt := isIntFlag(f)
	if def != "" && def != "false" && (def != "0" || !isInt) {
		usage += " (default: " + def + ")"
	}
	var b strings.Builder
	line := strings.Repeat(" ", indent) + names
	if len(line)+2 > col {
		b.WriteString(line + "\n")
		line = ""
	}
	for _, w := range wrapWords(usage, width-col) {
		b.WriteString(line + strings.Repeat(" ", col-len(line)) + w + "\n")
		line = ""
	}
	return b.String()
}

// unquoteUsage takes the placeholder out of backquotes, as urfave/cli does:
// "`N` connections" is placeholder "N" and usage "N connections".
func unquoteUsage(usage string) (placeholder, text string) {
	i := strings.IndexByte(usage, '`')
	if i < 0 {
		return "", usage
	}
	j := strings.IndexByte(usage[i+1:], '`')
	if j < 0 {
		return "", usage
	}
	name := usage[i+1 : i+1+j]
	return name, usage[:i] + name + usage[i+1+j+1:]
}

// wrapWords breaks s into lines of at most width bytes, at spaces (a longer
// word stands alone on its line).
func wrapWords(s string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = w
		case len(cur)+1+len(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}
