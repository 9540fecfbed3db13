// Tests of Provenance: its names, and which values are valid (the journal
// refuses a record of any other).

package segment

import "testing"

func TestProvenance(t *testing.T) {
	for p, want := range map[Provenance]string{FromOrigin: "origin", FromCache: "cache", FromPeer: "peer", 0: "unknown(0)", 9: "unknown(9)"} {
		if got := p.String(); got != want {
			t.Errorf("Provenance(%d).String() = %q, want %q", p, got, want)
		}
		if valid := want != "unknown(0)" && want != "unknown(9)"; p.Valid() != valid {
			t.Errorf("Provenance(%d).Valid() = %v", p, p.Valid())
		}
	}
	if int(FromPeer) != Provenances-1 {
		t.Errorf("Provenances = %d, the highest is %d", Provenances, FromPeer)
	}
}
