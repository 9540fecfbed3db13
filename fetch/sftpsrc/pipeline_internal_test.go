// The pipeline against pkg/sftp's own server in the process, through a
// relay that holds back every answer with data: before the first answer,
// the pipeline has asked for reads past the 1 MiB a waiting read would
// have; then it reads exact bytes.

package sftpsrc

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/pkg/sftp"
)

// relay carries SFTP packets between a client and a server, keeps the
// largest offset of the client's reads (SSH_FXP_READ), and, while held,
// keeps back the server's data (SSH_FXP_DATA).
type relay struct {
	mu      sync.Mutex
	maxRead int64
	held    bool
	kept    [][]byte
	client  net.Conn // the relay's end of the client's pipe
}

func packet(r io.Reader) ([]byte, error) {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return nil, err
	}
	b := make([]byte, 4+binary.BigEndian.Uint32(n[:]))
	copy(b, n[:])
	_, err := io.ReadFull(r, b[4:])
	return b, err
}

func (rl *relay) up(from io.Reader, to io.Writer) {
	for {
		b, err := packet(from)
		if err != nil {
			return
		}
		if len(b) > 13 && b[4] == 5 { // SSH_FXP_READ: id, handle, offset, length
			h := binary.BigEndian.Uint32(b[9:13])
			if off := 13 + int(h); len(b) >= off+8 {
				rl.mu.Lock()
				rl.maxRead = max(rl.maxRead, int64(binary.BigEndian.Uint64(b[off:])))
				rl.mu.Unlock()
			}
		}
		if _, err := to.Write(b); err != nil {
			return
		}
	}
}

func (rl *relay) down(from io.Reader) {
	for {
		b, err := packet(from)
		if err != nil {
			return
		}
		rl.mu.Lock()
		if rl.held && b[4] == 103 { // SSH_FXP_DATA
			rl.kept = append(rl.kept, b)
			rl.mu.Unlock()
			continue
		}
		rl.mu.Unlock()
		if _, err := rl.client.Write(b); err != nil {
			return
		}
	}
}

func (rl *relay) hold() { rl.mu.Lock(); rl.held = true; rl.mu.Unlock() }

// release sends what was kept and holds nothing more.
func (rl *relay) release() {
	rl.mu.Lock()
	kept := rl.kept
	rl.kept, rl.held = nil, false
	rl.mu.Unlock()
	for _, b := range kept {
		rl.client.Write(b)
	}
}

func (rl *relay) seen() int64 { rl.mu.Lock(); defer rl.mu.Unlock(); return rl.maxRead }

func TestPipelineAsksAhead(t *testing.T) {
	data := make([]byte, 4<<20+100)
	for i := range data {
		data[i] = byte(i * 7)
	}
	h := sftp.InMemHandler()
	cs, rc := net.Pipe()
	rs, ss := net.Pipe()
	rl := &relay{client: rc}
	go rl.up(rc, rs)
	go rl.down(rs)
	srv := sftp.NewRequestServer(ss, h)
	go srv.Serve()
	defer srv.Close()
	c, err := sftp.NewClientPipe(cs, cs)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	w, err := c.Create("/f")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	w.Close()
	f, err := c.Open("/f")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const start = 100
	rl.hold()
	p := newPipeline(f, start, int64(len(data)))
	deadline := time.Now().Add(5 * time.Second)
	for rl.seen() < start+(1<<20) {
		if time.Now().After(deadline) {
			rl.release()
			t.Fatalf("only offsets up to %d asked before the first answer", rl.seen())
		}
		time.Sleep(time.Millisecond)
	}
	rl.release()
	got, err := io.ReadAll(p)
	if err != nil || !bytes.Equal(got, data[start:]) {
		t.Fatalf("%d bytes, %v; want %d exact", len(got), err, len(data)-start)
	}
	if p.busy() {
		t.Error("reads in flight after the end")
	}
}
