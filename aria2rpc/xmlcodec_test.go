// Tests of the XML-RPC codec: the values a methodCall carries as aria2
// reads them, the answers as aria2c writes them, and the bodies refused.

package aria2rpc

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// call wraps params (each a <param>'s inside) in a methodCall of m.
func xmlCallOf(m string, params ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><methodCall><methodName>` + m + `</methodName><params>`)
	for _, p := range params {
		b.WriteString("<param>" + p + "</param>")
	}
	b.WriteString("</params></methodCall>")
	return b.String()
}

func TestParseXMLValues(t *testing.T) {
	for _, c := range []struct {
		name  string
		param string // one <param>'s inside
		want  []any  // the parameters read
	}{
		{"string", `<value><string>a &amp; b</string></value>`, []any{"a & b"}},
		{"empty string", `<value><string></string></value>`, []any{""}},
		{"untyped text is a string", `<value>plain</value>`, []any{"plain"}},
		{"CDATA", `<value><string><![CDATA[<x>]]></string></value>`, []any{"<x>"}},
		{"int", `<value><int>-42</int></value>`, []any{int64(-42)}},
		{"i4", `<value><i4> 7 </i4></value>`, []any{int64(7)}},
		{"int over 32 bits: none, as aria2", `<value><int>2147483648</int></value>`, []any{}},
		{"int that is not one: none", `<value><int>x</int></value>`, []any{}},
		{"boolean true", `<value><boolean>1</boolean></value>`, []any{true}},
		{"boolean false", `<value><boolean>0</boolean></value>`, []any{false}},
		{"double: its text, as aria2", `<value><double>1.5</double></value>`, []any{"1.5"}},
		{"base64", `<value><base64>aGVs
bG8=</base64></value>`, []any{[]byte("hello")}},
		{"base64 unpadded", `<value><base64>aGk</base64></value>`, []any{[]byte("hi")}},
		{"base64 that is not: none", `<value><base64>!!</base64></value>`, []any{}},
		{"nil: none, as aria2", `<value><nil/></value>`, []any{}},
		{"empty value: none, as aria2", `<value></value>`, []any{}},
		{"i8 and dateTime: none, as aria2", `<value><i8>1</i8></value>`, []any{}},
		{"array", `<value><array><data><value><string>a</string></value><value><nil/></value><value><int>1</int></value></data></array></value>`, []any{[]any{"a", int64(1)}}},
		{"empty array", `<value><array><data></data></array></value>`, []any{[]any{}}},
		{"struct", `<value><struct>
			<member><name>out</name><value><string>f.bin</string></value></member>
			<member><name>header</name><value><array><data><value>A: 1</value><value>B: 2</value></data></array></value></member>
			<member><name>gone</name><value><nil/></value></member>
			<member><value><string>no name</string></value></member>
			<member><name>out</name><value><string>last wins</string></value></member>
		</struct></value>`, []any{map[string]any{"out": "last wins", "header": []any{"A: 1", "B: 2"}}}},
		{"unknown elements are skipped", `<x>junk<y/></x><value><z><string>no</string></z><string>yes</string></value>`, []any{"yes"}},
		{"a prefix names the same element", `<value xmlns:p="urn:x"><p:string>ns</p:string></value>`, []any{"ns"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseXMLCall([]byte(xmlCallOf("m.x", c.param)))
			if err != nil {
				t.Fatal(err)
			}
			if got.Method != "m.x" || !reflect.DeepEqual(got.Params, c.want) {
				t.Fatalf("got %q %#v, want %#v", got.Method, got.Params, c.want)
			}
		})
	}
}

func TestParseXMLShapes(t *testing.T) {
	for _, c := range []struct {
		name, body string
		method     string
		params     []any
	}{
		{"no params", `<methodCall><methodName>system.listMethods</methodName></methodCall>`, "system.listMethods", nil},
		{"comments, a PI and space around", "\n<?xml version='1.0'?>\n<!-- c --><methodCall><methodName> a </methodName></methodCall>\n", " a ", nil},
		{"another root: no method", `<methodResponse><methodName>x</methodName></methodResponse>`, "", nil},
		{"the last params", `<methodCall><params><param><value>a</value></param></params><params><param><value>b</value></param></params></methodCall>`, "", []any{"b"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseXMLCall([]byte(c.body))
			if err != nil {
				t.Fatal(err)
			}
			if got.Method != c.method || !reflect.DeepEqual(got.Params, c.params) {
				t.Fatalf("got %q %#v, want %q %#v", got.Method, got.Params, c.method, c.params)
			}
		})
	}
}

func TestParseXMLRefuses(t *testing.T) {
	deep := strings.Repeat("<value><array><data>", 40) + strings.Repeat("</data></array></value>", 40)
	for _, c := range []struct{ name, body string }{
		{"empty", ``},
		{"not XML", `{"jsonrpc":"2.0"}`},
		{"unclosed", `<methodCall><methodName>x</methodName>`},
		{"mismatched", `<methodCall></methodName>`},
		{"two roots", `<methodCall/><methodCall/>`},
		{"text after the root", `<methodCall/>x`},
		{"an unknown entity", `<methodCall><methodName>&x;</methodName></methodCall>`},
		{"an entity of its own DTD: never expanded", `<!DOCTYPE m [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><methodCall><methodName>&b;</methodName></methodCall>`},
		{"not UTF-8", "<methodCall><methodName>\xff</methodName></methodCall>"},
		{"another encoding", `<?xml version="1.0" encoding="UTF-16"?><methodCall/>`},
		{"too deep", xmlCallOf("m", deep)},
		{"too deep in an unknown element", `<methodCall>` + strings.Repeat("<x>", maxXMLDepth+1) + strings.Repeat("</x>", maxXMLDepth+1) + `</methodCall>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseXMLCall([]byte(c.body))
			var xe *XMLError
			if !errors.As(err, &xe) {
				t.Fatalf("err %v, want an *XMLError", err)
			}
		})
	}
	// Nesting just within the bound is read.
	ok := strings.Repeat("<value><array><data>", 24) + strings.Repeat("</data></array></value>", 24)
	if _, err := parseXMLCall([]byte(xmlCallOf("m", ok))); err != nil {
		t.Fatalf("24 nested arrays: %v", err)
	}
}

