// The Queue, its downloads' states and the scheduling of the
// waiting ones into Jobs slots.

package queue

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"sync"

	"github.com/slget/slget"
)

// State is where a download stands, in aria2's words.
type State string

// The states of a download.
const (
	Active   State = "active"   // running
	Waiting  State = "waiting"  // in line for a slot
	Paused   State = "paused"   // in line, held until unpaused
	Error    State = "error"    // ended with an error
	Complete State = "complete" // the file is complete under its final name
	Removed  State = "removed"  // removed by a client
)

// Spec is what a client asks to download: the URIs of one file and its
// options, in aria2's names ("dir", "out", "header", ...), as strings.
// A header option holds its lines separated by "\n".
type Spec struct {
	URIs    []string
	Options map[string]string
}

// Config is what a Queue needs. Prepare is required.
type Config struct {
	// Jobs is how many downloads run at once; zero means 5, aria2's -j.
	Jobs int
	// Prepare turns a Spec into the client and request of its download;
	// it is called each time the download starts (or resumes). The queue
	// sets the request's Events, and calls done (if not nil) when Do has
	// returned.
	Prepare func(Spec) (c *slget.Client, req *slget.Request, done func(), err error)
	// ErrorCode is aria2's number for a download's error; nil means 1.
	ErrorCode func(error) int
	// Notify, if set, is told of each start, pause, stop, completion and
	// error, in order; it is called without the queue's lock and must not
	// block for long.
	Notify func(Event)
	// MaxResults is how many stopped downloads are kept for tellStopped;
	// zero means 1000, aria2's --max-download-result.
	MaxResults int
}

// Info is a snapshot of one download.
type Info struct {
	GID   GID
	State State
	Spec  Spec
	// Path is the file, "" until the download has chosen it.
	Path        string
	Total, Done int64 // bytes; Total is 0 while unknown
	Speed       int64 // bytes per second now
	Connections int
	// PieceLength is the download's slice size and Pieces says which of
	// its slices are finished (aria2's pieces and bitfield); 0 and nil
	// while unknown (not started, no ranges).
	PieceLength int64
	Pieces      []bool
	// Mirrors are the mirrors (redacted URLs, as slget.Redact gives
	// them) a running download fetches from now, with their speeds; the
	// first URI is not among them.
	Mirrors map[string]int64
	// ErrorCode is aria2's code of the error (0 without one);
	// ErrorMessage says it.
	ErrorCode    int
	ErrorMessage string
}

// Stats is what getGlobalStat says.
type Stats struct {
	Speed                             int64
	NumActive, NumWaiting, NumStopped int
	NumStoppedTotal                   int
}

// entry is one download of the queue.
type entry struct {
	info     Info
	cancel   context.CancelFunc // of the running Do; nil when not running
	stopAs   State              // what a cancelled run ends as: Paused or Removed
	progress func() slget.Progress
	pieces   func() []bool // the running download's finished slices; nil when not running
	done     chan struct{} // closed when the run ends
}

// Queue is a persistent queue of downloads. Its methods are safe for
// concurrent use.
type Queue struct {
	cfg  Config
	base context.Context
	stop context.CancelFunc

	mu           sync.Mutex
	all          map[GID]*entry
	active       []GID // in the order they started
	waiting      []GID // waiting and paused, in line
	stopped      []GID // the most recent last
	stoppedTotal int
	closed       bool
	wg           sync.WaitGroup
	events       []Event        // to send, in order
	sending      bool           // a goroutine sends events
	senders      sync.WaitGroup // the goroutine sending events, if one is: see emit
}

// New returns a Queue that runs downloads as cfg says until Close.
func New(cfg Config) *Queue {
	if cfg.Jobs <= 0 {
		cfg.Jobs = 5
	}
	if cfg.MaxResults <= 0 {
		cfg.MaxResults = 1000
	}
	ctx, stop := context.WithCancel(context.Background())
	return &Queue{cfg: cfg, base: ctx, stop: stop, all: map[GID]*entry{}}
}

