// Fake: a small FTP server of one folder for the faults vsftpd cannot be
// made to show (a server that refuses REST).

package ftpdtest

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Fake is an anonymous FTP server of Dir, passive by PASV only, that
// refuses the commands it is told to ("502").
type Fake struct {
	Dir    string
	Port   int
	refuse map[string]bool

	mu     sync.Mutex
	retrs  int
	rests  int
	logins []string // "user:password" of each USER and PASS
}

// StartFake runs a Fake for t that refuses the commands named in refuse
// ("REST", "SIZE", "MDTM"), stopped at its cleanup. "SLOW" among them
// sends files at about 3 MiB/s.
func StartFake(t testing.TB, refuse ...string) *Fake {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &Fake{Dir: t.TempDir(), Port: l.Addr().(*net.TCPAddr).Port, refuse: map[string]bool{}}
	for _, c := range refuse {
		f.refuse[c] = true
	}
	var wg sync.WaitGroup
	done := make(chan struct{})
	t.Cleanup(func() { close(done); l.Close(); wg.Wait() })
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				stop := make(chan struct{})
				go func() {
					select {
					case <-done:
					case <-stop:
					}
					c.Close()
				}()
				f.serve(c)
				close(stop)
			}()
		}
	}()
	return f
}

// URL is ftp://127.0.0.1:port/name.
func (f *Fake) URL(name string) string { return fmt.Sprintf("ftp://127.0.0.1:%d/%s", f.Port, name) }

// Logins are the "user:password" of every login so far.
func (f *Fake) Logins() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.logins...)
}

// Counts are the RETRs and the RESTs asked so far.
func (f *Fake) Counts() (retrs, rests int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.retrs, f.rests
}

// serve answers one control connection until QUIT or its end.
// It has a case per FTP command the fake takes, in the order a client
// sends them, and is as long as that list.
func (f *Fake) serve(c net.Conn) {
	r := bufio.NewReader(c)
	say := func(format string, a ...any) { fmt.Fprintf(c, format+"\r\n", a...) }
	say("220 fake")
	var pasv net.Listener
	var user string
	var rest int64 // the offset of the next RETR
	defer func() {
		if pasv != nil {
			pasv.Close()
		}
	}()
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd, arg, _ := strings.Cut(strings.TrimRight(line, "\r\n"), " ")
		cmd = strings.ToUpper(cmd)
		path := filepath.Join(f.Dir, filepath.Clean("/"+arg))
		if cmd == "REST" {
			f.mu.Lock()
			f.rests++
			f.mu.Unlock()
		}
		if f.refuse[cmd] {
			say("502 %s not implemented", cmd)
			continue
		}
		switch cmd {
		case "USER":
			user = arg
			say("331 any password")
		case "PASS":
			f.mu.Lock()
			f.logins = append(f.logins, user+":"+arg)
			f.mu.Unlock()
			say("230 in")
		case "TYPE":
			say("200 ok")
		case "SIZE":
			if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
				say("213 %d", fi.Size())
			} else {
				say("550 no")
			}
		case "MDTM":
			if fi, err := os.Stat(path); err == nil {
				say("213 %s", fi.ModTime().UTC().Format("20060102150405"))
			} else {
				say("550 no")
			}
		case "EPSV":
			say("500 EPSV not understood") // PASV, then
		case "PASV":
			if pasv != nil {
				pasv.Close()
			}
			if pasv, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
				say("425 no")
				continue
			}
			p := pasv.Addr().(*net.TCPAddr).Port
			// An address other than the control connection's: a client
			// must not go there.
			say("227 Entering Passive Mode (10,9,8,7,%d,%d).", p/256, p%256)
		case "REST":
			n, err := strconv.ParseInt(arg, 10, 64)
			if err != nil || n < 0 {
				say("501 bad offset")
				continue
			}
			rest = n
			say("350 ok")
		case "RETR":
			f.mu.Lock()
			f.retrs++
			f.mu.Unlock()
			f.retr(pasv, path, rest, say)
			pasv, rest = nil, 0
		case "QUIT":
			say("221 bye")
			return
		default:
			say("502 not implemented")
		}
	}
}

func (f *Fake) retr(pasv net.Listener, path string, rest int64, say func(string, ...any)) {
	if pasv == nil {
		say("425 use PASV first")
		return
	}
	defer pasv.Close()
	file, err := os.Open(path)
	if err != nil {
		say("550 no")
		return
	}
	defer file.Close()
	if _, err := file.Seek(rest, io.SeekStart); err != nil {
		say("550 no")
		return
	}
	say("150 sending")
	pasv.(*net.TCPListener).SetDeadline(time.Now().Add(5 * time.Second))
	dc, err := pasv.Accept()
	if err != nil {
		say("425 no data connection")
		return
	}
	if f.refuse["SLOW"] {
		err = paced(dc, file)
	} else {
		_, err = io.Copy(dc, file)
	}
	dc.Close()
	if err != nil {
		say("426 cut")
		return
	}
	say("226 done")
}

// paced copies r to w in 32 KiB writes 10ms apart.
func paced(w io.Writer, r io.Reader) error {
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if _, err := w.Write(buf[:n]); err != nil {
				return err
			}
			time.Sleep(10 * time.Millisecond)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
