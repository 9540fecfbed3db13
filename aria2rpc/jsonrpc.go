// JSON-RPC 2.0 framing as aria2 answers it: single calls and
// batches, aria2's parse and invalid-request errors.

package aria2rpc

import (
	"bytes"
	"encoding/json"
)

// The JSON-RPC error codes aria2 answers with.
const (
	codeParse   = -32700 // the body is not JSON
	codeInvalid = -32600 // JSON, but not a request
	codeParams  = -32602 // params that are not an array
	codeFailed  = 1      // every error of a method, as aria2
)

// Error is a JSON-RPC error object.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

func failed(msg string) *Error { return &Error{Code: codeFailed, Message: msg} }

var (
	errParse        = &Error{Code: codeParse, Message: "Parse error."}
	errInvalid      = &Error{Code: codeInvalid, Message: "Invalid Request."}
	errParams       = &Error{Code: codeParams, Message: "Invalid params."}
	errUnauthorized = failed("Unauthorized")
)

// call is one request of a body.
type call struct {
	ID     json.RawMessage   // null when absent
	Method string            // "" when the request is invalid
	Params []json.RawMessage // the positional parameters
	bad    bool              // not a request object, or one without an id
	badArg bool              // params that are not an array
}

// response is one answer.
type response struct {
	ID      json.RawMessage `json:"id"`
	JSONRPC string          `json:"jsonrpc"`
	Result  any             `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// parseBody reads a request body: one call, or a batch (a JSON array) of
// them. A body that is not JSON is errParse.
func parseBody(body []byte) (calls []call, batch bool, err *Error) {
	body = bytes.TrimSpace(body)
	if !json.Valid(body) {
		return nil, false, errParse
	}
	if len(body) > 0 && body[0] == '[' {
		var raws []json.RawMessage
		if json.Unmarshal(body, &raws) != nil {
			return nil, false, errParse
		}
		for _, r := range raws {
			// aria2 leaves out what is not an object: [1,2] is answered [].
			if r = bytes.TrimSpace(r); len(r) > 0 && r[0] == '{' {
				calls = append(calls, parseCall(r))
			}
		}
		return calls, true, nil
	}
	return []call{parseCall(body)}, false, nil
}

// parseCall reads one request object; a wrong shape is a call marked bad.
func parseCall(raw json.RawMessage) call {
	var obj struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	c := call{ID: json.RawMessage("null")}
	if json.Unmarshal(raw, &obj) != nil {
		c.bad = true
		return c
	}
	if len(obj.ID) == 0 {
		c.bad = true // a notification, which aria2 does not take
		return c
	}
	c.ID = obj.ID
	if obj.Method == nil {
		c.bad = true
		return c
	}
	c.Method = *obj.Method
	if p := bytes.TrimSpace(obj.Params); len(p) > 0 && !bytes.Equal(p, []byte("null")) {
		if json.Unmarshal(p, &c.Params) != nil {
			c.badArg = true // aria2 takes params as an array only
		}
	}
	return c
}