// Add puts a download in line at position (0 first; negative or past the
// end: last), paused if paused is true, and returns its GID.
func (q *Queue) Add(s Spec, position int, paused bool) (GID, error) {
	return q.add(0, s, position, paused)
}

// AddAs is Add with the GID gid when it is not zero and free (else a new
// one is drawn).
func (q *Queue) AddAs(gid GID, s Spec, position int, paused bool) (GID, error) {
	return q.add(gid, s, position, paused)
}

func (q *Queue) add(gid GID, s Spec, position int, paused bool) (GID, error) {
	path, st := journaled(s) // a partial download it resumes, read before the lock
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return 0, ErrClosed
	}
	for gid == 0 || q.all[gid] != nil {
		gid = newGID()
	}
	state := Waiting
	if paused {
		state = Paused
	}
	info := Info{GID: gid, State: state, Spec: cloneSpec(s), Path: path}
	if st != nil {
		info.Done, info.Total, info.Pieces, info.PieceLength = st.BytesWritten, max(st.Size, 0), st.Finished, st.SliceSize
	}
	q.all[gid] = &entry{info: info}
	if position < 0 || position > len(q.waiting) {
		position = len(q.waiting)
	}
	q.waiting = slices.Insert(q.waiting, position, gid)
	q.schedule()
	return gid, nil
}

func cloneSpec(s Spec) Spec {
	o := make(map[string]string, len(s.Options))
	for k, v := range s.Options {
		o[k] = v
	}
	return Spec{URIs: slices.Clone(s.URIs), Options: o}
}

// schedule starts waiting downloads while there are free slots. q.mu is
// held.
func (q *Queue) schedule() {
	for i := 0; i < len(q.waiting) && len(q.active) < q.cfg.Jobs && !q.closed; {
		gid := q.waiting[i]
		e := q.all[gid]
		if e.info.State != Waiting {
			i++
			continue
		}
		q.waiting = slices.Delete(q.waiting, i, i+1)
		q.active = append(q.active, gid)
		q.start(e)
	}
}

// start runs e's download. q.mu is held.
func (q *Queue) start(e *entry) {
	ctx, cancel := context.WithCancel(q.base)
	e.cancel, e.stopAs, e.done = cancel, "", make(chan struct{})
	e.info.State, e.info.ErrorCode, e.info.ErrorMessage, e.info.Speed = Active, 0, "", 0
	spec := cloneSpec(e.info.Spec)
	q.emit(Event{EventStart, e.info.GID})
	q.wg.Add(1)
	go func() {
		defer q.wg.Done()
		defer close(e.done)
		res, err := q.run(ctx, e, spec)
		cancel()
		q.finish(e, res, err)
	}()
}

// run is one Do of e's download.
func (q *Queue) run(ctx context.Context, e *entry, spec Spec) (*slget.Result, error) {
	c, req, done, err := q.cfg.Prepare(spec)
	if err != nil {
		return nil, err
	}
	if done != nil {
		defer done()
	}
	req.Events = func(ev slget.Event) {
		if s, ok := ev.(*slget.Started); ok {
			q.mu.Lock()
			e.progress, e.info.Path, e.info.Total = s.Progress, s.Path, max(s.Size, 0)
			e.pieces, e.info.PieceLength = s.SlicesDone, s.Slice
			q.mu.Unlock()
		}
	}
	return c.Do(ctx, req)
}

