// A method's answer as an XML-RPC methodResponse, in the
// form aria2c writes: strings as <string>, numbers as <int>, structs
// with their members in name order, an error as a <fault> whose
// faultCode is 1.

package aria2rpc

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"unicode/utf8"
)

// xmlAnswer is the methodResponse for a method's result, or its error.
func xmlAnswer(res any, err *Error) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0"?><methodResponse>`)
	if err != nil {
		b.WriteString("<fault>")
		writeXMLValue(&b, err)
		b.WriteString("</fault>")
	} else {
		b.WriteString("<params><param>")
		writeXMLValue(&b, res)
		b.WriteString("</param></params>")
	}
	b.WriteString("</methodResponse>")
	return b.Bytes()
}

// writeXMLValue writes v as a <value>: nothing for nil (as aria2 writes
// nothing for a null), an *Error as XML-RPC's fault struct.
func writeXMLValue(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case nil:
		return
	case *Error:
		if x == nil {
			return
		}
		b.WriteString("<value><struct><member><name>faultCode</name><value><int>")
		b.WriteString(strconv.Itoa(x.Code))
		b.WriteString("</int></value></member><member><name>faultString</name>")
		writeXMLValue(b, x.Message)
		b.WriteString("</member></struct></value>")
		return
	case string:
		b.WriteString("<value><string>")
		escapeXML(b, x)
		b.WriteString("</string></value>")
		return
	case []byte:
		b.WriteString("<value><base64>")
		b.WriteString(base64.StdEncoding.EncodeToString(x))
		b.WriteString("</base64></value>")
		return
	case json.Number:
		if _, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			b.WriteString("<value><int>" + string(x) + "</int></value>")
		} else {
			b.WriteString("<value><double>" + string(x) + "</double></value>")
		}
		return
	}
	writeXMLReflect(b, reflect.ValueOf(v))
}

// writeXMLReflect writes the kinds of value a method answers with
// (numbers, booleans, lists, maps of string keys); anything else is
// written as its JSON form, the form JSON-RPC answers it in.
func writeXMLReflect(b *bytes.Buffer, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			writeXMLValue(b, v.Elem().Interface())
		}
	case reflect.String:
		writeXMLValue(b, v.String())
	case reflect.Bool:
		if v.Bool() {
			b.WriteString("<value><boolean>1</boolean></value>")
		} else {
			b.WriteString("<value><boolean>0</boolean></value>")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.WriteString("<value><int>" + strconv.FormatInt(v.Int(), 10) + "</int></value>")
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		b.WriteString("<value><int>" + strconv.FormatUint(v.Uint(), 10) + "</int></value>")
	case reflect.Float32, reflect.Float64:
		b.WriteString("<value><double>" + strconv.FormatFloat(v.Float(), 'g', -1, 64) + "</double></value>")
	case reflect.Slice, reflect.Array:
		b.WriteString("<value><array><data>")
		for i := range v.Len() {
			writeXMLValue(b, v.Index(i).Interface())
		}
		b.WriteString("</data></array></value>")
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			writeXMLJSON(b, v.Interface())
			return
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(x, y reflect.Value) int {
			switch a, c := x.String(), y.String(); {
			case a < c:
				return -1
			case a > c:
				return 1
			}
			return 0
		})
		b.WriteString("<value><struct>")
		for _, k := range keys {
			b.WriteString("<member><name>")
			escapeXML(b, k.String())
			b.WriteString("</name>")
			writeXMLValue(b, v.MapIndex(k).Interface())
			b.WriteString("</member>")
		}
		b.WriteString("</struct></value>")
	default:
		writeXMLJSON(b, v.Interface())
	}
}

// writeXMLJSON writes v as its JSON form read back: maps, lists, strings
// and numbers.
func writeXMLJSON(b *bytes.Buffer, v any) {
	raw, err := json.Marshal(v)
	if err != nil {
		return
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var g any
	if d.Decode(&g) == nil {
		writeXMLValue(b, g)
	}
}

// escapeXML writes s as XML text, escaped as aria2 escapes it (&, <, >,
// ' and "), with a carriage return kept as a reference (a parser would
// read a bare one as a line feed) and what XML 1.0 cannot hold (other
// control characters, bytes that are not UTF-8) written as U+FFFD, so
// the answer is always a well-formed document.
func escapeXML(b *bytes.Buffer, s string) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '\'':
			b.WriteString("&#39;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\r':
			b.WriteString("&#13;")
		case r == utf8.RuneError && n == 1, !xmlChar(r):
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
}

// xmlChar is true for a character XML 1.0 allows in a document.
func xmlChar(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' ||
		r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}
