// Package fleet is what the hosts of a LAN that all run `slget serve` agree
// on without talking: who owns each run of slices, and which of them are
// alive.
//
// Ownership is rendezvous (highest random weight) hashing held to an equal
// share (Owners): every member scores every run key, and the run's owner
// is the live member with the highest score that does not already own its
// equal share of the file's runs; the others follow in the order of their
// scores. Every host that sees the same live members names the same owner,
// a member that joins takes mostly the runs it now scores highest on, and
// one that leaves hands mostly its own runs to their successors. A run is
// RunSlices slices, so that a client's ranges stay several slices long and
// one origin request of a fill covers a run.
//
// Members is the list of peers a client or a serve knows (given, or found
// by discovery) with their health: each is asked GET /healthz, dropped
// while it does not answer in time, and taken back when it answers again.
// A serve says who it is in its /healthz answer (HeaderID), so that a serve
// finds itself in a list that names it by any of its addresses.
// Its process says who it is too (HeaderInstance): one ID answered by two
// processes is claimed by two serves, and both are set aside and reported,
// so that a copy of a member's ID cannot take its runs unnoticed. The
// instance is the serve's run, too: every request signed with the fleet
// key names the run of the serve it is sent to (Key.SignRequest), learned
// from its signed /healthz (Key.LearnRun), so that a request overheard on
// the LAN is refused by every other member and by the same one after a
// restart (RunError), and within the run by its nonce (Replays).
//
// Health checks cost N² requests every 2 s in a fleet of N (with its
// clients). Package fleet/gossip keeps the membership by gossip instead
// (hashicorp/memberlist, sealed with the fleet key): another View, which a
// serve takes in place of Members, the lists and discovery then naming only
// members to join through. A member the lists name that keeps no gossip
// but proves the key is checked and ranked with the gossip's members all
// the same (Mixed), and each membership marks the other's members
// (Health.Membership): a mixed fleet names one set of owners, and says it
// is mixed.
//
// Quiet says what the health checks find in few lines: the members that do
// not answer in one summary, then a line when some go down or come back, no
// oftener than a rate, so that a list of 50 dead members is one warning.
//
// The package knows nothing of caches or downloads: it is pure values plus
// the health checks, so that a program that downloads links it cheaply
// (the gossip is a package of its own for that reason).
//
// # Caveats
//
// Two hosts with different views of the live members may name different
// owners for a while (a peer just lost, a health check not yet run): the
// cost is a slice fetched twice from the origin, never a wrong byte, for
// every answer is checked as the origin's are.
package fleet
