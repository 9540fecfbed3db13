// Tests of the -i FILE parser: aria2's input-file format, bad lines,
// warnings, and a fuzz target with a round trip.

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

const sha0 = "0000000000000000000000000000000000000000000000000000000000000000"

// parseString parses an -i file held in s.
func parseString(t testing.TB, s string) inputFile {
	t.Helper()
	in, err := parseInputFile(strings.NewReader(s))
	if err != nil {
		t.Fatalf("parseInputFile: %v", err)
	}
	return in
}

// summary is an inputFile in a form a table can state: entries as
// "LINE URI [name=value ...]", notes as "LINE: message".
func summary(in inputFile) (entries, bad, warnings []string) {
	for _, e := range in.entries {
		s := fmt.Sprintf("%d %s", e.line, strings.Join(e.uris, " | "))
		if len(e.opts.Raw) > 0 {
			s += " " + fmt.Sprint(e.opts.Raw)
		}
		entries = append(entries, s)
	}
	for _, n := range in.bad {
		bad = append(bad, fmt.Sprintf("%d: %s", n.line, n.msg))
	}
	for _, n := range in.warnings {
		warnings = append(warnings, fmt.Sprintf("%d: %s", n.line, n.msg))
	}
	return
}

func TestParseInputFile(t *testing.T) {
	cases := []struct {
		name     string
		in       string
		entries  []string
		bad      []string // each a prefix of the message
		warnings []string // each a prefix of the message
	}{
		{name: "empty", in: ""},
		{name: "comments and blank lines", in: "# a list\n\n   \n\t# indented comment\n"},
		{name: "one URL, no newline at the end", in: "http://h/a", entries: []string{"1 http://h/a"}},
		{
			name: "options under URLs",
			in: "# isos\nhttp://h/a\n  out=a.iso\n\tdir=/srv\n  checksum=sha-256=" + sha0 + "\n" +
				"  header=X-A: 1\n  header=X-B: 2\n\n  split=3\n  # a comment between options\n  max-connection-per-server=2\nhttp://h/b\n",
			entries: []string{"2 http://h/a [out=a.iso dir=/srv checksum=sha-256=" + sha0 + " header=X-A: 1 header=X-B: 2 split=3 max-connection-per-server=2]", "12 http://h/b"},
		},
		{name: "byte-order mark", in: "\uFEFFhttp://h/a\n  out=x\n", entries: []string{"1 http://h/a [out=x]"}},
		{name: "byte-order mark only at the start", in: "http://h/a\n\uFEFFhttp://h/b\n", entries: []string{"1 http://h/a"}, bad: []string{`2: "\ufeffhttp://h/b" is not a valid URL`}},
		{name: "CRLF", in: "http://h/a\r\n  out=x\r\n\r\nhttp://h/b\r\n", entries: []string{"1 http://h/a [out=x]", "4 http://h/b"}},
		{name: "spaces around name and value", in: "http://h/a\n  out = x.bin  \n", entries: []string{"1 http://h/a [out=x.bin]"}},
		{
			name:    "mirrors",
			in:      "http://h/a\thttp://m/a\t\n  out=x\nhttp://h/b\thttp://m/b\thttp://n/b\n",
			entries: []string{"1 http://h/a | http://m/a [out=x]", "3 http://h/b | http://m/b | http://n/b"},
		},
		{name: "option before any URL", in: "  out=x\nhttp://h/a\n", entries: []string{"2 http://h/a"}, bad: []string{`1: option "out=x" before any URL`}},
		{
			name:    "not a URL",
			in:      "http://h/a\ngopher://h/b\n  out=b\n  nonsense\nhttp://h/c\n",
			entries: []string{"1 http://h/a", "5 http://h/c"},
			bad:     []string{`2: "gopher://h/b": only http://, https://, sftp:// and ftp://`},
		},
		{name: "blank in a URL", in: "http://h/a http://m/a\n", bad: []string{"1: a URL has no blank in it"}},
		{name: "bare word", in: "hello\n", bad: []string{`1: "hello": only http://, https://, sftp:// and ftp://`}},
		{
			name:    "bad option value drops its entry",
			in:      "http://h/a\n  out=a\n  checksum=sha-256=zz\n  dir=/x\nhttp://h/b\n  split=2\n",
			entries: []string{"5 http://h/b [split=2]"},
			bad:     []string{"3: checksum=sha-256=zz: want 64 hex digits after sha-256=; the URL of line 1 is skipped"},
		},
		{name: "option without =", in: "http://h/a\n  out\n", entries: []string{"1 http://h/a"}, warnings: []string{`2: "out": not an indented NAME=VALUE option`}},
		{name: "indented URL after a blank line", in: "http://h/a\n  out=a\n\n  http://h/b\n", entries: []string{"1 http://h/a [out=a]"},
			warnings: []string{`4: "http://h/b" is indented, so it is read as an option of the URL of line 1`}},
		{name: "empty value", in: "http://h/a\n  out=\n", bad: []string{"2: out=: no value; the URL of line 1 is skipped"}},
		{name: "out with ..", in: "http://h/a\n  out=../x\n", bad: []string{`2: out=../x: want a name inside dir=, without ".."`}},
		{name: "absolute out", in: "http://h/a\n  out=/etc/x\n", bad: []string{"2: out=/etc/x: want a name relative to dir="}},
		{name: "out naming a folder", in: "http://h/a\n  out=sub/\n", bad: []string{"2: out=sub/: want a file name"}},
		{name: "out with a folder", in: "http://h/a\n  out=sub/x.iso\n", entries: []string{"1 http://h/a [out=sub/x.iso]"}},
		{name: "control character in a header", in: "http://h/a\n  header=X-A: a\x01b\n", bad: []string{"2: header=X-A: …: control characters in the value"}},
		{name: "secrets stay out of messages", in: "http://h/a\n  header=Authorization secret\n  all-proxy=ftp://u:secret@p\nhttp://h/b\n  all-proxy=ftp://u:secret@p\n",
			bad: []string{`2: header=…: want "Name: value" on one line; the URL of line 1 is skipped`, "5: all-proxy=ftp://u:"}},
		{name: "split out of range", in: "http://h/a\n  split=0\n", bad: []string{"2: split=0: want a whole number from 1 to 64"}},
		{name: "NaN seconds", in: "http://h/a\n  timeout=NaN\n", bad: []string{"2: timeout=NaN: want seconds between 0 and 1000000"}},
		{name: "bad boolean", in: "http://h/a\n  continue=yes\n", bad: []string{"2: continue=yes: want true or false"}},
		{name: "bad file-allocation", in: "http://h/a\n  file-allocation=sparse\n", bad: []string{"2: file-allocation=sparse: want none, prealloc, trunc or falloc"}},
		{
			name:     "aria2 options slget has not, warned once",
			in:       "http://h/a\n  gid=1\n  seed-time=0\nhttp://h/b\n  gid=2\n",
			entries:  []string{"1 http://h/a", "4 http://h/b"},
			warnings: []string{"2: option gid= of aria2 has no slget counterpart", "3: option seed-time= of aria2"},
		},
		{
			name:     "unknown option with a suggestion",
			in:       "http://h/a\n  ouut=x\n  frobnicate=1\n",
			entries:  []string{"1 http://h/a"},
			warnings: []string{"2: unknown option ouut=; ignored wherever it appears (did you mean out=?)", "3: unknown option frobnicate=; ignored wherever it appears"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			entries, bad, warnings := summary(parseString(t, c.in))
			if !reflect.DeepEqual(entries, c.entries) {
				t.Errorf("entries\n got %q\nwant %q", entries, c.entries)
			}
			for _, pair := range []struct {
				what      string
				got, want []string
			}{{"bad lines", bad, c.bad}, {"warnings", warnings, c.warnings}} {
				if len(pair.got) != len(pair.want) {
					t.Errorf("%s\n got %q\nwant %q", pair.what, pair.got, pair.want)
					continue
				}
				for i := range pair.got {
					if !strings.HasPrefix(pair.got[i], pair.want[i]) {
						t.Errorf("%s[%d]\n got %q\nwant %q...", pair.what, i, pair.got[i], pair.want[i])
					}
				}
			}
		})
	}
}

