// Tests of the session file: aria2's lines read back as written, and the
// reader fuzzed.

package queue

import (
	"reflect"
	"strings"
	"testing"
)

func TestReadSessionAria2Lines(t *testing.T) {
	in := "\uFEFF# a comment\nhttp://a/x\thttp://b/x\n gid=00000000000000ff\n dir=/d\n out=x.bin\n pause=true\n header=A: 1\n header=B: 2\n\nhttp://c/y\n"
	got, err := ReadSession(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Saved{
		{GID: 0xff, Paused: true, Spec: Spec{URIs: []string{"http://a/x", "http://b/x"}, Options: map[string]string{"dir": "/d", "out": "x.bin", "header": "A: 1\nB: 2"}}},
		{Spec: Spec{URIs: []string{"http://c/y"}, Options: map[string]string{}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("read %+v, want %+v", got, want)
	}
	// A byte order mark after the first line is no URI, and none in a value.
	got, err = ReadSession(strings.NewReader("\n\uFEFF\nhttp://d/z\uFEFF\n dir=/e\uFEFF\n"))
	if err != nil || len(got) != 1 || got[0].Spec.URIs[0] != "http://d/z" || got[0].Spec.Options["dir"] != "/e" {
		t.Fatalf("byte order marks inside: %+v %v", got, err)
	}
	for _, bad := range []string{" out=x\n", "http://a/\n gid=xyz\n", "http://a/\n novalue\n"} {
		if _, err := ReadSession(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzReadSession(f *testing.F) {
	f.Add("http://a/x\thttp://b/x\n gid=00000000000000ff\n dir=/d\n pause=true\n header=A: 1\n header=\n")
	f.Add("\uFEFF\n#c\n  \thttp://x/\n")
	f.Fuzz(func(t *testing.T, s string) {
		first, err := ReadSession(strings.NewReader(s))
		if err != nil {
			return
		}
		var b strings.Builder
		for _, sv := range first {
			writeSaved(&b, sv)
		}
		again, err := ReadSession(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("what was written does not read back: %v\n%s", err, b.String())
		}
		if len(again) != len(first) {
			t.Fatalf("%d downloads read back, want %d\n%s", len(again), len(first), b.String())
		}
		for i := range first {
			if !reflect.DeepEqual(first[i], again[i]) {
				t.Fatalf("download %d read back as %+v, want %+v", i, again[i], first[i])
			}
		}
	})
}
