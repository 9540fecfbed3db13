// Tests of tellStatus's bitfield: aria2's hex form over the download's
// own slices, shown once they are known.

package aria2rpc

import (
	"testing"

	"github.com/slget/slget/queue"
)

func TestBitfieldAria2Form(t *testing.T) {
	for _, tc := range []struct {
		pieces []bool
		want   string
	}{
		{[]bool{true, true, false, false, false, false, false, false, false, true}, "c040"},
		{[]bool{false, false, false, false, false, false, false, true}, "01"},
		{[]bool{true, true, true}, "e0"}, // overflow bits zero
		{[]bool{}, ""},
	} {
		if got := bitfield(tc.pieces); got != tc.want {
			t.Errorf("bitfield(%v) = %q, want %q", tc.pieces, got, tc.want)
		}
	}
	s := &Server{PieceLength: 1 << 20}
	in := queue.Info{State: queue.Paused, Total: 10 << 10, PieceLength: 1 << 10,
		Pieces: []bool{true, false, false, false, true, false, false, false, false, false}}
	m := s.status(in, nil)
	if m["bitfield"] != "8800" || m["numPieces"] != "10" || m["pieceLength"] != "1024" {
		t.Errorf("bitfield %v, numPieces %v, pieceLength %v; want 8800, 10, 1024 (the download's own slices)", m["bitfield"], m["numPieces"], m["pieceLength"])
	}
	in.Pieces, in.PieceLength = nil, 0
	if _, ok := s.status(in, nil)["bitfield"]; ok {
		t.Error("a bitfield for a download not started (aria2 shows none)")
	}
}
