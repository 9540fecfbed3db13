// Aria2's methods, by name, and the token each call carries.

package aria2rpc

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/slget/slget/queue"
)

// method answers one call; after, if not nil, runs once the answer is sent.
type method func(s *Server, a args) (res any, err *Error, after func())

// methodNames are aria2's method names in the order listMethods gives them.
var methodNames = []string{
	"aria2.addUri", "aria2.addTorrent", "aria2.getPeers", "aria2.addMetalink", "aria2.remove", "aria2.pause",
	"aria2.forcePause", "aria2.pauseAll", "aria2.forcePauseAll", "aria2.unpause", "aria2.unpauseAll",
	"aria2.forceRemove", "aria2.changePosition", "aria2.tellStatus", "aria2.getUris", "aria2.getFiles",
	"aria2.getServers", "aria2.tellActive", "aria2.tellWaiting", "aria2.tellStopped", "aria2.getOption",
	"aria2.changeUri", "aria2.changeOption", "aria2.getGlobalOption", "aria2.changeGlobalOption",
	"aria2.purgeDownloadResult", "aria2.removeDownloadResult", "aria2.getVersion", "aria2.getSessionInfo",
	"aria2.shutdown", "aria2.forceShutdown", "aria2.getGlobalStat", "aria2.saveSession", "system.multicall",
	"system.listMethods", "system.listNotifications",
}

// notificationNames are what listNotifications says: aria2's, but the
// BitTorrent one.
var notificationNames = []string{
	"aria2.onDownloadStart", "aria2.onDownloadPause", "aria2.onDownloadStop", "aria2.onDownloadComplete", "aria2.onDownloadError",
}

// methodOf returns the method called name; nil for none.
func methodOf(name string) method {
	switch name {
	case "aria2.addUri":
		return addURI
	case "aria2.addMetalink":
		return addMetalink
	case "aria2.addTorrent", "aria2.getPeers", "aria2.changeUri":
		return unsupported
	case "aria2.remove", "aria2.forceRemove":
		return onGID("remove", (*queue.Queue).Remove)
	case "aria2.pause", "aria2.forcePause":
		return onGID("pause", (*queue.Queue).Pause)
	case "aria2.pauseAll", "aria2.forcePauseAll":
		return onAll((*queue.Queue).PauseAll)
	case "aria2.unpause":
		return onGID("unpause", (*queue.Queue).Unpause)
	case "aria2.unpauseAll":
		return onAll((*queue.Queue).UnpauseAll)
	case "aria2.changePosition":
		return changePosition
	case "aria2.tellStatus":
		return tellStatus
	case "aria2.getUris", "aria2.getFiles", "aria2.getServers":
		return lists(name)
	case "aria2.tellActive":
		return tellActive
	case "aria2.tellWaiting", "aria2.tellStopped":
		return tellWindow(name == "aria2.tellWaiting")
	case "aria2.getOption":
		return getOption
	case "aria2.changeOption":
		return changeOption
	case "aria2.getGlobalOption":
		return getGlobalOption
	case "aria2.changeGlobalOption":
		return changeGlobalOption
	case "aria2.purgeDownloadResult":
		return onAll((*queue.Queue).PurgeResults)
	case "aria2.removeDownloadResult":
		return removeResult
	case "aria2.getVersion":
		return getVersion
	case "aria2.getSessionInfo":
		return getSessionInfo
	case "aria2.shutdown", "aria2.forceShutdown":
		return shutdown(name == "aria2.forceShutdown")
	case "aria2.getGlobalStat":
		return getGlobalStat
	case "aria2.saveSession":
		return saveSession
	case "system.listMethods":
		return func(*Server, args) (any, *Error, func()) { return methodNames, nil, nil }
	case "system.listNotifications":
		return func(*Server, args) (any, *Error, func()) { return notificationNames, nil, nil }
	}
	return nil
}

// dispatch answers one call: its token checked, then its method.
func (s *Server) dispatch(c call) (any, *Error, func()) {
	if c.bad {
		return nil, errInvalid, nil
	}
	if c.badArg {
		return nil, errParams, nil
	}
	if c.Method == "system.multicall" {
		return s.multicall(args(c.Params))
	}
	return s.invoke(c.Method, c.Params)
}

// invoke runs method name with params (the token first, for aria2.*).
func (s *Server) invoke(name string, params []json.RawMessage) (any, *Error, func()) {
	m := methodOf(name)
	a := args(params)
	token, hasToken := "", false
	if len(a) > 0 {
		if t, err := a.str(0); err == nil && strings.HasPrefix(t, "token:") {
			token, hasToken, a = strings.TrimPrefix(t, "token:"), true, a[1:]
		}
	}
	// listMethods and listNotifications say only names: no token, as
	// aria2. A method that does not exist is no answer to one without the
	// token either: aria2 checks the token first.
	if s.Secret != "" && (m == nil || strings.HasPrefix(name, "aria2.")) && (!hasToken || !s.tokenOK(token)) {
		return nil, errUnauthorized, nil
	}
	if m == nil {
		return nil, failed("No such method: " + name), nil
	}
	return m(s, a)
}

// multicall runs each {methodName, params} of its one parameter; each
// answer is [result] or the error object, as aria2: an entry that is not
// a struct, or has no methodName, is answered with an error in its place,
// and params that are not a list are none.
func (s *Server) multicall(a args) (any, *Error, func()) {
	if len(a) == 0 {
		return nil, failed("The parameter at 0 is required but missing."), nil
	}
	var entries []json.RawMessage
	if !a.has(0) || json.Unmarshal(a[0], &entries) != nil {
		return nil, wrongType(0), nil
	}
	out := make([]any, 0, len(entries))
	var after func()
	for _, raw := range entries {
		var c map[string]json.RawMessage
		var name *string
		var params []json.RawMessage
		switch {
		case json.Unmarshal(raw, &c) != nil || c == nil:
			out = append(out, failed("system.multicall expected struct."))
			continue
		case json.Unmarshal(c["methodName"], &name) != nil || name == nil:
			out = append(out, failed("Missing methodName."))
			continue
		case *name == "system.multicall":
			out = append(out, failed("Recursive system.multicall forbidden."))
			continue
		}
		_ = json.Unmarshal(c["params"], &params) // not a list: none, as aria2
		res, err, af := s.invoke(*name, params)
		if err != nil {
			out = append(out, err)
			continue
		}
		out = append(out, []any{res})
		if af != nil {
			after = af
		}
	}
	return out, nil, after
}

// queueErr is a queue error as aria2 words it for op.
func queueErr(err error, gid queue.GID, op string) *Error {
	var se *queue.StateError
	switch {
	case err == nil:
		return nil
	case queue.IsNotFound(err):
		return failed(fmt.Sprintf("GID %s is not found", gid))
	case errors.As(err, &se) && op == "remove":
		return failed(fmt.Sprintf("Active Download not found for GID#%s", gid))
	case errors.As(err, &se):
		return failed(fmt.Sprintf("GID#%s cannot be %s now", gid, se.Op))
	}
	return failed(err.Error())
}

func unsupported(*Server, args) (any, *Error, func()) {
	return nil, failed("BitTorrent and changing URIs are not supported: slget downloads HTTP(S) URLs, each from its URIs as given"), nil
}
