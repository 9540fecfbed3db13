// Fuzz tests of what members read from one another: node meta and
// conflict messages.

package gossip

import (
	"testing"
)

func FuzzDecodeMeta(f *testing.F) {
	f.Add([]byte(`{"http":"http://10.0.0.1:7878","v":"0.1.0"}`))
	f.Add([]byte(`{"http":"http://u:p@10.0.0.1:7878/x"}`))
	f.Add([]byte(`{"v":"\u0000"}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := decodeMeta(b)
		if err != nil {
			return
		}
		if m.HTTP != "" && checkHTTPAddr(m.HTTP) != nil {
			t.Fatalf("accepted a bad address %q", m.HTTP)
		}
		if _, err := encodeMeta(m); err != nil && len(b) <= 512 {
			t.Fatalf("a meta read cannot be written again: %v", err)
		}
	})
}

func FuzzDecodeConflict(f *testing.F) {
	f.Add(encodeConflict("abc", [2]string{"http://10.0.0.1:7878", "http://10.0.0.2:7878"}))
	f.Add([]byte(`c{"id":"","addrs":["a"]}`))
	f.Add([]byte(`x`))
	f.Fuzz(func(t *testing.T, b []byte) {
		id, addrs, err := decodeConflict(b)
		if err != nil {
			return
		}
		id2, addrs2, err := decodeConflict(encodeConflict(id, addrs))
		if err != nil || id2 != id || addrs2 != addrs {
			t.Fatalf("not read back: %q %q %v", id2, addrs2, err)
		}
	})
}
