// A fuzz test of the client's whole conversation: a server that answers
// every command with the fuzzer's replies, in order, whatever was asked.

package ftpsrc_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/ftpsrc"
	"github.com/slget/slget/segment"
)

func FuzzConversation(f *testing.F) {
	ok := "220 hi\r\n|331 pw\r\n|230 in\r\n|200 binary\r\n|213 1000\r\n|213 20261206070000\r\n|350 rest\r\n"
	for _, s := range []string{ok, ok + "|213 1000\r\n|213 20261206070000\r\n|229 (|||1|)\r\n",
		"220-a\r\n220 b\r\n|230 in\r\n|200 ok\r\n|550 no\r\n|550 no\r\n", "421 busy\r\n", "220 x\r\n|530 no\r\n",
		ok + "|213 1000\r\n|213 20261206070000\r\n|500 no\r\n|227 (10,0,0,1,0,1)\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Skip(err)
		}
		defer l.Close()
		go func() {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(time.Second))
			r := bufio.NewReader(c)
			replies := strings.Split(script, "|")
			fmt.Fprint(c, replies[0])
			for _, rep := range replies[1:] {
				if _, err := r.ReadString('\n'); err != nil {
					return
				}
				fmt.Fprint(c, rep)
			}
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		url := fmt.Sprintf("ftp://127.0.0.1:%d/f", l.Addr().(*net.TCPAddr).Port)
		rem, err := ftpsrc.Dial(ctx, url, ftpsrc.Config{ConnectTimeout: 300 * time.Millisecond})
		if err != nil {
			return
		}
		defer rem.Close()
		if rem.Validator.Size < -1 {
			t.Fatalf("size %d", rem.Validator.Size)
		}
		if rem.Validator.Size > 0 {
			b, err := rem.Open(ctx, segment.Range{Start: 0, End: 1})
			if err == nil {
				b.Close()
			}
		}
	})
}