func TestParseInputFileTypedOptions(t *testing.T) {
	in := parseString(t, "http://h/a\n  out=o\n  dir=d\n  checksum=md5=00000000000000000000000000000000\n"+
		"  header=X-A: 1\n  header=x-a: 2\n  user-agent=ua/1\n  all-proxy=http://p:3128\n  split=3\n  max-connection-per-server=5\n"+
		"  min-split-size=2M\n  max-tries=7\n  retry-wait=2\n  timeout=500ms\n  connect-timeout=3\n"+
		"  lowest-speed-limit=10k\n  max-download-limit=1m\n  allow-overwrite=true\n  auto-file-renaming=false\n"+
		"  continue=true\n  file-allocation=falloc\n")
	if len(in.bad) > 0 || len(in.warnings) > 0 || len(in.entries) != 1 {
		t.Fatalf("bad %v, warnings %v, %d entries", in.bad, in.warnings, len(in.entries))
	}
	o := in.entries[0].opts
	check := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	check("out", o.Out, "o")
	check("dir", o.Dir, "d")
	check("checksum", o.Checksum.Algo, "md5")
	check("header", o.Header["X-A"], []string{"1", "2"})
	check("user-agent", o.UserAgent, "ua/1")
	check("all-proxy", o.Proxy, "http://p:3128")
	check("conns", [2]int{o.MaxConnectionPerServer, o.Split}, [2]int{5, 3})
	check("slice", o.MinSplitSize, int64(2<<20))
	check("max-tries", o.MaxTries, 7)
	check("retry-wait", *o.RetryWait, 2*time.Second)
	check("timeout", *o.Timeout, 500*time.Millisecond)
	check("connect-timeout", *o.ConnectTimeout, 3*time.Second)
	check("lowest-speed-limit", *o.LowestSpeedLimit, int64(10<<10))
	check("max-download-limit", *o.MaxDownloadLimit, int64(1<<20))
	check("allow-overwrite", *o.AllowOverwrite, true)
	check("auto-file-renaming", *o.AutoFileRenaming, false)
	check("continue", *o.Continue, true)
	check("file-allocation", o.FileAllocation, "falloc")
}

