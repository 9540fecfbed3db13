// Reading an XML-RPC methodCall as aria2 reads it, with
// encoding/xml, its nesting bounded; what it reads becomes the same
// positional parameters a JSON-RPC call carries.

package aria2rpc

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxXMLDepth bounds how deep elements nest in a request. An XML-RPC
// call needs about 4 levels per array or struct; a multicall of calls
// with options in a struct reaches 20.
const maxXMLDepth = 100

// XMLError is a request body that is not an XML document, or one nested
// deeper than the daemon reads: aria2 answers it with HTTP 400 and no
// body.
type XMLError struct {
	Err error
}

func (e *XMLError) Error() string { return "XML-RPC request: " + e.Err.Error() }

func (e *XMLError) Unwrap() error { return e.Err }

var errTooDeep = fmt.Errorf("elements nested deeper than %d", maxXMLDepth)

// xmlCall is a parsed methodCall. Its values are what aria2 makes of
// XML-RPC's types: string (from <string>, <double>, or a <value> of bare
// text), int64 (from <int> or <i4>, within 32 bits), bool (<boolean>),
// []byte (<base64>, decoded), []any (<array>), map[string]any (<struct>).
// A value aria2 cannot read (<nil/>, <i8>, <dateTime.iso8601>, an empty
// <value/>, an <int> that is not one) is none: it is left out of its
// array, struct or parameter list, as aria2 leaves it out.
type xmlCall struct {
	Method string
	Params []any
}

// parseXMLCall reads body as a methodCall. A document whose root is not a
// methodCall is a call of no method, answered as aria2 answers a method
// that does not exist; a body that is not well-formed XML is an
// *XMLError.
func parseXMLCall(body []byte) (xmlCall, error) {
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = true
	r := &xmlReader{d: d}
	var c xmlCall
	root := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			if !root {
				return c, &XMLError{errors.New("no element found")}
			}
			return c, nil
		}
		if err != nil {
			return c, &XMLError{err}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if root {
				return c, &XMLError{errors.New("junk after the document element")}
			}
			root = true
			if t.Name.Local == "methodCall" {
				err = r.element(r.methodCall(&c), nil)
			} else {
				err = r.skip()
			}
			if err != nil {
				return c, &XMLError{err}
			}
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return c, &XMLError{errors.New("text outside the document element")}
			}
		}
	}
}

// xmlReader walks a document's elements, each method called just after
// its element's start and returning after its end.
type xmlReader struct {
	d     *xml.Decoder
	depth int
}

// element reads the current element's content up to its end: each child
// element goes to child (which must read it to its end), each run of
// text directly inside to text (if not nil).
func (r *xmlReader) element(child func(xml.StartElement) error, text func([]byte)) error {
	if r.depth++; r.depth > maxXMLDepth {
		return errTooDeep
	}
	defer func() { r.depth-- }()
	for {
		tok, err := r.d.Token()
		if err == io.EOF {
			return io.ErrUnexpectedEOF
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := child(t); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		case xml.CharData:
			if text != nil {
				text(t)
			}
		}
	}
}

// skip reads an element aria2 does not know, and what it holds, to its
// end; its text counts for nothing.
func (r *xmlReader) skip() error {
	return r.element(func(xml.StartElement) error { return r.skip() }, nil)
}

// textOf reads an element whose value is the text directly inside it.
func (r *xmlReader) textOf() (string, error) {
	var b strings.Builder
	err := r.element(func(xml.StartElement) error { return r.skip() }, func(t []byte) { b.Write(t) })
	return b.String(), err
}

func (r *xmlReader) methodCall(c *xmlCall) func(xml.StartElement) error {
	return func(se xml.StartElement) error {
		switch se.Name.Local {
		case "methodName":
			name, err := r.textOf()
			c.Method = name
			return err
		case "params":
			c.Params = []any{} // a later <params> starts again, as aria2's
			return r.element(r.list("param", r.param, &c.Params), nil)
		}
		return r.skip()
	}
}

// list reads the children named name of a <params> or <data>, each with
// read, into out; a child that gives no value adds none.
func (r *xmlReader) list(name string, read func() (any, error), out *[]any) func(xml.StartElement) error {
	return func(se xml.StartElement) error {
		if se.Name.Local != name {
			return r.skip()
		}
		v, err := read()
		if err == nil && v != nil {
			*out = append(*out, v)
		}
		return err
	}
}

// param reads a <param>: its <value>, the last one that gives one.
func (r *xmlReader) param() (any, error) {
	var v any
	err := r.element(func(se xml.StartElement) error {
		if se.Name.Local != "value" {
			return r.skip()
		}
		x, err := r.value()
		if x != nil {
			v = x
		}
		return err
	}, nil)
	return v, err
}

// value reads a <value>: its typed child, or else its text as a string
// (XML-RPC's default type); nil when it holds neither.
func (r *xmlReader) value() (any, error) {
	var v any
	var text strings.Builder
	err := r.element(func(se xml.StartElement) error {
		x, err := r.typed(se.Name.Local)
		if x != nil {
			v = x
		}
		return err
	}, func(t []byte) { text.Write(t) })
	if v == nil && text.Len() > 0 {
		v = text.String()
	}
	return v, err
}

// typed reads a <value>'s child element of type name.
func (r *xmlReader) typed(name string) (any, error) {
	switch name {
	case "string", "double":
		return r.textOf()
	case "int", "i4":
		s, err := r.textOf()
		if n, perr := strconv.ParseInt(strings.TrimSpace(s), 10, 32); perr == nil {
			return n, err
		}
		return nil, err
	case "boolean":
		s, err := r.textOf()
		switch strings.TrimSpace(s) {
		case "1", "true":
			return true, err
		case "0", "false":
			return false, err
		}
		return nil, err
	case "base64":
		s, err := r.textOf()
		return decodeXMLBase64(s), err
	case "array":
		l := []any{}
		err := r.element(func(se xml.StartElement) error {
			if se.Name.Local != "data" {
				return r.skip()
			}
			return r.element(r.list("value", r.value, &l), nil)
		}, nil)
		return l, err
	case "struct":
		m := map[string]any{}
		err := r.element(func(se xml.StartElement) error {
			if se.Name.Local != "member" {
				return r.skip()
			}
			return r.member(m)
		}, nil)
		return m, err
	}
	return nil, r.skip()
}

// member reads a <struct>'s <member> into m: one without a name or a
// value is left out, as aria2 leaves it out.
func (r *xmlReader) member(m map[string]any) error {
	var name string
	var v any
	err := r.element(func(se xml.StartElement) error {
		switch se.Name.Local {
		case "name":
			n, err := r.textOf()
			name = n
			return err
		case "value":
			x, err := r.value()
			v = x
			return err
		}
		return r.skip()
	}, nil)
	if name != "" && v != nil {
		m[name] = v
	}
	return err
}

// decodeXMLBase64 decodes base64 text split over lines, padded or not;
// text that is not base64 is no value.
func decodeXMLBase64(s string) any {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
	b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
	if err != nil {
		return nil
	}
	return b
}
