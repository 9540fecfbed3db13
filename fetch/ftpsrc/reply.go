// Replies of an FTP server: the reply reader (one line or several) and the
// parsers of the answers to EPSV, PASV, SIZE and MDTM.

package ftpsrc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Reply is one answer of the server: its three-digit code and its text
// (the lines of a multi-line reply joined by "\n", without the codes).
type Reply struct {
	Code int
	Text string
}

func (r Reply) String() string { return fmt.Sprintf("%d %s", r.Code, r.Text) }

// ErrProtocol says the server's words are not FTP's.
var ErrProtocol = errors.New("not an FTP reply")

// Limits that keep a server from making slget read without end.
const (
	maxLine  = 8 << 10 // one line of a reply
	maxLines = 1000    // lines of one multi-line reply
)

// ReadReply reads one reply: "123 text", or "123-text" and lines up to
// the one that starts "123 " (RFC 959 4.2).
func ReadReply(r *bufio.Reader) (Reply, error) {
	first, err := readLine(r)
	if err != nil {
		return Reply{}, err
	}
	code, ok := replyCode(first)
	if !ok {
		return Reply{}, fmt.Errorf("%w: %q", ErrProtocol, clip(first))
	}
	if len(first) == 3 || first[3] == ' ' {
		return Reply{Code: code, Text: strings.TrimPrefix(first[3:], " ")}, nil
	}
	if first[3] != '-' {
		return Reply{}, fmt.Errorf("%w: %q", ErrProtocol, clip(first))
	}
	lines := []string{first[4:]}
	for len(lines) < maxLines {
		l, err := readLine(r)
		if err != nil {
			return Reply{}, err
		}
		if len(l) >= 3 && l[:3] == first[:3] && (len(l) == 3 || l[3] == ' ') {
			return Reply{Code: code, Text: strings.Join(append(lines, strings.TrimPrefix(l[3:], " ")), "\n")}, nil
		}
		lines = append(lines, l)
	}
	return Reply{}, fmt.Errorf("%w: a reply of more than %d lines", ErrProtocol, maxLines)
}

// replyCode reads the three digits that open a reply (1xx to 5xx).
func replyCode(l string) (int, bool) {
	if len(l) < 3 || l[0] < '1' || l[0] > '5' || l[1] < '0' || l[1] > '9' || l[2] < '0' || l[2] > '9' {
		return 0, false
	}
	return int(l[0]-'0')*100 + int(l[1]-'0')*10 + int(l[2]-'0'), true
}

// readLine reads a line up to "\n", without its "\r\n".
func readLine(r *bufio.Reader) (string, error) {
	var buf []byte
	for {
		part, err := r.ReadSlice('\n')
		buf = append(buf, part...)
		if len(buf) > maxLine {
			return "", fmt.Errorf("%w: a line longer than %d bytes", ErrProtocol, maxLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return "", err
		}
		return string(bytes.TrimRight(buf, "\r\n")), nil
	}
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// ParseEPSV reads the port of "229 Entering Extended Passive Mode
// (|||port|)" (RFC 2428): the delimiter is whatever character follows the
// parenthesis.
func ParseEPSV(text string) (int, error) {
	i := strings.IndexByte(text, '(')
	if i < 0 || len(text) < i+5 {
		return 0, fmt.Errorf("%w: EPSV answered %q", ErrProtocol, clip(text))
	}
	s := text[i+1:]
	d := s[0]
	if d < 33 || d > 126 || s[1] != d || s[2] != d {
		return 0, fmt.Errorf("%w: EPSV answered %q", ErrProtocol, clip(text))
	}
	s = s[3:]
	j := strings.IndexByte(s, d)
	if j < 0 || j+1 >= len(s) || s[j+1] != ')' {
		return 0, fmt.Errorf("%w: EPSV answered %q", ErrProtocol, clip(text))
	}
	return port(s[:j], text, "EPSV")
}

func port(s, text, cmd string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 65535 || s[0] == '+' || s[0] == '-' {
		return 0, fmt.Errorf("%w: %s answered %q", ErrProtocol, cmd, clip(text))
	}
	return n, nil
}

// ParsePASV reads the port of "227 Entering Passive Mode
// (h1,h2,h3,h4,p1,p2)". The address the server names is not returned:
// the data connection goes to the control connection's host, whatever the
// server says (as curl does by default), so no server aims slget at
// another host.
func ParsePASV(text string) (int, error) {
	i := strings.IndexAny(text, "0123456789")
	if i < 0 {
		return 0, fmt.Errorf("%w: PASV answered %q", ErrProtocol, clip(text))
	}
	s := text[i:]
	var n [6]int
	for k := range n {
		j := 0
		for j < len(s) && j < 3 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		v, err := strconv.Atoi(s[:j])
		if j == 0 || err != nil || v > 255 {
			return 0, fmt.Errorf("%w: PASV answered %q", ErrProtocol, clip(text))
		}
		n[k], s = v, s[j:]
		if k < 5 {
			if len(s) == 0 || s[0] != ',' {
				return 0, fmt.Errorf("%w: PASV answered %q", ErrProtocol, clip(text))
			}
			s = s[1:]
		}
	}
	return port(strconv.Itoa(n[4]*256+n[5]), text, "PASV")
}

// ParseSize reads the answer to SIZE: a number of bytes.
func ParseSize(text string) (int64, error) {
	text = strings.TrimSpace(text)
	if text == "" || strings.Trim(text, "0123456789") != "" {
		return 0, fmt.Errorf("%w: SIZE answered %q", ErrProtocol, clip(text))
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%w: SIZE answered %q", ErrProtocol, clip(text))
	}
	return n, nil
}

// ParseMDTM reads the answer to MDTM: YYYYMMDDhhmmss[.sss] in UTC
// (RFC 3659 2.3), the fraction as precise as the server gives it.
func ParseMDTM(text string) (time.Time, error) {
	text = strings.TrimSpace(text)
	base, frac, hasFrac := strings.Cut(text, ".")
	bad := func() (time.Time, error) {
		return time.Time{}, fmt.Errorf("%w: MDTM answered %q", ErrProtocol, clip(text))
	}
	if len(base) != 14 || strings.Trim(base, "0123456789") != "" {
		return bad()
	}
	if hasFrac && (frac == "" || len(frac) > 9 || strings.Trim(frac, "0123456789") != "") {
		return bad()
	}
	t, err := time.ParseInLocation("20060102150405", base, time.UTC)
	if err != nil {
		return bad()
	}
	if hasFrac {
		ns, _ := strconv.Atoi((frac + "000000000")[:9])
		t = t.Add(time.Duration(ns))
	}
	return t, nil
}
