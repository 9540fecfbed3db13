// Package gossip is a fleet's membership on hashicorp/memberlist: SWIM
// gossip and failure detection, every packet and stream sealed with a key
// derived from the fleet key, so that a host without the fleet token can
// neither join the gossip nor read it.
//
// A *Gossip is a fleet.View: a serve takes it as its fleet in place of the
// health-checked fleet.Members. Where every member of a health-checked
// fleet asks every other member's /healthz every 2 s (N² requests), a
// gossip member probes one random member a second and piggybacks what it
// learns on those probes: the traffic of one host stays nearly flat as the
// fleet grows (BENCHMARKS.md has the figures at 4 to 256 members).
//
// Each member is a memberlist node whose name is its fleet ID (the
// X-Slget-Id of its /healthz) and whose meta names its HTTP address and
// slget's version. Static lists, mDNS and the fleet file only give seeds
// to Join: membership is what holds the key.
//
// # One identity per member
//
// memberlist refuses a second node of a name it already knows at another
// address, and tells its ConflictDelegate. A Gossip then sets that ID
// aside: neither claimant is live (no run goes to either), the conflict is
// logged once as an error and shown in Status, and it is gossiped to the
// other members, so that every member sets the ID aside, not only those
// that saw the second claim. The ID is taken back ConflictHold after the
// last sign of the conflict.
//
// # Caveats
//
// memberlist does not tell its user which members it suspects: a suspect
// member stays live (SWIM's point: a suspect may refute) until it is
// declared dead, a few seconds later. Status shows a member as alive, or
// as gone (dead or left).
//
// A serve restarted within the reclaim time (ReclaimTime) on another
// address is a conflict with its own former self, and is set aside for
// ConflictHold.
//
// Anyone holding the fleet key is a member: the key keeps outsiders out,
// not a member that lies.
package gossip