func TestParseInputFileLongLines(t *testing.T) {
	long := strings.Repeat("a", maxInputLine+1)
	justFits := "http://h/" + strings.Repeat("b", maxInputLine-len("http://h/"))
	in := parseString(t, "http://h/"+long+"\n  out=x\n"+
		"http://h/c\n  out="+long+"\n  dir=d\n"+
		justFits+"\r\n"+
		"http://h/e\n")
	entries, bad, _ := summary(in)
	want := []string{"6 " + justFits, "7 http://h/e"}
	if !reflect.DeepEqual(entries, want) {
		t.Errorf("entries %.80q, want %.80q", entries, want)
	}
	wantBad := []string{"1: longer than 1 MiB", "4: longer than 1 MiB; the URL of line 3 is skipped"}
	if !reflect.DeepEqual(bad, wantBad) {
		t.Errorf("bad lines %q, want %q", bad, wantBad)
	}
}

// Refused lines name the option but show no header value or proxy
// password: an -i file may hold credentials.
func TestParseInputFileMessagesKeepSecrets(t *testing.T) {
	in := parseString(t, "http://h/a\n  header=Authorization: Bearer s3cret\x01\nhttp://h/b\n  header=Authorization s3cret\n"+
		"http://h/c\n  all-proxy=ftp://u:s3cret@p\n")
	if len(in.bad) != 3 {
		t.Fatalf("%d bad lines, want 3: %v", len(in.bad), in.bad)
	}
	for _, b := range in.bad {
		if strings.Contains(b.msg, "s3cret") {
			t.Errorf("line %d: %q shows the secret", b.line, b.msg)
		}
	}
}

