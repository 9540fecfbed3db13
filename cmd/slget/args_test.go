// Tests of the command-line rewriting: getopt short options, reordering,
// commands, suggestions.

package main

import (
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// testApp is the command line of run: the same flags and commands.
func testApp() *cli.App {
	con := &console{stdout: io.Discard, stderr: io.Discard}
	return &cli.App{Name: "slget", Version: "test", Flags: appFlags(), HideHelp: true, HideVersion: true,
		Commands: []*cli.Command{demoCommand(con), statusCommand(con), verifyCommand(con), helpCommand()}}
}

func normalize(t testing.TB, words ...string) ([]string, error) {
	t.Helper()
	out, err := normalizeArgs(testApp(), append([]string{"slget"}, words...))
	if err != nil {
		return nil, err
	}
	return out[1:], nil
}

const u = "http://h/f"

func TestNormalizeArgs(t *testing.T) {
	cases := []struct {
		in, want []string
	}{
		{[]string{"-x16", u}, []string{"--connections=16", "--", u}},
		{[]string{"-x", "16", u}, []string{"--connections=16", "--", u}},
		{[]string{"-x=16"}, []string{"--connections=16"}},
		{[]string{"-c=false", "-q=true"}, []string{"--continue=false", "--quiet=true"}},
		{[]string{"-j4"}, []string{"--max-concurrent-downloads=4"}},
		{[]string{"-qx", "8", u}, []string{"--quiet", "--connections=8", "--", u}},
		{[]string{"-qx8", u}, []string{"--quiet", "--connections=8", "--", u}},
		{[]string{"-cx4"}, []string{"--continue", "--connections=4"}},
		{[]string{"-qc"}, []string{"--quiet", "--continue"}},
		{[]string{"-oNAME"}, []string{"--out=NAME"}},
		{[]string{"-o-"}, []string{"--out=-"}},
		{[]string{"-o", "-"}, []string{"--out=-"}},
		{[]string{"-o", "--", u}, []string{"--out=--", "--", u}},
		{[]string{"-s", "4", "-k", "2M"}, []string{"--split=4", "--slice=2M"}},
		{[]string{"-s4", "-k2M"}, []string{"--split=4", "--slice=2M"}},
		{[]string{"--split", "4", "--min-split-size=20M"}, []string{"--split=4", "--slice=20M"}},
		{[]string{"--max-connection-per-server", "3", "-x", "5"}, []string{"--connections=3", "--connections=5"}},
		{[]string{"--out=a=b", "--header", "X-A: -b"}, []string{"--out=a=b", "--header=X-A: -b"}},
		{[]string{"--check-certificate=false", "--json"}, []string{"--check-certificate=false", "--json"}},
		{[]string{"-connections", "4", "-check-certificate=false"}, []string{"--connections=4", "--check-certificate=false"}},
		{[]string{"--x", "2"}, []string{"--connections=2"}},
		{[]string{"-i", "-"}, []string{"--input-file=-"}},
		{[]string{"-i-"}, []string{"--input-file=-"}},
		{[]string{u, "-o", "x", "-d", "/tmp"}, []string{"--out=x", "--dir=/tmp", "--", u}},
		{[]string{u, "-q", u + "2"}, []string{"--quiet", "--", u, u + "2"}},
		{[]string{"--", "-o", "x"}, []string{"--", "-o", "x"}},
		{[]string{u, "--", "-5", "-q"}, []string{"--", u, "-5", "-q"}},
		{[]string{"-5", "-q"}, []string{"--quiet", "--", "-5"}},
		{[]string{"-1.5"}, []string{"--", "-1.5"}},
		{[]string{"-"}, []string{"--", "-"}},
		{[]string{"-h"}, []string{"--help"}},
		{[]string{"-v"}, []string{"--version"}},
		{[]string{"-o", "status", u}, []string{"--out=status", "--", u}},
		{[]string{u, "demo"}, []string{"--", u, "demo"}},
		{[]string{"status", "--json", "a.part"}, []string{"status", "--json", "--", "a.part"}},
		{[]string{"status", "a.part", "--json"}, []string{"status", "--json", "--", "a.part"}},
		{[]string{"-q", "demo", "-x8", "-d", "/tmp"}, []string{"--quiet", "demo", "--connections=8", "--dir=/tmp"}},
		{[]string{"demo", "-h"}, []string{"demo", "--help"}},
		{[]string{"help", "status"}, []string{"help", "--", "status"}},
		{[]string{"h", "demo"}, []string{"h", "--", "demo"}},
		{nil, nil},
	}
	for _, c := range cases {
		got, err := normalize(t, c.in...)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if len(got) == 0 && len(c.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q\n got %q\nwant %q", c.in, got, c.want)
			continue
		}
		again, err := normalize(t, got...)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("%q normalized again: %q, %v; want it unchanged", got, again, err)
		}
	}
}

