// Pipeline: one range read as chunk reads kept in flight, so that a
// session's requests never all wait for their answers at once.

package sftpsrc

import (
	"io"

	"github.com/pkg/sftp"
)

// chunkSize is one read of the pipeline; pkg/sftp splits it in requests
// of its packet size (32 KiB), sent at once.
const chunkSize = 256 << 10

// pipeDepth is how many chunks are in flight at once: 2 MiB, about what
// OpenSSH's sftp keeps outstanding (64 requests of 32 KiB), and the SSH
// channel's window. A read that waited for its whole chunk before asking
// for the next (a buffer of 1 MiB) left a session idle for one round trip
// in every chunk: on a 50 ms link, at most 20 MiB/s.
const pipeDepth = 8

// pipeline reads [off, end) of f in order, pipeDepth chunks ahead.
type pipeline struct {
	f       *sftp.File
	next    int64 // where the next chunk to ask for starts
	end     int64
	pending []*chunk // asked for, in order
	cur     []byte   // what is left of the chunk being read
	last    *chunk   // the chunk cur is in, its buffer reused once read
	free    [][]byte
	err     error
}

type chunk struct {
	buf  []byte
	n    int
	err  error
	done chan struct{}
}

func newPipeline(f *sftp.File, off, end int64) *pipeline {
	p := &pipeline{f: f, next: off, end: end}
	p.fill()
	return p
}

// fill asks for chunks until pipeDepth are in flight or the range is
// asked for whole. Each read ends with its answer, or when the session
// is closed (the body's Close, or the end of its context).
func (p *pipeline) fill() {
	for len(p.pending) < pipeDepth && p.next < p.end {
		n := min(chunkSize, p.end-p.next)
		var buf []byte
		if k := len(p.free); k > 0 {
			buf, p.free = p.free[k-1][:n], p.free[:k-1]
		} else {
			buf = make([]byte, n, chunkSize)
		}
		c := &chunk{buf: buf, done: make(chan struct{})}
		off := p.next
		go func() {
			c.n, c.err = p.f.ReadAt(c.buf, off)
			close(c.done)
		}()
		p.pending = append(p.pending, c)
		p.next += n
	}
}

// busy reports whether reads are still in flight.
func (p *pipeline) busy() bool { return len(p.pending) > 0 }

func (p *pipeline) Read(b []byte) (int, error) {
	for len(p.cur) == 0 {
		if p.err != nil {
			return 0, p.err
		}
		if p.last != nil {
			p.free = append(p.free, p.last.buf)
			p.last = nil
		}
		if len(p.pending) == 0 {
			return 0, io.EOF
		}
		c := p.pending[0]
		<-c.done
		p.pending = p.pending[1:]
		p.cur, p.last = c.buf[:c.n], c
		switch {
		case c.err == io.EOF && c.n < len(c.buf):
			p.err = io.EOF // the file ends early: the body says it is short
		case c.err != nil && c.err != io.EOF:
			p.err = c.err
		}
		if p.err == nil {
			p.fill()
		}
	}
	n := copy(b, p.cur)
	p.cur = p.cur[n:]
	return n, nil
}
