// Browse: ask again and again, and keep the list of live peers.

package mdns

import (
	"context"
	"slices"
	"time"
)

// BrowseOptions configure Browse. The zero value is usable.
type BrowseOptions struct {
	// Interval is the time between queries; zero means 5s.
	Interval time.Duration
	// Timeout is how long one query waits for answers; zero means 1s.
	Timeout time.Duration
	// Expire drops a peer not heard from for this long; zero means three
	// intervals.
	Expire time.Duration
	// Exclude is an instance name to leave out: the caller's own
	// announcement.
	Exclude string
	// OnError, if set, is told of a query that could not be sent; Browse
	// goes on asking.
	OnError func(error)
}

// Browse asks for the peers of the LAN every o.Interval until ctx is
// done, and then returns nil. After the first query, and after every
// query that changes the list, it calls found with the whole current
// list of addresses, http://IP:PORT, sorted and without duplicates; found
// runs on Browse's goroutine, so a slow one delays the next query.
func Browse(ctx context.Context, o BrowseOptions, found func(peers []string)) error {
	if o.Interval <= 0 {
		o.Interval = 5 * time.Second
	}
	if o.Timeout <= 0 {
		o.Timeout = time.Second
	}
	if o.Expire <= 0 {
		o.Expire = 3 * o.Interval
	}
	seen := map[string]time.Time{}
	var last []string
	first := true
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		es, err := LookupEntries(ctx, o.Timeout)
		if ctx.Err() != nil {
			return nil
		}
		now := time.Now()
		if err != nil && o.OnError != nil {
			o.OnError(err)
		}
		for _, a := range addrsOf(es, o.Exclude) {
			seen[a] = now
		}
		list := expire(seen, now, o.Expire)
		if first || !slices.Equal(list, last) {
			first = false
			last = list
			found(slices.Clone(list))
		}
		t.Reset(o.Interval)
	}
}

// expire drops from seen the addresses last seen more than d before now
// and returns the others, sorted.
func expire(seen map[string]time.Time, now time.Time, d time.Duration) []string {
	list := []string{}
	for a, at := range seen {
		if now.Sub(at) > d {
			delete(seen, a)
			continue
		}
		list = append(list, a)
	}
	slices.Sort(list)
	return list
}
