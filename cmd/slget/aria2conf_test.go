// Tests of aria2.conf: the file's rules as aria2c reads it, where it is
// looked for, the command line over it, and a deployment's file starting
// the daemon.

package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// writeConf writes a configuration file into a new folder and returns its
// path.
func writeConf(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestConfFile downloads with options from a file written as aria2c reads
// one: comments, blank lines, spaces around names and values, CRLF,
// ${HOME} in a path, a switch without a value, a header twice; and the
// command line over it.
func TestConfFile(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20+5))
	home := t.TempDir()
	t.Setenv("HOME", home)
	dir := filepath.Join(home, "dl")
	conf := writeConf(t, "aria2.conf", "# a comment\n"+
		"\n"+
		"   \t\n"+
		"  # an indented comment\n"+
		" dir = ${HOME}/dl\r\n"+
		"out=from-conf.bin\n"+
		"user-agent = conf agent/1.0  \n"+
		"header=X-One: 1\n"+
		"header=X-Two: 2\n"+
		"max-connection-per-server=2\n"+
		"json\n"+
		"disable-ipv6=true\n"+
		"bt-tracker=\n"+
		"seed-ratio=1.0\n")
	r := runSlget(t, "--conf-path", conf, "-o", "from-cmdline.bin", "--header", "X-Three: 3", srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d, want 0", r.code)
	}
	if got := fileSHA(t, filepath.Join(dir, "from-cmdline.bin")); got != srv.Content().SHA256() {
		t.Fatal("the file's bytes differ from the origin's")
	}
	mustNotExist(t, filepath.Join(dir, "from-conf.bin"))
	for _, q := range srv.Requests() {
		if ua := q.Header.Get("User-Agent"); ua != "conf agent/1.0" {
			t.Fatalf("User-Agent %q, want the file's", ua)
		}
		if q.Header.Get("X-One") != "1" || q.Header.Get("X-Two") != "2" || q.Header.Get("X-Three") != "3" {
			t.Fatalf("headers %v, want both of the file's and the command line's (they add up, as in aria2c)", q.Header)
		}
	}
	if !strings.Contains(r.stdout, `"sha256":"`+srv.Content().SHA256()) {
		t.Fatalf("the file's switch json (a line without =) was not applied: %s", r.stdout)
	}
	if !strings.Contains(r.stderr, "2 of aria2c's options that slget does not have") || !strings.Contains(r.stderr, "bt-tracker, seed-ratio") {
		t.Fatalf("the file's BitTorrent options are not named once: %s", r.stderr)
	}
	if strings.Count(r.stderr, "--disable-ipv6=true (aria2c's) is accepted and not applied") != 1 {
		t.Fatalf("the file's ignored option does not get its one note: %s", r.stderr)
	}
}

// TestConfErrors: each error names the file and the line, exit 28.
func TestConfErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"dir=/tmp\n\n# c\nfoo=bar\n", ":4: unknown option \"foo\""},
		{"max-tres=3\n", ":1: unknown option \"max-tres\": did you mean max-tries?"},
		{"# x\nmax-tries=many\n", ":2: max-tries=many: want a whole number"},
		{"continue=maybe\n", ":1: continue=maybe: want true or false"},
		{"max-tries=-2\n", ":1: --max-tries -2: want 0 (no limit) or more"},
		{"conf-path=/etc/other.conf\n", ":1: conf-path: not in a configuration file"},
		{"x=4\n", ":1: unknown option \"x\""},
	} {
		conf := writeConf(t, "aria2.conf", c.text)
		r := runSlget(t, "--conf-path="+conf, "http://127.0.0.1:1/f")
		if r.code != exitBadOption || !strings.Contains(r.stderr, "aria2.conf"+c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 28 and %q", c.text, r.code, r.stderr, "aria2.conf"+c.want)
		}
	}
	r := runSlget(t, "--conf-path="+filepath.Join(t.TempDir(), "none.conf"), "http://127.0.0.1:1/f")
	if r.code != exitBadOption || !strings.Contains(r.stderr, "none.conf: no such file") {
		t.Errorf("a missing --conf-path: exit %d, %q", r.code, r.stderr)
	}
}

