// The fleet file: the members of a fleet, one http://HOST:PORT a line, the
// same file on every host (--fleet-file); a serve reads it again when it
// changes.

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/internal/every"
)

// maxFleetFile bounds a fleet file: a few thousand members.
const maxFleetFile = 1 << 20

// parseFleetFile reads a fleet file: a peer address per line
// (http://HOST:PORT, a token as userinfo refused: it belongs in
// --peer-token), blank lines and lines starting with # ignored. A bad line
// is an error naming the file and the line. It never panics.
func parseFleetFile(name string, r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(io.LimitReader(r, maxFleetFile))
	sc.Buffer(make([]byte, 4096), 64<<10)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		u, err := slget.ParsePeer(line)
		if err != nil {
			return nil, fmt.Errorf("the fleet file %s, line %d: %v", name, n, err)
		}
		if u.User != nil {
			return nil, fmt.Errorf("the fleet file %s, line %d: a member's address carries no token (give it with --peer-token, --peer-token-file or %s)", name, n, envPeerToken)
		}
		out = append(out, "http://"+strings.ToLower(u.Host))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("the fleet file %s: %v", name, err)
	}
	return out, nil
}

// readFleetFile reads the fleet file name.
func readFleetFile(name string) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("cannot read the fleet file: %v", err)
	}
	defer f.Close()
	return parseFleetFile(name, f)
}

// watchFleetFile gives m the members of the fleet file name whenever it
// changes (its size or time, looked at every interval) until ctx is done.
// A file that is gone or bad keeps the members last read, with a warning.
func watchFleetFile(ctx context.Context, name string, m *fleet.Members, interval time.Duration, warnf func(string, ...any)) {
	var last os.FileInfo
	every.Tick(ctx, interval, func(time.Time) bool {
		fi, err := os.Stat(name)
		if err != nil {
			if last != nil {
				warnf("%v; keeping the fleet's members as they were", err)
				last = nil
			}
			return true
		}
		if last != nil && fi.Size() == last.Size() && fi.ModTime().Equal(last.ModTime()) {
			return true
		}
		last = fi
		addrs, err := readFleetFile(name)
		if err != nil {
			warnf("%v; keeping the fleet's members as they were", err)
			return true
		}
		m.SetFound("file", addrs)
		return true
	})
}
