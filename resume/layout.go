// Layout: the types a journal stores and how they sit in bbolt.

package resume

import (
	"encoding/binary"
	"hash/crc32"
	"time"

	"github.com/slget/slget/internal/errdetail"
	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is the version of the journal layout this package writes.
// Open rejects a journal with a higher one (ErrVersion) and one of schema 1
// (ErrOldSchema), which Inspect still reads.
const SchemaVersion = 2

// Meta describes the download a journal belongs to. All of it is written by
// Create; only FinalURL changes later (SetFinalURL).
type Meta struct {
	URL          string    // as the user gave it
	FinalURL     string    // after redirects at the probe
	ETag         string    // raw header value, may be "" or W/"..."
	LastModified string    // raw header value
	Size         int64     // total size of the resource in bytes
	SliceSize    int64     // slice size in bytes; the journal's wins on resume
	Created      time.Time // when the download started; kept to the nanosecond, in UTC
	Schema       int       // the layout the file was written with; Create writes SchemaVersion
	// Digest is the origin's digest of the whole file ("sha-256=HEX"),
	// "" when it gave none. It is kept under a key of its own with its own
	// check, so journals without it (and slgets that do not read it) stay
	// schema 2.
	Digest string
	// Proof says what proves the whole file, and where it came from
	// ("sha-256=HEX from the Metalink URL"); "" when nothing does. Set by
	// SetProof; kept as Digest is.
	Proof string
}

// Record is what the journal knows of one done slice.
type Record struct {
	Index  int                // slice index in the plan (Meta.Size, Meta.SliceSize)
	CRC32C uint32             // of the slice's bytes (Castagnoli); schema 2
	From   segment.Provenance // where the bytes came from
	// SHA256 is the hash a schema 1 journal recorded (zero for a slice
	// adopted with -c); zero in schema 2.
	SHA256 [32]byte
	// Mirror is the mirror the bytes came from (a URL, as the caller
	// names it), "" for the first URL or a source that is not a mirror.
	Mirror string
}

// SliceChecksum is the checksum a Record holds for the bytes of a slice:
// CRC-32C (Castagnoli).
//
// Decision: the per-slice checksum is there to catch torn writes, rot and
// a journal that lies about what is on disk, not an attacker (a whole-file
// --checksum is for that). On this project's machines CRC-32C runs at about
// 18 GB/s per core with the CPU's instruction, against 1.4 GB/s for SHA-256,
// which cost 0.65 CPU-s per GiB downloaded; xxh3 (39 GB/s) would need a
// dependency for a difference nobody can measure in a download. The peer
// cache stores the same checksum, so a slice can be checked end to end.
func SliceChecksum(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// UpdateChecksum extends a running SliceChecksum crc with b.
func UpdateChecksum(crc uint32, b []byte) uint32 { return crc32.Update(crc, castagnoli, b) }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// The layout, schema 2. Bucket "meta" holds one key per field: schema, size,
// slice and created as 8-byte big-endian integers (created in Unix
// nanoseconds), the others as raw strings, and "check", the CRC-32C of all
// of them (see metaCheck). Bucket "slices" holds one key per done slice, its
// index as 8 bytes big-endian (so keys sort in index order), and a value of
// 9 bytes: the slice's CRC-32C (4 bytes, big-endian), one byte of Source,
// and the CRC-32C of the key and those 5 bytes.
//
// Decision: every record checks itself. bbolt checksums only its meta
// pages, so a flipped bit inside a leaf page goes unseen by bbolt; in a key
// it would turn "slice 5 is done" into "slice 133 is done", a slice never
// written taken as done. A record whose check fails is dropped when the
// journal is read (its slice is fetched again, see Journal.Dropped), and a
// meta whose check fails makes the journal damaged (ErrCorrupt).
//
// Schema 1 had values of the 32-byte SHA-256 and one byte of Source, and no
// checks; Inspect reads it so that the download can check every slice it
// claims against its SHA-256 and carry on in a new journal.
//
// Decision: the done-set is not stored; Open derives it from the keys of
// "slices". Stored, it would be a second copy of the truth, rewritten whole
// on every commit (a 100k-slice bitmap is 12.5 KB, three pages of bbolt
// write amplification per commit), and the two could disagree. Derived, it
// cannot, and it costs one pass over the bucket at Open, which Open makes
// anyway to surface damage. BenchmarkOpen: about 15 ms for a journal of
// 100k slices all done (100 GiB in 1 MiB slices), most of it the structure
// check, against a download that takes minutes.
var (
	bucketMeta   = []byte("meta")
	bucketSlices = []byte("slices")

	keySchema       = []byte("schema")
	keyURL          = []byte("url")
	keyFinalURL     = []byte("final_url")
	keyETag         = []byte("etag")
	keyLastModified = []byte("last_modified")
	keySize         = []byte("size")
	keySlice        = []byte("slice")
	keyCreated      = []byte("created")
	keyCheck        = []byte("check")
	keyDigest       = []byte("digest") // optional: the value, then its CRC-32C
)

const (
	valueSize   = 4 + 1 + 4 // CRC-32C, segment.Provenance, check (schema 2)
	valueSizeV1 = 32 + 1    // SHA-256, segment.Provenance (schema 1)
)

// MaxSlices bounds the slices of a journal's plan: segment.MaxSlices, 64 Mi
// slices, 64 TiB in 1 MiB slices. Create refuses a plan with more (choose a
// larger slice size), and Open calls a journal that claims more damaged: the
// done-set is a bitmap in memory (8 MiB at the bound), and a damaged size
// field must not make Open allocate gigabytes.
const MaxSlices = segment.MaxSlices

// sliceCount is the number of slices of size bytes in slices of slice
// bytes, or -1 if there are too many. size >= 0 and slice > 0.
func sliceCount(size, slice int64) int {
	n := size / slice
	if size%slice != 0 {
		n++
	}
	if n > MaxSlices {
		return -1
	}
	return int(n)
}

func putUint64(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

func putIndex(key []byte, i int) { binary.BigEndian.PutUint64(key, uint64(i)) }

func getIndex(k []byte) (int, bool) {
	if len(k) != 8 {
		return 0, false
	}
	v := binary.BigEndian.Uint64(k)
	if v >= MaxSlices {
		return 0, false
	}
	return int(v), true
}

// recordCheck is the check of a schema 2 record: the CRC-32C of its key
// and the first 5 bytes of its value.
func recordCheck(key, v []byte) uint32 {
	return crc32.Update(crc32.Checksum(key, castagnoli), castagnoli, v[:5])
}

func encodeValue(key []byte, r Record) []byte {
	v := make([]byte, valueSize)
	binary.BigEndian.PutUint32(v, r.CRC32C)
	v[4] = byte(r.From)
	binary.BigEndian.PutUint32(v[5:], recordCheck(key, v))
	return v
}

// decodeValue decodes the record of slice i stored under key; ok is false
// when the record is malformed or fails its check.
func decodeValue(schema uint64, key []byte, i int, v []byte) (Record, bool) {
	if schema == 1 {
		if len(v) != valueSizeV1 || !segment.Provenance(v[32]).Valid() {
			return Record{}, false
		}
		r := Record{Index: i, From: segment.Provenance(v[32])}
		copy(r.SHA256[:], v)
		return r, true
	}
	if len(v) != valueSize || binary.BigEndian.Uint32(v[5:]) != recordCheck(key, v) || !segment.Provenance(v[4]).Valid() {
		return Record{}, false
	}
	return Record{Index: i, CRC32C: binary.BigEndian.Uint32(v), From: segment.Provenance(v[4])}, true
}

// metaCheck is the CRC-32C of every meta field, each length-prefixed, in a
// fixed order: damage to any of them (a size, an ETag) is seen on Open.
func metaCheck(m Meta) []byte {
	var b []byte
	for _, s := range []string{m.URL, m.FinalURL, m.ETag, m.LastModified} {
		b = binary.BigEndian.AppendUint64(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.BigEndian.AppendUint64(b, uint64(m.Size))
	b = binary.BigEndian.AppendUint64(b, uint64(m.SliceSize))
	b = binary.BigEndian.AppendUint64(b, uint64(m.Created.UnixNano()))
	return binary.BigEndian.AppendUint32(nil, crc32.Checksum(b, castagnoli))
}

// writeNew lays out a new journal for m.
func writeNew(tx *bolt.Tx, m Meta) error {
	mb, err := tx.CreateBucket(bucketMeta)
	if err != nil {
		return err
	}
	if _, err := tx.CreateBucket(bucketSlices); err != nil {
		return err
	}
	for _, kv := range []struct {
		k, v []byte
	}{
		{keySchema, putUint64(SchemaVersion)},
		{keyURL, []byte(m.URL)},
		{keyFinalURL, []byte(m.FinalURL)},
		{keyETag, []byte(m.ETag)},
		{keyLastModified, []byte(m.LastModified)},
		{keySize, putUint64(uint64(m.Size))},
		{keySlice, putUint64(uint64(m.SliceSize))},
		{keyCreated, putUint64(uint64(m.Created.UnixNano()))},
		{keyCheck, metaCheck(m)},
	} {
		if err := mb.Put(kv.k, kv.v); err != nil {
			return err
		}
	}
	if m.Proof != "" {
		if err := mb.Put(keyProof, checked(keyProof, []byte(m.Proof))); err != nil {
			return err
		}
	}
	if m.Digest != "" {
		return mb.Put(keyDigest, digestValue(m.Digest))
	}
	return nil
}

// digestValue is the stored form of a digest: its bytes, then their
// CRC-32C.
func digestValue(d string) []byte {
	return binary.BigEndian.AppendUint32([]byte(d), crc32.Checksum([]byte(d), castagnoli))
}

// readDigest reads the optional digest key: "" when there is none, an
// error when it fails its check.
func readDigest(mb *bolt.Bucket) (string, error) {
	v := mb.Get(keyDigest)
	if v == nil {
		return "", nil
	}
	if len(v) < 4 || binary.BigEndian.Uint32(v[len(v)-4:]) != crc32.Checksum(v[:len(v)-4], castagnoli) {
		return "", corruptf("the origin's digest it keeps fails its checksum")
	}
	return string(v[:len(v)-4]), nil
}

// state is what load reads from a journal.
type state struct {
	meta    Meta
	plan    segment.Plan
	done    *segment.Set
	counts  [segment.Provenances]int64
	records []Record // only if asked for
	dropped int      // records that failed their check
	// mirrorOf is the mirror each slice came from, for those that came
	// from one (readMirrorOf).
	mirrorOf map[int]string
}

// load reads and checks everything in the journal: the schema first (a newer
// layout may differ in anything else), then every meta field, then every
// slice record against the plan the meta implies.
// It is long on purpose: each field is read and checked in the order the
// layout writes it, so reading it is reading the layout.
func load(tx *bolt.Tx, withRecords bool) (state, error) {
	var st state
	mb := tx.Bucket(bucketMeta)
	if mb == nil {
		return st, corruptf("not an slget journal (no %q bucket)", bucketMeta)
	}
	schema, err := getUint64(mb, keySchema)
	if err != nil {
		return st, err
	}
	if schema > SchemaVersion {
		return st, errdetail.New(ErrVersion, "schema %d", schema)
	}
	if schema == 0 {
		return st, corruptf("schema 0")
	}
	if schema == 1 && !withRecords {
		return st, ErrOldSchema
	}
	m := &st.meta
	for _, f := range []struct {
		k []byte
		s *string
	}{
		{keyURL, &m.URL},
		{keyFinalURL, &m.FinalURL},
		{keyETag, &m.ETag},
		{keyLastModified, &m.LastModified},
	} {
		v := mb.Get(f.k)
		if v == nil {
			return st, corruptf("%q is missing from meta", f.k)
		}
		*f.s = string(v)
	}
	size, err := getUint64(mb, keySize)
	if err != nil {
		return st, err
	}
	slice, err := getUint64(mb, keySlice)
	if err != nil {
		return st, err
	}
	created, err := getUint64(mb, keyCreated)
	if err != nil {
		return st, err
	}
	m.Size, m.SliceSize = int64(size), int64(slice)
	m.Created = time.Unix(0, int64(created)).UTC()
	m.Schema = int(schema)
	if m.Size < 0 {
		return st, corruptf("negative size %d", m.Size)
	}
	if m.SliceSize <= 0 {
		return st, corruptf("slice size %d", m.SliceSize)
	}
	n := sliceCount(m.Size, m.SliceSize)
	if n < 0 {
		return st, corruptf("%d bytes in slices of %d is too many slices", m.Size, m.SliceSize)
	}
	if schema >= 2 {
		if c := mb.Get(keyCheck); c == nil || string(c) != string(metaCheck(*m)) {
			return st, corruptf("its description (URL, version, size) fails its checksum")
		}
		if m.Digest, err = readDigest(mb); err != nil {
			return st, err
		}
		m.Proof = readProof(mb)
		st.mirrorOf = readMirrorOf(tx, n)
	}
	st.plan = segment.Plan{Size: m.Size, Slice: m.SliceSize}
	st.done = segment.NewSet(n)
	if withRecords {
		st.records = []Record{}
	}

	sb := tx.Bucket(bucketSlices)
	if sb == nil {
		return st, corruptf("no %q bucket", bucketSlices)
	}
	c := sb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if v == nil {
			return st, corruptf("a bucket inside %q", bucketSlices)
		}
		i, ok := getIndex(k)
		r, rok := decodeValue(schema, k, i, v)
		if schema >= 2 && !rok {
			st.dropped++ // damaged: its slice is fetched again
			continue
		}
		if !ok || i >= n {
			return st, corruptf("a record for slice %x, but the plan has %d slices", k, n)
		}
		if !rok {
			return st, corruptf("the record of slice %d is malformed", i)
		}
		if !st.done.Add(i) {
			return st, corruptf("two records for slice %d", i)
		}
		st.counts[r.From] += st.plan.SliceRange(i).Len()
		if withRecords {
			r.Mirror = st.mirrorOf[i]
			st.records = append(st.records, r)
		}
	}
	return st, nil
}

func getUint64(b *bolt.Bucket, k []byte) (uint64, error) {
	v := b.Get(k)
	if v == nil {
		return 0, corruptf("%q is missing from meta", k)
	}
	if len(v) != 8 {
		return 0, corruptf("%q in meta has %d bytes, want 8", k, len(v))
	}
	return binary.BigEndian.Uint64(v), nil
}

func countsMap(c [segment.Provenances]int64) map[segment.Provenance]int64 {
	return map[segment.Provenance]int64{segment.FromOrigin: c[segment.FromOrigin], segment.FromCache: c[segment.FromCache], segment.FromPeer: c[segment.FromPeer]}
}