// TestConfDefaultPath: without --conf-path, ~/.aria2/aria2.conf when it
// exists, else $XDG_CONFIG_HOME/aria2/aria2.conf (an absolute one), else
// ~/.config/aria2/aria2.conf; one that cannot be read is none; --no-conf
// reads none; a command reads none.
func TestConfDefaultPath(t *testing.T) {
	home, xdg := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", xdg)
	put := func(p, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	bad := func(where string) string { return "unknown-option-of-" + where + "=1\n" }
	check := func(want string, args ...string) {
		t.Helper()
		r := runSlget(t, append(args, "http://127.0.0.1:1/f")...)
		if want == "" {
			if r.code == exitBadOption || strings.Contains(r.stderr, "unknown-option-of-") {
				t.Fatalf("%q read a configuration file: %s", args, r.stderr)
			}
			return
		}
		if r.code != exitBadOption || !strings.Contains(r.stderr, "unknown-option-of-"+want) {
			t.Fatalf("%q: exit %d, %q; want the file in %s read", args, r.code, r.stderr, want)
		}
	}
	check("")
	// A default file that cannot be read is none, as for aria2c (which
	// reads only a regular file there).
	if err := os.MkdirAll(filepath.Join(xdg, "aria2/aria2.conf"), 0o700); err != nil {
		t.Fatal(err)
	}
	check("")
	os.Remove(filepath.Join(xdg, "aria2/aria2.conf"))
	put(filepath.Join(home, ".config/aria2/aria2.conf"), bad("dotconfig"))
	put(filepath.Join(xdg, "aria2/aria2.conf"), bad("xdg"))
	check("xdg")
	t.Setenv("XDG_CONFIG_HOME", "relative/dir") // aria2c takes only an absolute one
	check("dotconfig")
	put(filepath.Join(home, ".aria2/aria2.conf"), bad("home"))
	check("home")
	check("", "--no-conf")
	check("home", "--no-conf=false")
	if r := runSlget(t, "status", filepath.Join(home, "nothing")); strings.Contains(r.stderr, "unknown-option-of-") {
		t.Fatalf("slget status read the configuration file: %s", r.stderr)
	}
}

// TestConfDeployment starts the daemon with a real deployment's
// aria2.conf (testdata/p3terx, see its README), its paths rewritten to
// the test's folders as that image's entrypoint sets them up, and its
// on-download-complete hook a script that moves each finished file into
// another folder; a download added through the RPC ends there.
func TestConfDeployment(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the binary")
	}
	orig, err := os.ReadFile("testdata/p3terx/aria2.conf")
	if err != nil {
		t.Fatal(err)
	}
	base := t.TempDir()
	dl, cfgDir, done := filepath.Join(base, "Download"), filepath.Join(base, ".aria2"), filepath.Join(base, "completed")
	for _, d := range []string{dl, cfgDir, done} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(orig), "/root/Download", dl), "/root/.aria2", cfgDir)
	conf := filepath.Join(cfgDir, "aria2.conf")
	args := filepath.Join(base, "args.txt")
	writeMode(t, conf, text, 0o600)
	writeMode(t, filepath.Join(cfgDir, "aria2.session"), "", 0o600) // as the entrypoint touches it
	// The deployment's clean.sh cleans up and moves the file; this one
	// moves it, as its move.sh does, and says what it was given.
	writeMode(t, filepath.Join(cfgDir, "clean.sh"), "#!/bin/sh\necho \"$1 $2 $3\" >> '"+args+"'\nmv \"$3\" '"+done+"/'\necho moved \"$3\"\n", 0o755)
	writeMode(t, filepath.Join(cfgDir, "delete.sh"), "#!/bin/sh\necho \"stop $1 $2 $3\" >> '"+args+"'\n", 0o755)

	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20+77), fetchtest.WithPath("/pub/file.iso"))
	// The file's rpc-listen-all=true would listen beyond the loopback:
	// the command line's wins.
	d := startDaemon(t, "", "--conf-path="+conf, "--rpc-listen-all=false")
	if a := d.call(t, "aria2.getVersion"); a.Error == nil {
		t.Fatal("a call without the file's rpc-secret was answered")
	}
	d.secret = "P3TERX" // the file's
	var opts map[string]string
	d.must(t, &opts, "aria2.getGlobalOption")
	for k, want := range map[string]string{"dir": dl, "max-concurrent-downloads": "5", "rpc-max-request-size": "10485760",
		"save-session": filepath.Join(cfgDir, "aria2.session"), "max-connection-per-server": "16", "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/93.0.4577.63 Safari/537.36 Edg/93.0.961.47"} {
		if opts[k] != want {
			t.Errorf("getGlobalOption %s = %q, want the file's %q", k, opts[k], want)
		}
	}
	var gid string
	d.must(t, &gid, "aria2.addUri", []string{srv.FileURL()})
	d.waitStatus(t, gid, "complete")
	moved := filepath.Join(done, "file.iso")
	waitFile(t, moved)
	if fileSHA(t, moved) != srv.Content().SHA256() {
		t.Fatal("the moved file's bytes differ from the origin's")
	}
	mustNotExist(t, filepath.Join(dl, "file.iso"))
	got, _ := os.ReadFile(args)
	if want := gid + " 1 " + filepath.Join(dl, "file.iso") + "\n"; string(got) != want {
		t.Fatalf("the hook was given %q, want %q (on-download-complete runs instead of on-download-stop)", got, want)
	}
	for _, q := range srv.Requests() {
		if !strings.HasPrefix(q.Header.Get("User-Agent"), "Mozilla/5.0 (Windows NT 10.0") {
			t.Fatalf("User-Agent %q, want the file's", q.Header.Get("User-Agent"))
		}
	}
	if !strings.Contains(d.errText(), "on-download-complete "+gid+": moved "+filepath.Join(dl, "file.iso")) {
		t.Fatalf("the hook's output is not on the daemon's stderr:\n%s", d.errText())
	}
}

// waitFile waits for path to appear (a hook runs after the download's
// event).
func waitFile(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not appear within 30s", path)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// FuzzReadConf: any file is read or refused with its line, never a panic,
// and what is read is options of the command's table, one per line.
func FuzzReadConf(f *testing.F) {
	for _, s := range []string{"dir=/tmp\n# c\n", " max-tries = 3 \r\n", "quiet\n=x\n", "bt-tracker=\nfoo=1\n", "\ufeffheader=A: b\n", "continue=maybe"} {
		f.Add(s)
	}
	lv := level{path: "slget", flags: appFlags()}
	f.Fuzz(func(t *testing.T, text string) {
		cf, err := readConf(lv, "aria2.conf", "/home/u", strings.NewReader(text))
		if err != nil {
			var ce *confError
			if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), "aria2.conf:") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for _, o := range cf.opts {
			if !strings.HasPrefix(o.arg, "--"+o.canon+"=") || o.line < 1 {
				t.Fatalf("option %+v", o)
			}
		}
	})
}
