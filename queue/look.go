// Snapshots of the queue's downloads and totals.

package queue

// Get returns a snapshot of one download.
func (q *Queue) Get(gid GID) (Info, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	e, err := q.entry(gid)
	if err != nil {
		return Info{}, err
	}
	return q.snapshot(e), nil
}

// snapshot is e's Info with its progress now. q.mu is held.
func (q *Queue) snapshot(e *entry) Info {
	in := e.info
	if e.progress != nil {
		p := e.progress()
		in.Total, in.Done, in.Speed, in.Connections = max(p.Size, 0), p.Done, int64(p.BytesPerSecond), p.Open
		for _, c := range p.Conns {
			if c.Active && c.Mirror != "" {
				if in.Mirrors == nil {
					in.Mirrors = map[string]int64{}
				}
				in.Mirrors[c.Mirror] += int64(c.BytesPerSecond)
			}
		}
	}
	if e.pieces != nil {
		in.Pieces = e.pieces()
	}
	in.Spec = cloneSpec(in.Spec)
	return in
}

func (q *Queue) list(gids []GID) []Info {
	out := make([]Info, 0, len(gids))
	for _, g := range gids {
		out = append(out, q.snapshot(q.all[g]))
	}
	return out
}

// Active returns the running downloads.
func (q *Queue) Active() []Info {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.list(q.active)
}

// Waiting returns the waiting and paused downloads, in line.
func (q *Queue) Waiting() []Info {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.list(q.waiting)
}

// Stopped returns the stopped downloads, the oldest first.
func (q *Queue) Stopped() []Info {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.list(q.stopped)
}

// Stats returns the totals of getGlobalStat.
func (q *Queue) Stats() Stats {
	q.mu.Lock()
	defer q.mu.Unlock()
	s := Stats{NumActive: len(q.active), NumWaiting: len(q.waiting), NumStopped: len(q.stopped), NumStoppedTotal: q.stoppedTotal}
	for _, g := range q.active {
		s.Speed += q.snapshot(q.all[g]).Speed
	}
	return s
}

// SetOptions changes options of a download not stopped; they apply from
// its next start.
func (q *Queue) SetOptions(gid GID, opts map[string]string) error {
	return q.onEntry(gid, func(e *entry) error {
		switch e.info.State {
		case Complete, Removed, Error:
			return &StateError{GID: gid, State: e.info.State, Op: "changed"}
		}
		for k, v := range opts {
			e.info.Spec.Options[k] = v
		}
		return nil
	})
}

// SetJobs changes how many downloads run at once.
func (q *Queue) SetJobs(n int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if n > 0 {
		q.cfg.Jobs = n
		q.schedule()
	}
}
