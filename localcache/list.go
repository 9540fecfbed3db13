// List and Purge: what the cache holds per URL, and taking a URL out.

package localcache

import (
	"cmp"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Entry is what the cache holds of one version of one URL.
type Entry struct {
	URL         string    // canonical: no fragment, no userinfo
	Validator   string    // the version
	Slices      int       // slices cached
	Bytes       int64     // their plaintext bytes
	StoredBytes int64     // their stored bytes
	LastAccess  time.Time // the most recent access to any of them, as far as the index knows
}

// List returns an Entry per URL and validator, sorted by URL then
// validator. It reads the whole index.
func (s *Store) List() ([]Entry, error) {
	if err := s.enter(); err != nil {
		return nil, s.wrap("list", "", err)
	}
	defer s.leave()
	if err := s.flushAccess(); err != nil {
		return nil, s.wrap("list", "", err)
	}
	type version struct{ url, valid string }
	byVersion := make(map[version]*Entry)
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSlices).ForEach(func(_, v []byte) error {
			r, err := decodeRecord(v)
			if err != nil {
				return nil // Verify's business
			}
			k := version{r.url, r.valid}
			e := byVersion[k]
			if e == nil {
				e = &Entry{URL: r.url, Validator: r.valid}
				byVersion[k] = e
			}
			e.Slices++
			e.Bytes += r.size
			e.StoredBytes += r.stored
			if t := time.Unix(0, r.access); t.After(e.LastAccess) {
				e.LastAccess = t
			}
			return nil
		})
	})
	if err != nil {
		return nil, s.wrap("list", "", err)
	}
	out := make([]Entry, 0, len(byVersion))
	for _, e := range byVersion {
		out = append(out, *e)
	}
	slices.SortFunc(out, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(a.URL, b.URL), cmp.Compare(a.Validator, b.Validator))
	})
	return out, nil
}

// Purge removes every slice of every version of rawURL (compared without
// fragment and userinfo, as keys are, and with or without the scheme's
// default port: http://h/x and http://h:80/x are one resource) and returns
// how many slices and stored bytes it removed. It reads the whole index.
func (s *Store) Purge(rawURL string) (int, int64, error) {
	if err := s.enter(); err != nil {
		return 0, 0, s.wrap("purge", "", err)
	}
	defer s.leave()
	u, err := canonical(rawURL)
	if err != nil {
		return 0, 0, s.wrap("purge", redact(rawURL), err)
	}
	forms := urlForms(u)
	var victims []hash
	var t tally
	err = s.db.Update(func(tx *bolt.Tx) error {
		victims, t = victims[:0], tally{}
		err := tx.Bucket(bucketSlices).ForEach(func(k, v []byte) error {
			if r, err := decodeRecord(v); err == nil && slices.Contains(forms, r.url) && len(k) == len(hash{}) {
				var h hash
				copy(h[:], k)
				victims = append(victims, h)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, h := range victims {
			if _, err := deleteEntry(tx, h, &t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, 0, s.wrap("purge", u, err)
	}
	s.apply(t)
	for _, h := range victims {
		s.removeUnindexed(h)
	}
	return len(victims), -t.stored, nil
}
