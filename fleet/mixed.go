// A mixed fleet: members that hold one fleet key but keep their membership
// two ways, some by gossip and some by health checks, ranked as one fleet
// and said aloud.

package fleet

import "strconv"

// HeaderPort is the header of a serve's health check of another member
// that names the port the serve listens on (Members.SetPort): a member in
// the gossip whose lists do not name the serve checks it back at the
// check's address and that port, and ranks it once it proves the key
// (Mixed).
const HeaderPort = "X-Slget-Port"

// SetPort makes every later check name port, the one the serve of these
// Members listens on (HeaderPort); 0, the default, names none.
func (m *Members) SetPort(port int) { m.port.Store(int32(port)) }

// portHeader is the HeaderPort value of a check, "" for none.
func (m *Members) portHeader() string {
	if p := m.port.Load(); p > 0 {
		return strconv.Itoa(int(p))
	}
	return ""
}

// The memberships a member may keep, as Health.Membership names them.
const (
	MembershipGossip = "gossip"
	MembershipChecks = "health checks"
)

// membership is what Status says of the membership of the member s when
// it is not the one these Members' serve keeps.
func (m *Members) membership(s *health) string {
	switch {
	case m.o.SelfID != "" && s.id == m.o.SelfID:
		return ""
	case m.o.Gossip && !s.gossip:
		return MembershipChecks
	case !m.o.Gossip && s.gossip:
		return MembershipGossip
	}
	return ""
}

// Mixed is the View of a serve in its fleet's gossip (In) that also ranks
// the members outside the gossip that its list names (Out, made with
// Options.Gossip): the members found by the fleet file, --peer or mDNS,
// or heard of by their own checks of this serve (HeaderPort), that hold
// the fleet key, prove it in their health checks, and keep no gossip. A serve without gossip ranks every member its checks prove,
// those in the gossip included; a serve in the gossip that ranked its
// gossip alone would name other owners than it, and the origin would
// fill their runs twice. So both rank every member proven by the key,
// whatever membership it keeps, and agree within a health check; only the
// members outside the gossip are checked, so a fleet all in the gossip
// costs no more checks than before.
type Mixed struct {
	In  View
	Out *Members
}

var _ View = Mixed{}

// Live lists In's live members, then Out's that In does not name (by ID),
// each with its address.
func (x Mixed) Live() []Member {
	live := x.In.Live()
	ids := make(map[string]bool, len(live))
	for _, m := range live {
		ids[m.ID] = true
	}
	for _, m := range x.Out.Live() {
		if m.Addr != "" && !ids[m.ID] {
			ids[m.ID] = true
			live = append(live, m)
		}
	}
	return live
}

// Status lists In's members, then Out's that In does not name (by ID),
// this serve's own entry left to In.
func (x Mixed) Status() []Health {
	st := x.In.Status()
	ids := make(map[string]bool, len(st))
	for _, h := range st {
		ids[h.ID] = true
	}
	for _, h := range x.Out.Status() {
		if h.Self || h.ID != "" && ids[h.ID] {
			continue
		}
		ids[h.ID] = h.ID != ""
		st = append(st, h)
	}
	return st
}
