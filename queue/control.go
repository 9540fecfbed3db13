// Pausing, unpausing, removing and moving downloads.

package queue

import "slices"

// Pause holds a download: a waiting one stays in line, a running one is
// stopped (its partial file and journal kept) and goes first in line.
func (q *Queue) Pause(gid GID) error { return q.onEntry(gid, q.pause) }

// onEntry runs f on the download gid under the queue's lock, or says that
// no download has that GID.
func (q *Queue) onEntry(gid GID, f func(*entry) error) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	e, err := q.entry(gid)
	if err != nil {
		return err
	}
	return f(e)
}

func (q *Queue) pause(e *entry) error {
	switch e.info.State {
	case Waiting:
		e.info.State = Paused
		q.emit(Event{EventPause, e.info.GID})
	case Active:
		if e.stopAs == "" {
			e.stopAs = Paused
			e.cancel()
		}
	default:
		return &StateError{GID: e.info.GID, State: e.info.State, Op: "paused"}
	}
	return nil
}

// PauseAll pauses every running and waiting download.
func (q *Queue) PauseAll() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, list := range [][]GID{slices.Clone(q.active), slices.Clone(q.waiting)} {
		for _, g := range list {
			_ = q.pause(q.all[g])
		}
	}
}

// Unpause puts a paused download back in line.
func (q *Queue) Unpause(gid GID) error {
	return q.onEntry(gid, func(e *entry) error {
		if e.info.State != Paused {
			return &StateError{GID: gid, State: e.info.State, Op: "unpaused"}
		}
		e.info.State = Waiting
		q.schedule()
		return nil
	})
}

// UnpauseAll puts every paused download back in line.
func (q *Queue) UnpauseAll() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, g := range q.waiting {
		if e := q.all[g]; e.info.State == Paused {
			e.info.State = Waiting
		}
	}
	q.schedule()
}

// Remove stops a running download (keeping its partial file and
// journal) and leaves it among the stopped ones as Removed, with an
// EventStop. A waiting or paused one, which never ran or is not running,
// is dropped without a trace: no event, no result (as aria2c drops it).
func (q *Queue) Remove(gid GID) error {
	return q.onEntry(gid, func(e *entry) error {
		switch e.info.State {
		case Active:
			e.stopAs = Removed
			e.cancel()
		case Waiting, Paused:
			q.waiting = slices.DeleteFunc(q.waiting, func(g GID) bool { return g == gid })
			delete(q.all, gid)
		default:
			return &StateError{GID: gid, State: e.info.State, Op: "removed"}
		}
		return nil
	})
}

// RemoveResult forgets a stopped download.
func (q *Queue) RemoveResult(gid GID) error {
	return q.onEntry(gid, func(e *entry) error {
		switch e.info.State {
		case Active, Waiting, Paused:
			return &StateError{GID: gid, State: e.info.State, Op: "removed from the results"}
		}
		q.stopped = slices.DeleteFunc(q.stopped, func(g GID) bool { return g == gid })
		delete(q.all, gid)
		return nil
	})
}

// PurgeResults forgets every stopped download.
func (q *Queue) PurgeResults() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, g := range q.stopped {
		delete(q.all, g)
	}
	q.stopped = nil
}

// Move changes a waiting download's place in line: to pos from the start
// (how "POS_SET"), from where it is ("POS_CUR") or from the end
// ("POS_END"), clamped to the line; it returns the new place.
func (q *Queue) Move(gid GID, pos int, how string) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	e, err := q.entry(gid)
	if err != nil {
		return 0, err
	}
	i := slices.Index(q.waiting, gid)
	if i < 0 {
		return 0, &StateError{GID: gid, State: e.info.State, Op: "moved"}
	}
	switch how {
	case "POS_CUR":
		pos += i
	case "POS_END":
		pos += len(q.waiting) - 1
	}
	q.waiting = slices.Delete(q.waiting, i, i+1)
	pos = min(max(pos, 0), len(q.waiting))
	q.waiting = slices.Insert(q.waiting, pos, gid)
	return pos, nil
}
