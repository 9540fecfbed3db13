// What the Persepolis test needs around it: Xvfb on a free display,
// xdotool to find and press windows, a screenshot of the root window, and
// the file a download manager calls complete.

package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// startXvfb starts Xvfb on a display it chooses (-displayfd) and returns
// the display's name, ":N".
func startXvfb(t *testing.T) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w}
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { x.Process.Kill(); x.Wait() })
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if _, err := strconv.Atoi(n); err != nil {
			t.Fatalf("Xvfb gave no display number (%q)", n)
		}
		return ":" + n
	case <-time.After(persepolisWait):
		t.Fatalf("Xvfb named no display in %v", persepolisWait)
	}
	return ""
}

// pollUntil calls cond every 200ms until it holds (true) or persepolisWait
// has passed (false).
func pollUntil(cond func() bool) bool {
	deadline := time.Now().Add(persepolisWait)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(200 * time.Millisecond)
	}
	return true
}

// xdoQuiet runs xdotool on display and returns its standard output.
func xdoQuiet(display string, args ...string) []byte {
	ctx, cancel := context.WithTimeout(context.Background(), persepolisWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, _ := cmd.Output()
	return out
}

// xdo runs xdotool and fails the test when it fails.
func xdo(t *testing.T, display string, args ...string) string {
	t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %q: %v\n%s", args, err, out)
	}
	return string(out)
}

// waitWindow returns the id of the first visible window titled name, or ""
// when none shows within persepolisWait.
func waitWindow(t *testing.T, display, name string) string {
	var id string
	pollUntil(func() bool {
		ids := strings.Fields(string(xdoQuiet(display, "search", "--onlyvisible", "--name", "^"+name+"$")))
		if len(ids) > 0 {
			id = ids[0]
		}
		return id != ""
	})
	return id
}

// shellInt is the value of KEY=N in xdotool's --shell output.
func shellInt(out, key string) int {
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, key+"="); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	return 0
}

// shot saves a PNG of display's root window to path.
func shot(t *testing.T, display, path string) {
	t.Helper()
	out, err := exec.Command("import", "-display", display, "-window", "root", path).CombinedOutput()
	if err != nil {
		t.Errorf("screenshot: %v\n%s", err, out)
		return
	}
	t.Logf("screenshot: %s", path)
}

// findComplete is the path of a file named name beneath dir whose SHA-256
// is want, or "".
func findComplete(dir, name, want string) string {
	var found string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != name {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return nil
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err == nil && hex.EncodeToString(h.Sum(nil)) == want {
			found = path
			return fs.SkipAll
		}
		return nil
	})
	return found
}

// readPid is the number in path, or 0.
func readPid(path string) int {
	b, _ := os.ReadFile(path)
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return n
}

// cmdline is the command line of process pid, NUL-separated.
func cmdline(pid int) []byte {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return b
}

// running says whether process pid exists and is not a zombie.
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// copyFile copies src to dst with mode perm.
func copyFile(t *testing.T, src, dst string, perm os.FileMode) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, perm); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dst, perm)
}

// persepolisStatus is the status Persepolis's own list (an SQLite file)
// gives the download saved as name, read with Python's sqlite3, or "".
func persepolisStatus(db, name string) string {
	const script = `import sqlite3, sys
c = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
for (s,) in c.execute("SELECT status FROM download_db_table WHERE file_name = ?", (sys.argv[2],)):
    print(s)
`
	ctx, cancel := context.WithTimeout(context.Background(), persepolisWait)
	defer cancel()
	out, _ := exec.CommandContext(ctx, "python3", "-c", script, db, name).Output()
	return strings.TrimSpace(string(out))
}