func TestXMLAnswer(t *testing.T) {
	const head = `<?xml version="1.0"?><methodResponse>`
	const tail = `</methodResponse>`
	for _, c := range []struct {
		name string
		res  any
		err  *Error
		want string // between head and tail
	}{
		{"string", "2089b05ecca3d829", nil, `<params><param><value><string>2089b05ecca3d829</string></value></param></params>`},
		{"escaped as aria2", `<a href="x">'&'</a>`, nil, `<params><param><value><string>&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;</string></value></param></params>`},
		{"what XML cannot hold", "a\x00b\xffc\r\n\t", nil, "<params><param><value><string>a\uFFFDb\uFFFDc&#13;\n\t</string></value></param></params>"},
		{"int", 3, nil, `<params><param><value><int>3</int></value></param></params>`},
		{"struct, members by name", map[string]string{"b": "2", "a": "1"}, nil,
			`<params><param><value><struct><member><name>a</name><value><string>1</string></value></member><member><name>b</name><value><string>2</string></value></member></struct></value></param></params>`},
		{"list of structs", []map[string]any{{"uris": []map[string]string{}}}, nil,
			`<params><param><value><array><data><value><struct><member><name>uris</name><value><array><data></data></array></value></member></struct></value></data></array></value></param></params>`},
		{"list of strings", []string{"x"}, nil, `<params><param><value><array><data><value><string>x</string></value></data></array></value></param></params>`},
		{"null: nothing, as aria2", nil, nil, `<params><param></param></params>`},
		{"fault", nil, failed("GID 0123456789abcdef is not found"), `<fault><value><struct><member><name>faultCode</name><value><int>1</int></value></member><member><name>faultString</name><value><string>GID 0123456789abcdef is not found</string></value></member></struct></value></fault>`},
		{"multicall: results in a list each, faults as structs", []any{[]any{"OK"}, failed("Unauthorized")}, nil,
			`<params><param><value><array><data><value><array><data><value><string>OK</string></value></data></array></value><value><struct><member><name>faultCode</name><value><int>1</int></value></member><member><name>faultString</name><value><string>Unauthorized</string></value></member></struct></value></data></array></value></param></params>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := string(xmlAnswer(c.res, c.err)); got != head+c.want+tail {
				t.Fatalf("got  %s\nwant %s", got, head+c.want+tail)
			}
		})
	}
}
