// Reading a call's positional parameters in aria2's shapes, with
// aria2's "wrong type" answers.

package aria2rpc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/slget/slget/queue"
)

// args are a call's parameters after the token.
type args []json.RawMessage

func wrongType(i int) *Error { return failed(fmt.Sprintf("The parameter at %d has wrong type.", i)) }

func (a args) has(i int) bool {
	return i < len(a) && !bytes.Equal(bytes.TrimSpace(a[i]), []byte("null"))
}

// str is parameter i as a string.
func (a args) str(i int) (string, *Error) {
	var s string
	if i >= len(a) || json.Unmarshal(a[i], &s) != nil {
		return "", wrongType(i)
	}
	return s, nil
}

// gid is parameter i as a GID; one that cannot be is not found.
func (a args) gid(i int) (queue.GID, *Error) {
	s, err := a.str(i)
	if err != nil {
		return 0, err
	}
	g, perr := queue.ParseGID(s)
	if perr != nil {
		// As aria2c: hex digits that name no download are "not found";
		// anything else (empty, other characters, more than 16) is invalid.
		if len(s) == 0 || len(s) > 16 || strings.Trim(strings.ToLower(s), "0123456789abcdef") != "" {
			return 0, failed("Invalid GID " + s)
		}
		return 0, failed(fmt.Sprintf("GID %s is not found", s))
	}
	return g, nil
}

// int is parameter i as an integer (a JSON number, or a string of one),
// def when absent.
func (a args) int(i, def int) (int, *Error) {
	if !a.has(i) {
		return def, nil
	}
	var n json.Number
	if json.Unmarshal(a[i], &n) != nil {
		var s string
		if json.Unmarshal(a[i], &s) != nil {
			return 0, wrongType(i)
		}
		n = json.Number(s)
	}
	v, err := strconv.Atoi(n.String())
	if err != nil {
		return 0, wrongType(i)
	}
	return v, nil
}

// strs is parameter i as a list of strings; nil when absent.
func (a args) strs(i int) ([]string, *Error) {
	if !a.has(i) {
		return nil, nil
	}
	var l []string
	if json.Unmarshal(a[i], &l) != nil {
		return nil, wrongType(i)
	}
	return l, nil
}

// options is parameter i as aria2's options object: each value a string
// (a number or a boolean is taken as its text), or a list of strings (as
// header takes), kept joined by "\n". Empty when absent. A control
// character anywhere is refused: values end up in request headers and in
// the session file's lines.
func (a args) options(i int) (map[string]string, *Error) {
	out := map[string]string{}
	if !a.has(i) {
		return out, nil
	}
	var raw map[string]json.RawMessage
	if json.Unmarshal(a[i], &raw) != nil {
		return nil, wrongType(i)
	}
	for k, v := range raw {
		var s string
		var l []string
		var n json.Number
		var b bool
		switch {
		case json.Unmarshal(v, &s) == nil:
			l = []string{s}
		case json.Unmarshal(v, &l) == nil:
		case json.Unmarshal(v, &n) == nil:
			l = []string{n.String()}
		case json.Unmarshal(v, &b) == nil:
			l = []string{strconv.FormatBool(b)}
		default:
			return nil, failed(fmt.Sprintf("option %s: want a string", k))
		}
		if hasControl(k) || k == "" {
			return nil, failed(fmt.Sprintf("option %q: not an option name", k))
		}
		for _, e := range l {
			if hasControl(e) {
				return nil, failed(fmt.Sprintf("option %s: a control character in its value", k))
			}
		}
		out[k] = inBytes(k, strings.Join(l, "\n"))
	}
	return out, nil
}

// hasControl is true when s holds a control character (a line break, a
// tab, NUL, DEL).
func hasControl(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0
}

// addOptions reads what follows the first parameter of an add call
// (addUri, addMetalink): the options at 1 and the position at 2, -1 when
// none is given.
func (a args) addOptions() (map[string]string, int, *Error) {
	opts, err := a.options(1)
	if err != nil {
		return nil, 0, err
	}
	pos, err := a.int(2, -1)
	if err != nil {
		return nil, 0, err
	}
	return opts, pos, nil
}
