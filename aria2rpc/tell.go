// The methods that say what the daemon holds: statuses, options,
// totals, its version and session.

package aria2rpc

import (
	"crypto/rand"
	"encoding/hex"
	"maps"

	"github.com/slget/slget/queue"
)

// tellStatus(gid, keys?)
func tellStatus(s *Server, a args) (any, *Error, func()) {
	g, err := a.gid(0)
	if err != nil {
		return nil, err, nil
	}
	keys, err := a.strs(1)
	if err != nil {
		return nil, err, nil
	}
	in, qerr := s.Queue.Get(g)
	if qerr != nil {
		return nil, queueErr(qerr, g, "get"), nil
	}
	return s.status(in, keys), nil, nil
}

// download is the download whose GID is the first parameter, for a
// method that has no other.
func (s *Server) download(a args) (queue.Info, *Error) {
	g, err := a.gid(0)
	if err != nil {
		return queue.Info{}, err
	}
	in, qerr := s.Queue.Get(g)
	if qerr != nil {
		return queue.Info{}, queueErr(qerr, g, "get")
	}
	return in, nil
}

// lists answers getUris, getFiles and getServers of one download.
func lists(name string) method {
	return func(s *Server, a args) (any, *Error, func()) {
		in, err := s.download(a)
		if err != nil {
			return nil, err, nil
		}
		switch name {
		case "aria2.getUris":
			return uris(in), nil, nil
		case "aria2.getFiles":
			return s.files(in), nil, nil
		}
		if in.State != queue.Active {
			return nil, failed("No active download for GID#" + in.GID.String()), nil
		}
		return servers(in), nil, nil
	}
}

func (s *Server) statuses(list []queue.Info, keys []string) []map[string]any {
	out := make([]map[string]any, 0, len(list))
	for _, in := range list {
		out = append(out, s.status(in, keys))
	}
	return out
}

// tellActive(keys?)
func tellActive(s *Server, a args) (any, *Error, func()) {
	keys, err := a.strs(0)
	if err != nil {
		return nil, err, nil
	}
	return s.statuses(s.Queue.Active(), keys), nil, nil
}

// tellWindow answers tellWaiting or tellStopped (offset, num, keys?).
func tellWindow(waiting bool) method {
	return func(s *Server, a args) (any, *Error, func()) {
		offset, err := a.int(0, 0)
		if err != nil {
			return nil, err, nil
		}
		if !a.has(1) {
			return nil, wrongType(1), nil
		}
		num, err := a.int(1, 0)
		if err != nil {
			return nil, err, nil
		}
		keys, err := a.strs(2)
		if err != nil {
			return nil, err, nil
		}
		list := s.Queue.Stopped()
		if waiting {
			list = s.Queue.Waiting()
		}
		return s.statuses(window(list, offset, num), keys), nil, nil
	}
}

func (s *Server) globalOptions() map[string]string {
	if s.Options == nil {
		return map[string]string{"dir": s.Root}
	}
	return optionsInBytes(s.Options())
}

// getOption(gid): the global options under the download's own.
func getOption(s *Server, a args) (any, *Error, func()) {
	in, err := s.download(a)
	if err != nil {
		return nil, err, nil
	}
	o := maps.Clone(s.globalOptions())
	maps.Copy(o, in.Spec.Options)
	return o, nil, nil
}

func getGlobalOption(s *Server, _ args) (any, *Error, func()) {
	return s.globalOptions(), nil, nil
}

func getGlobalStat(s *Server, _ args) (any, *Error, func()) {
	st := s.Queue.Stats()
	return map[string]string{
		"downloadSpeed":   itoa(st.Speed),
		"uploadSpeed":     "0",
		"numActive":       itoa(int64(st.NumActive)),
		"numWaiting":      itoa(int64(st.NumWaiting)),
		"numStopped":      itoa(int64(st.NumStopped)),
		"numStoppedTotal": itoa(int64(st.NumStoppedTotal)),
	}, nil, nil
}

// getVersion: slget's version and what it can do, in aria2's feature
// names.
func getVersion(s *Server, _ args) (any, *Error, func()) {
	return map[string]any{
		"version":         s.Version,
		"enabledFeatures": []string{"HTTPS", "Message Digest", "Metalink", "XML-RPC"},
	}, nil, nil
}

// getSessionInfo: a random ID made once per Server.
func getSessionInfo(s *Server, _ args) (any, *Error, func()) {
	s.sessionOnce.Do(func() {
		var b [20]byte
		_, _ = rand.Read(b[:])
		s.sessionID = hex.EncodeToString(b[:])
	})
	return map[string]string{"sessionId": s.sessionID}, nil, nil
}
