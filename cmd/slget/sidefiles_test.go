// Tests of what others put at slget's names, through the binary: a file
// that takes the output name during the download, --restart beside a
// partial file that is not slget's, and names from the network that end
// like slget's side files.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// A file appears at NAME while NAME.part is downloaded: the complete bytes
// are saved as NAME.1.ext (as if NAME had been there from the start), or,
// without renaming, kept in NAME.part, which the next run finishes without
// fetching them again; nothing is orphaned.
func TestFileAppearingAtTheName(t *testing.T) {
	for _, rename := range []bool{true, false} {
		name := "renaming"
		if !rename {
			name = "no renaming, then a rerun"
		}
		t.Run(name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(1<<20))
			dir := t.TempDir()
			path := filepath.Join(dir, "file.bin")
			args := []string{"-x", "4", "--slice", "256k", "-d", dir, srv.FileURL()}
			if !rename {
				args = append([]string{"--auto-file-renaming=false"}, args...)
			}
			b := startBinary(t, args...)
			waitFor(t, "the download's journal", func() bool { return exists(path + ".slget") })
			if err := os.WriteFile(path, []byte("someone else's"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out := b.wait(t)
			renamed := filepath.Join(dir, "file.1.bin")
			if got, _ := os.ReadFile(path); string(got) != "someone else's" {
				t.Fatal("the file that took the name was changed")
			}
			if rename {
				if code != 0 || fileSHA(t, renamed) != srv.Content().SHA256() {
					t.Fatalf("exit %d, want the file saved as %s:\n%s", code, renamed, out)
				}
				mustNotExist(t, path+".part")
				mustNotExist(t, journalPath(path))
				return
			}
			if code != exitFileExists || !strings.Contains(out, path+".part") {
				t.Fatalf("exit %d, want %d naming the .part:\n%s", code, exitFileExists, out)
			}
			// The rerun finishes what is there: the probe and one slice
			// to compare, not the file again.
			before := srv.BytesServed()
			r := runSlget(t, "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
			if r.code != 0 || fileSHA(t, renamed) != srv.Content().SHA256() {
				t.Fatalf("rerun: exit %d, want the file saved as %s: %s", r.code, renamed, r.stderr)
			}
			if sent := srv.BytesServed() - before; sent > 2*256<<10 {
				t.Errorf("the rerun fetched %d bytes of a file it had whole", sent)
			}
			mustNotExist(t, path+".part")
			mustNotExist(t, journalPath(path))
		})
	}
}

// --restart discards only what slget wrote: a NAME.part without a journal
// of ours (a browser's) is kept, and the download saved beside it.
func TestRestartKeepsAPartialFileThatIsNotOurs(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	if err := os.WriteFile(path+".part", []byte("a browser's download"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runSlget(t, "--restart", "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if got, _ := os.ReadFile(path + ".part"); string(got) != "a browser's download" {
		t.Fatal("--restart changed a partial file slget did not write")
	}
	if fileSHA(t, filepath.Join(dir, "file.1.bin")) != srv.Content().SHA256() {
		t.Fatalf("not saved beside it: %s", r.stderr)
	}
}

// A name from the network that ends like a side file (Content-Disposition
// "victim.bin.slget") is never saved as one: a later download of
// victim.bin must not find it as its journal.
func TestNoSideFileNameFromTheNetwork(t *testing.T) {
	for _, given := range []string{"victim.bin.slget", "victim.bin.part", "VICTIM.BIN.PART"} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithContentDisposition(`attachment; filename="`+given+`"`))
		dir := t.TempDir()
		r := runSlget(t, "-d", dir, srv.FileURL())
		if r.code != 0 {
			t.Fatalf("%s: exit %d: %s", given, r.code, r.stderr)
		}
		names := dirNames(t, dir)
		if len(names) != 1 || strings.HasSuffix(strings.ToLower(names[0]), ".part") || strings.HasSuffix(strings.ToLower(names[0]), ".slget") {
			t.Fatalf("%s: saved as %v", given, names)
		}
	}
}
