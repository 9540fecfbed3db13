// A download as tellStatus, getFiles, getUris and getServers
// show it, numbers as strings, filtered by the keys asked for.

package aria2rpc

import (
	"encoding/hex"
	"path/filepath"
	"strconv"

	"github.com/slget/slget"
	"github.com/slget/slget/queue"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// status is tellStatus's object for in, with only keys when given.
func (s *Server) status(in queue.Info, keys []string) map[string]any {
	m := map[string]any{
		"gid":             in.GID.String(),
		"status":          string(in.State),
		"totalLength":     itoa(in.Total),
		"completedLength": itoa(in.Done),
		"uploadLength":    "0",
		"downloadSpeed":   itoa(in.Speed),
		"uploadSpeed":     "0",
		"connections":     itoa(int64(in.Connections)),
		"dir":             in.Spec.Options["dir"],
		"files":           s.files(in),
		"numPieces":       itoa(s.pieces(in.Total)),
		"pieceLength":     itoa(s.PieceLength),
	}
	if in.PieceLength > 0 && in.Pieces != nil {
		// The download's own slices, once known (its journal's, a
		// min-split-size of its own), and which of them are in: aria2
		// shows no bitfield before a download starts.
		m["numPieces"], m["pieceLength"] = itoa(int64(len(in.Pieces))), itoa(in.PieceLength)
		m["bitfield"] = bitfield(in.Pieces)
	}
	switch in.State {
	case queue.Error, queue.Complete:
		m["errorCode"] = itoa(int64(in.ErrorCode))
		m["errorMessage"] = in.ErrorMessage
	case queue.Removed:
		// aria2's code for a download removed by a client (REMOVED).
		m["errorCode"] = itoa(codeRemoved)
		m["errorMessage"] = in.ErrorMessage
	}
	if len(keys) == 0 {
		return m
	}
	out := make(map[string]any, len(keys))
	for _, k := range keys {
		if v, ok := m[k]; ok {
			out[k] = v
		}
	}
	return out
}

func (s *Server) pieces(total int64) int64 {
	if s.PieceLength <= 0 || total <= 0 {
		return 0
	}
	return (total + s.PieceLength - 1) / s.PieceLength
}

// path is where in's file is, or will be: "" until known.
func path(in queue.Info) string {
	if in.Path != "" {
		return in.Path
	}
	if out := in.Spec.Options["out"]; out != "" {
		return filepath.Join(in.Spec.Options["dir"], filepath.FromSlash(out))
	}
	return ""
}

// files is getFiles's list: one file per download.
func (s *Server) files(in queue.Info) []map[string]any {
	return []map[string]any{{
		"index":           "1",
		"path":            path(in),
		"length":          itoa(in.Total),
		"completedLength": itoa(in.Done),
		"selected":        "true",
		"uris":            uris(in),
	}}
}

// uris is getUris's list: the first URI used while the download runs
// (and after), a mirror used while a connection fetches from it, the
// others waiting.
func uris(in queue.Info) []map[string]string {
	out := make([]map[string]string, 0, len(in.Spec.URIs))
	for i, u := range in.Spec.URIs {
		st := "waiting"
		if i == 0 && in.State != queue.Waiting && in.State != queue.Paused {
			st = "used"
		}
		if _, inUse := in.Mirrors[slget.Redact(u)]; i > 0 && inUse {
			st = "used"
		}
		out = append(out, map[string]string{"uri": u, "status": st})
	}
	return out
}

// servers is getServers's list for a running download: the first URI,
// and each mirror a connection fetches from now, with its speed (the
// first URI's is what the mirrors leave of the download's).
func servers(in queue.Info) []map[string]any {
	var list []map[string]string
	if len(in.Spec.URIs) > 0 {
		speed := in.Speed
		for _, v := range in.Mirrors {
			speed -= v
		}
		list = append(list, map[string]string{"uri": in.Spec.URIs[0], "currentUri": in.Spec.URIs[0], "downloadSpeed": itoa(max(speed, 0))})
	}
	for _, u := range in.Spec.URIs[min(1, len(in.Spec.URIs)):] {
		if v, inUse := in.Mirrors[slget.Redact(u)]; inUse {
			list = append(list, map[string]string{"uri": u, "currentUri": u, "downloadSpeed": itoa(v)})
		}
	}
	return []map[string]any{{"index": "1", "servers": list}}
}

// window is tellWaiting's and tellStopped's slice of list: num downloads
// from offset, or with a negative offset, counted from the end and listed
// backwards, as aria2 does.
func window(list []queue.Info, offset, num int) []queue.Info {
	out := []queue.Info{}
	if num <= 0 {
		return out
	}
	if offset >= 0 {
		for i := offset; i < len(list) && len(out) < num; i++ {
			out = append(out, list[i])
		}
		return out
	}
	for i := len(list) + offset; i >= 0 && i < len(list) && len(out) < num; i-- {
		out = append(out, list[i])
	}
	return out
}

// codeRemoved is the errorCode aria2 gives a removed download.
const codeRemoved = 31

// bitfield is aria2's bitfield of pieces: a hex string, the highest bit of
// the first byte for piece 0, overflow bits zero.
func bitfield(pieces []bool) string {
	b := make([]byte, (len(pieces)+7)/8)
	for i, ok := range pieces {
		if ok {
			b[i/8] |= 0x80 >> (i % 8)
		}
	}
	return hex.EncodeToString(b)
}