// finish records how e's run ended and fills its slot.
func (q *Queue) finish(e *entry, res *slget.Result, err error) {
	q.mu.Lock()
	path := e.info.Path
	q.mu.Unlock()
	var kept *slget.Status
	if err != nil && path != "" {
		// A stopped download resumes from its journal: what it holds is
		// what is written, whole slices and the written start of those
		// that were in flight (aria2c's completedLength counts both).
		if st, serr := slget.ReadStatus(path); serr == nil {
			kept = st
		}
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if e.progress != nil {
		p := e.progress()
		e.info.Done, e.info.Total = p.Done, max(p.Size, 0)
	}
	if kept != nil {
		e.info.Done, e.info.Pieces, e.info.PieceLength = kept.BytesWritten, kept.Finished, kept.SliceSize
	} else if e.pieces != nil {
		e.info.Pieces = e.pieces()
	}
	e.progress, e.pieces, e.cancel, e.info.Speed, e.info.Connections = nil, nil, nil, 0, 0
	if res != nil && res.Path != "" {
		e.info.Path = res.Path
	}
	q.active = slices.DeleteFunc(q.active, func(g GID) bool { return g == e.info.GID })
	switch {
	case err == nil:
		// Complete, even when a pause, a remove or the daemon's stop came
		// after Do had returned: the file is under its final name and its
		// journal is gone, so there is nothing left to pause or resume.
		if res != nil {
			e.info.Total, e.info.Done = max(res.Size, 0), max(res.Size, 0)
		}
		all := make([]bool, len(e.info.Pieces)) // complete: every piece is in
		for i := range all {
			all[i] = true
		}
		e.info.Pieces = all
		q.toStopped(e, Complete)
		q.emit(Event{EventComplete, e.info.GID})
	case q.closed && e.stopAs == "":
		// The daemon stops: the download stays first in line for the
		// session.
		e.info.State = Waiting
		q.waiting = slices.Insert(q.waiting, 0, e.info.GID)
	case e.stopAs == Paused:
		e.info.State = Paused
		q.waiting = slices.Insert(q.waiting, 0, e.info.GID)
		q.emit(Event{EventPause, e.info.GID})
	case e.stopAs == Removed:
		q.toStopped(e, Removed)
		q.emit(Event{EventStop, e.info.GID})
	default:
		e.info.ErrorCode, e.info.ErrorMessage = 1, err.Error()
		if q.cfg.ErrorCode != nil {
			e.info.ErrorCode = q.cfg.ErrorCode(err)
		}
		q.toStopped(e, Error)
		q.emit(Event{EventError, e.info.GID})
	}
	q.schedule()
}

// toStopped ends e as st, keeping the most recent MaxResults. q.mu is held.
func (q *Queue) toStopped(e *entry, st State) {
	e.info.State = st
	q.stopped = append(q.stopped, e.info.GID)
	q.stoppedTotal++
	for len(q.stopped) > q.cfg.MaxResults {
		delete(q.all, q.stopped[0])
		q.stopped = q.stopped[1:]
	}
}

// emit queues ev for Notify, sent in order by one goroutine. q.mu is held.
func (q *Queue) emit(ev Event) {
	if q.cfg.Notify == nil {
		return
	}
	q.events = append(q.events, ev)
	if q.sending {
		return
	}
	q.sending = true
	q.senders.Add(1)
	go q.send()
}

// send gives the queued events to Notify in order until none is left. One
// runs at a time: emit starts one only when none is sending.
func (q *Queue) send() {
	defer q.senders.Done()
	for {
		q.mu.Lock()
		if len(q.events) == 0 {
			q.sending = false
			q.mu.Unlock()
			return
		}
		ev := q.events[0]
		q.events = q.events[1:]
		q.mu.Unlock()
		q.cfg.Notify(ev)
	}
}

// Close stops every running download (keeping each one's partial file and
// journal: they stay Waiting, to be saved in a session) and waits for
// them. Add fails afterwards.
func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.stop()
	q.wg.Wait()
	q.senders.Wait() // the last events are out
}

// entry returns gid's entry. q.mu is held.
func (q *Queue) entry(gid GID) (*entry, error) {
	e := q.all[gid]
	if e == nil {
		return nil, &NotFoundError{gid}
	}
	return e, nil
}

// IsNotFound tells whether err says a GID is not found.
func IsNotFound(err error) bool {
	var nf *NotFoundError
	return errors.As(err, &nf)
}

// journaled is the partial download a spec names by its dir and out, when
// one is there: its path and what its journal says (nil for none), so
// that a download put in line paused (from a session) says how far it got
// before it runs again.
func journaled(s Spec) (path string, st *slget.Status) {
	dir, out := s.Options["dir"], s.Options["out"]
	if dir == "" || out == "" {
		return "", nil
	}
	path = filepath.Join(dir, out)
	st, err := slget.ReadStatus(path)
	if err != nil {
		return "", nil
	}
	return path, st
}