// A reader that fails mid-way is an error, not a short list.
func TestParseInputFileReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("http://h/a\n"), iotest.ErrReader(boom))
	if _, err := parseInputFile(r); !errors.Is(err, boom) {
		t.Fatalf("err %v, want %v", err, boom)
	}
	// One byte at a time: the same entries as all at once.
	s := "\uFEFFhttp://h/a\thttp://m/a\r\n  out=x\n\nhttp://h/b"
	in, err := parseInputFile(iotest.OneByteReader(strings.NewReader(s)))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := fmt.Sprint(summary(in)), fmt.Sprint(summary(parseString(t, s))); a != b {
		t.Errorf("byte by byte %s, at once %s", a, b)
	}
}

// formatInputFile writes entries back in aria2's format.
func formatInputFile(entries []inputEntry) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(strings.Join(e.uris, "\t") + "\n")
		for _, o := range e.opts.Raw {
			b.WriteString("  " + o + "\n")
		}
	}
	return b.String()
}

// FuzzParseInputFile: any bytes are read without a panic; every note names
// a line of the input; entries come in order with a URL first; and writing
// the entries back in aria2's format reads back as the same entries with
// nothing refused.
func FuzzParseInputFile(f *testing.F) {
	for _, s := range []string{
		"", "http://h/a\n", "\uFEFFhttp://h/a\n  out=x\n", "http://h/a\thttp://m/a\n  header=X: y\n  split=4\n",
		"  out=x\nhttp://h/a\n", "ftp://x\n  out=y\nhttp://h/b\n  checksum=sha-256=" + sha0 + "\n",
		"http://h/a\r\n\tdir=/tmp\r\n  gid=3\n  ouut=x\n", "# c\n\nhttp://h/a\n  out=sub/x\n  timeout=NaN\n",
		"http://h/a\n  max-connection-per-server=2\n  min-split-size=1M\n  continue=true\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := parseInputFile(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("reading from memory: %v", err)
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, n := range append(append([]lineNote{}, in.bad...), in.warnings...) {
			if n.line < 1 || n.line > lines || n.msg == "" {
				t.Fatalf("note %+v for an input of %d lines", n, lines)
			}
		}
		last := 0
		for _, e := range in.entries {
			if e.line <= last || e.line > lines || len(e.uris) == 0 {
				t.Fatalf("entry %+v after line %d of %d", e, last, lines)
			}
			last = e.line
		}
		again := parseString(t, formatInputFile(in.entries))
		if len(again.bad) > 0 {
			t.Fatalf("the entries written back are refused: %v\n%q", again.bad, formatInputFile(in.entries))
		}
		if len(again.entries) != len(in.entries) {
			t.Fatalf("%d entries, %d when written back", len(in.entries), len(again.entries))
		}
		for i, e := range in.entries {
			a := again.entries[i]
			if !reflect.DeepEqual(a.uris, e.uris) || !reflect.DeepEqual(a.opts.Raw, e.opts.Raw) {
				t.Fatalf("entry %d: %q %q, written back %q %q", i, e.uris, e.opts.Raw, a.uris, a.opts.Raw)
			}
		}
	})
}

// BenchmarkParseInputFile reads a list of 10000 entries with three option
// lines each, as a large aria2 session file has.
func BenchmarkParseInputFile(b *testing.B) {
	var sb strings.Builder
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&sb, "https://mirror.example.net/pool/main/f/file-%d.iso\thttps://m2.example.org/file-%d.iso\n  out=f%d.iso\n  dir=isos/%d\n  checksum=sha-256=%s\n", i, i, i, i%100, sha0)
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		in, err := parseInputFile(bytes.NewReader(data))
		if err != nil || len(in.entries) != 10000 {
			b.Fatalf("%d entries, %v", len(in.entries), err)
		}
	}
}
