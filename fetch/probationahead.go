// Probation's references read ahead: the sample of a source that sends
// the file's last slice is that slice, and its reference can be read
// while the source still sends it, not after the transfer.

package fetch

import "context"

// ahead is a reference read ahead of its check.
type ahead struct {
	done chan struct{} // closed once crc, from and err are set
	crc  uint32
	from string
	err  error
}

// Ahead reads the reference of slice i now, beside the transfer, for a
// check to come: Sample checks the last slice of the file a source sent,
// so a source on probation that is given the file's last slice will be
// checked there, and the reference, from a slower source maybe, need not
// be read after the transfer. A check of slice i uses it; one that finds
// it failed reads the reference again. Sample waits for it.
func (p *Probation) Ahead(i int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.refs[i] != nil || p.ctx.Err() != nil {
		return
	}
	if p.refs == nil {
		p.refs = map[int]*ahead{}
	}
	a := &ahead{done: make(chan struct{})}
	p.refs[i] = a
	p.reading++
	go func() {
		crc, from, err := p.ref(p.ctx, i)
		p.mu.Lock()
		defer p.mu.Unlock()
		a.crc, a.from, a.err = crc, from, err
		if err == nil {
			p.bytes += p.rng(i).Len()
		}
		close(a.done)
		p.reading--
		p.idle.Broadcast()
	}()
}

// refOf is slice i's reference for a check: the one read ahead, when
// there is one and it worked (then ahead is true: its bytes are counted),
// else read now. p.mu is not held.
func (p *Probation) refOf(ctx context.Context, i int) (crc uint32, from string, ahead bool, err error) {
	p.mu.Lock()
	a := p.refs[i]
	p.mu.Unlock()
	if a != nil {
		select {
		case <-a.done:
			if a.err == nil {
				return a.crc, a.from, true, nil
			}
		case <-ctx.Done():
			return 0, "", false, context.Cause(ctx)
		}
	}
	crc, from, err = p.ref(ctx, i)
	return crc, from, false, err
}