func TestNormalizeArgsErrors(t *testing.T) {
	cases := []struct {
		in   []string
		want string
	}{
		{[]string{"--conections", "4", u}, "unknown option --conections: did you mean --connections?"},
		{[]string{"--Connections=4"}, "unknown option --Connections: did you mean --connections?"},
		{[]string{"--max_tries=4"}, "did you mean --max-tries?"},
		{[]string{"--max-connections-per-server", "4"}, "did you mean --max-connection-per-server?"},
		{[]string{"--max-con", "4"}, "did you mean --max-concurrent-downloads or --max-connection-per-server?"},
		{[]string{"-X", "4"}, "unknown option -X: did you mean -x?"},
		{[]string{"-u", "agent"}, "unknown option -u: did you mean -U?"},
		{[]string{"-qX4"}, "unknown option -X (in -qX4): did you mean -x?"},
		{[]string{"-conections", "4"}, "unknown option -conections: did you mean --connections?"},
		{[]string{"--frobnicate"}, "unknown option --frobnicate (see slget --help)"},
		{[]string{"-Z"}, "unknown option -Z (see slget --help)"},
		{[]string{"-qc=false"}, "unknown option -= (in -qc=false) (see slget --help)"},
		{[]string{u, "-x"}, "option -x needs a value"},
		{[]string{"-qx"}, "option -x needs a value"},
		{[]string{"--out"}, "option --out needs a value"},
		{[]string{"demo", "--sise", "1m"}, "unknown option --sise: did you mean --size?"},
		{[]string{"demo", "--header", "a: b"}, "unknown option --header (see slget demo --help)"},
		{[]string{"status", "-x"}, "unknown option -x (see slget status --help)"},
	}
	for _, c := range cases {
		got, err := normalize(t, c.in...)
		if err == nil {
			t.Errorf("%q: accepted as %q", c.in, got)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want %q in it", c.in, err, c.want)
		}
		if exitCode(err) != exitBadOption {
			t.Errorf("%q: exit code %d, want %d", c.in, exitCode(err), exitBadOption)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"conections", "connections", 1}, {"slcie", "slice", 1},
		{"kitten", "sitting", 3}, {"ca", "abc", 3}, {"été", "ete", 2},
	} {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// FuzzNormalizeArgs: any words are rewritten or refused, never a panic;
// what comes out is stable (normalizing it again changes nothing) and every
// word before the arguments is a "--name" option.
func FuzzNormalizeArgs(f *testing.F) {
	for _, s := range []string{
		"-x16\nhttp://h/f", "-qx\n8", "-cx4", "-oNAME", "-o-", "--\n-o", "http://h/f\n-o\nx",
		"status\na\n--json", "help\nstatus", "-5", "-", "--out=a=b", "-conections", "-qX", "-é",
		"demo\n-x8", "-x=", "--=x", "---x", "-\xff", "-i\n-\nhttp://h/f",
	} {
		f.Add(s)
	}
	app := testApp()
	f.Fuzz(func(t *testing.T, s string) {
		words := strings.Split(s, "\n")
		if s == "" {
			words = nil
		}
		out, err := normalizeArgs(app, append([]string{"slget"}, words...))
		if err != nil {
			return
		}
		again, err := normalizeArgs(app, out)
		if err != nil {
			t.Fatalf("%q gave %q, which is refused: %v", words, out, err)
		}
		if !reflect.DeepEqual(again, out) {
			t.Fatalf("%q gave %q, then %q", words, out, again)
		}
		for _, w := range out[1:] {
			if w == "--" {
				break
			}
			if !strings.HasPrefix(w, "--") && findCommand(app.Commands, w) == nil {
				t.Fatalf("%q gave %q: %q is neither an option nor a command", words, out, w)
			}
		}
	})
}
