// PeerHealth: what the fleet knows of another peer, as GET /status shows it.

package peer

import "time"

// PeerHealth is the health of one other peer of the fleet, as the code that
// checks the fleet's peers sees it (see Config.Peers).
type PeerHealth struct {
	Addr     string    // the peer's address, as the fleet names it
	Healthy  bool      // whether it answered its last check
	LastSeen time.Time // when it last answered; zero for never
	Err      string    // why its last check failed; "" when it did not
}
