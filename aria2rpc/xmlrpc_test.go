// Tests of XML-RPC on /rpc through the Server: the same methods, token
// and multicall as JSON-RPC, the HTTP face (status, size bound, origin
// rules), and the parser fuzzed.

package aria2rpc

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/slget/slget/queue"
)

const tokenParam = `<value><string>token:` + fuzzSecret + `</string></value>`

// handleXML answers body and fails the test on a body refused.
func handleXML(t *testing.T, s *Server, body string) string {
	t.Helper()
	out, _, err := s.HandleXML([]byte(body))
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return string(out)
}

func fault(msg string) string {
	return `<?xml version="1.0"?><methodResponse><fault><value><struct><member><name>faultCode</name><value><int>1</int></value></member><member><name>faultString</name><value><string>` +
		msg + `</string></value></member></struct></value></fault></methodResponse>`
}

func TestXMLCalls(t *testing.T) {
	s := newServer(t)
	for _, c := range []struct {
		name, body string
		want       string // the whole answer, or with "~" first a part of it
	}{
		{"getVersion", xmlCallOf("aria2.getVersion", tokenParam),
			`~<member><name>enabledFeatures</name><value><array><data><value><string>HTTPS</string></value><value><string>Message Digest</string></value><value><string>Metalink</string></value><value><string>XML-RPC</string></value></data></array></value></member><member><name>version</name><value><string>test</string></value></member>`},
		{"a wrong secret", xmlCallOf("aria2.getVersion", `<value><string>token:wrong</string></value>`), fault("Unauthorized")},
		{"no secret", xmlCallOf("aria2.getGlobalStat"), fault("Unauthorized")},
		{"no such method", xmlCallOf("aria2.nope", tokenParam), fault("No such method: aria2.nope")},
		{"another root: no method, and no token", `<methodResponse/>`, fault("Unauthorized")},
		{"no such method without a token", xmlCallOf("system.nope"), fault("Unauthorized")},
		{"listMethods needs no token", xmlCallOf("system.listMethods"), `~<value><string>aria2.addUri</string></value>`},
		{"a GID not found", xmlCallOf("aria2.tellStatus", tokenParam, `<value>0123456789abcdef</value>`), fault("GID 0123456789abcdef is not found")},
		{"wrong type", xmlCallOf("aria2.addUri", tokenParam, `<value><string>http://x/</string></value>`), fault("The parameter at 0 has wrong type.")},
		{"changePosition answers an int", xmlCallOf("aria2.changePosition", tokenParam, `<value>0123456789abcdef</value>`, `<value><int>0</int></value>`, `<value>POS_SET</value>`), fault("GID 0123456789abcdef is not found")},
		{"multicall", xmlCallOf("system.multicall", `<value><array><data>
			<value><struct><member><name>methodName</name><value>aria2.getGlobalStat</value></member><member><name>params</name><value><array><data>`+tokenParam+`</data></array></value></member></struct></value>
			<value><struct><member><name>methodName</name><value>aria2.getGlobalStat</value></member><member><name>params</name><value><array><data><value>token:x</value></data></array></value></member></struct></value>
			<value><string>not a struct</string></value>
			<value><struct><member><name>params</name><value><array><data></data></array></value></member></struct></value>
			<value><struct><member><name>methodName</name><value>system.multicall</value></member></struct></value>
			<value><struct><member><name>methodName</name><value>system.listNotifications</value></member></struct></value>
		</data></array></value>`),
			`<?xml version="1.0"?><methodResponse><params><param><value><array><data>` +
				`<value><array><data><value><struct><member><name>downloadSpeed</name><value><string>0</string></value></member><member><name>numActive</name><value><string>0</string></value></member><member><name>numStopped</name><value><string>0</string></value></member><member><name>numStoppedTotal</name><value><string>0</string></value></member><member><name>numWaiting</name><value><string>0</string></value></member><member><name>uploadSpeed</name><value><string>0</string></value></member></struct></value></data></array></value>` +
				faultValue("Unauthorized") + faultValue("system.multicall expected struct.") + faultValue("Missing methodName.") + faultValue("Recursive system.multicall forbidden.") +
				`<value><array><data><value><array><data><value><string>aria2.onDownloadStart</string></value><value><string>aria2.onDownloadPause</string></value><value><string>aria2.onDownloadStop</string></value><value><string>aria2.onDownloadComplete</string></value><value><string>aria2.onDownloadError</string></value></data></array></value></data></array></value>` +
				`</data></array></value></param></params></methodResponse>`},
		{"multicall without a list", xmlCallOf("system.multicall", `<value><int>1</int></value>`), fault("The parameter at 0 has wrong type.")},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := handleXML(t, s, c.body)
			if part, ok := strings.CutPrefix(c.want, "~"); ok {
				if !strings.Contains(got, part) {
					t.Fatalf("answer %s\nlacks %s", got, part)
				}
				return
			}
			if got != c.want {
				t.Fatalf("answer %s\nwant   %s", got, c.want)
			}
		})
	}
}

func faultValue(msg string) string {
	return `<value><struct><member><name>faultCode</name><value><int>1</int></value></member><member><name>faultString</name><value><string>` +
		msg + `</string></value></member></struct></value>`
}

// gidOf is the GID a methodResponse of one string answers.
func gidOf(t *testing.T, answer string) queue.GID {
	t.Helper()
	s, ok := strings.CutPrefix(answer, `<?xml version="1.0"?><methodResponse><params><param><value><string>`)
	if !ok || len(s) < 16 {
		t.Fatalf("answer %s is not one GID", answer)
	}
	g, err := queue.ParseGID(s[:16])
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestXMLAdd(t *testing.T) {
	s := newServer(t)
	// addUri with options in a struct: a boolean, a list for header, an
	// int for the position.
	g := gidOf(t, handleXML(t, s, xmlCallOf("aria2.addUri", tokenParam,
		`<value><array><data><value><string>http://127.0.0.1:1/a.bin</string></value></data></array></value>`,
		`<value><struct><member><name>out</name><value><string>a.bin</string></value></member><member><name>pause</name><value><boolean>1</boolean></value></member><member><name>header</name><value><array><data><value>X-A: 1</value><value>X-B: 2</value></data></array></value></member></struct></value>`,
		`<value><int>0</int></value>`)))
	in, err := s.Queue.Get(g)
	if err != nil {
		t.Fatal(err)
	}
	if in.State != queue.Paused || in.Spec.Options["out"] != "a.bin" || in.Spec.Options["header"] != "X-A: 1\nX-B: 2" || in.Spec.URIs[0] != "http://127.0.0.1:1/a.bin" {
		t.Fatalf("added %+v", in)
	}
	// addMetalink: the document in <base64>, or raw in a <string>, as
	// aria2 takes it over XML-RPC.
	doc := `<?xml version="1.0" encoding="UTF-8"?><metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="m.bin"><size>10</size><url>http://127.0.0.1:1/m.bin</url></file></metalink>`
	var esc bytes.Buffer
	_ = xml.EscapeText(&esc, []byte(doc))
	for _, p := range []string{
		`<value><base64>` + base64.StdEncoding.EncodeToString([]byte(doc)) + `</base64></value>`,
		`<value><string>` + esc.String() + `</string></value>`,
	} {
		answer := handleXML(t, s, xmlCallOf("aria2.addMetalink", tokenParam, p, `<value><struct><member><name>pause</name><value>true</value></member></struct></value>`))
		inner, ok := strings.CutPrefix(answer, `<?xml version="1.0"?><methodResponse><params><param><value><array><data>`)
		if !ok {
			t.Fatalf("addMetalink answered %s", answer)
		}
		in, err := s.Queue.Get(gidOf(t, `<?xml version="1.0"?><methodResponse><params><param>`+inner))
		if err != nil || in.Spec.Options["out"] != "m.bin" || in.Spec.URIs[0] != "http://127.0.0.1:1/m.bin" {
			t.Fatalf("addMetalink added %+v (%v)", in, err)
		}
	}
	// A dir outside the root is refused as over JSON-RPC.
	if got := handleXML(t, s, xmlCallOf("aria2.addUri", tokenParam,
		`<value><array><data><value>http://127.0.0.1:1/b</value></data></array></value>`,
		`<value><struct><member><name>dir</name><value>/</value></member></struct></value>`)); !strings.Contains(got, "<fault>") || !strings.Contains(got, "outside the download root") {
		t.Fatalf("dir / answered %s", got)
	}
}

func TestServeXMLHTTP(t *testing.T) {
	s := newServer(t)
	s.MaxRequestSize = 4096
	post := func(body string, header ...string) (int, string, http.Header) {
		r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:6800/rpc", strings.NewReader(body))
		r.Header.Set("Content-Type", "text/xml")
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		b, _ := io.ReadAll(w.Result().Body)
		return w.Code, string(b), w.Result().Header
	}
	code, body, h := post(xmlCallOf("aria2.getVersion", `<value>token:bad</value>`))
	if code != http.StatusOK || h.Get("Content-Type") != "text/xml" || body != fault("Unauthorized") {
		t.Fatalf("a fault: HTTP %d %q %s, want 200 text/xml and the fault", code, h.Get("Content-Type"), body)
	}
	if code, body, _ := post(`{"jsonrpc":"2.0"}`); code != http.StatusBadRequest || body != "" {
		t.Fatalf("a body that is not XML: HTTP %d %q, want 400 and nothing", code, body)
	}
	if code, _, _ := post(xmlCallOf("aria2.addUri", tokenParam, "<value>"+strings.Repeat("x", 5000)+"</value>")); code != http.StatusRequestEntityTooLarge {
		t.Fatalf("a body over MaxRequestSize: HTTP %d, want 413", code)
	}
	// With a secret, another site's page is answered: its calls need the
	// token. Without one, it is refused.
	if code, body, h := post(xmlCallOf("aria2.getVersion", tokenParam), "Origin", "https://evil.example"); code != http.StatusOK || strings.Contains(body, "fault") || h.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("another site's page with the token: HTTP %d, CORS %q, %s", code, h.Get("Access-Control-Allow-Origin"), body)
	}
	if _, body, _ := post(xmlCallOf("aria2.getVersion"), "Origin", "https://evil.example"); body != fault("Unauthorized") {
		t.Fatalf("another site's page without the token: %s", body)
	}
	secret := s.Secret
	s.Secret = ""
	if code, _, _ := post(xmlCallOf("system.listMethods"), "Origin", "https://evil.example"); code != http.StatusForbidden {
		t.Fatalf("another site's page: HTTP %d, want 403", code)
	}
	s.Secret = secret
	if code, _, _ := post(xmlCallOf("system.listMethods"), "Origin", "http://localhost:8080"); code != http.StatusOK {
		t.Fatalf("a loopback page: HTTP %d, want 200", code)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "http://127.0.0.1:6800/rpc", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Fatalf("GET /rpc: HTTP %d, want 405", w.Code)
	}
	// With AllowOriginAll, any page, with CORS headers, as on /jsonrpc.
	s.AllowOriginAll = true
	if code, _, h := post(xmlCallOf("system.listMethods"), "Origin", "https://front.example"); code != http.StatusOK || h.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("another site's page with AllowOriginAll: HTTP %d, CORS %q", code, h.Get("Access-Control-Allow-Origin"))
	}
}

func FuzzHandleXML(f *testing.F) {
	for _, s := range []string{
		xmlCallOf("aria2.getVersion", tokenParam),
		xmlCallOf("aria2.addUri", tokenParam, `<value><array><data><value>http://127.0.0.1:1/x</value></data></array></value>`,
			`<value><struct><member><name>dir</name><value>a</value></member><member><name>header</name><value><array><data><value>X: y</value></data></array></value></member></struct></value>`, `<value><i4>0</i4></value>`),
		xmlCallOf("system.multicall", `<value><array><data><value><struct><member><name>methodName</name><value>aria2.tellActive</value></member><member><name>params</name><value><array><data>`+tokenParam+`</data></array></value></member></struct></value></data></array></value>`),
		xmlCallOf("aria2.addMetalink", tokenParam, `<value><base64>PG1ldGFsaW5rLz4=</base64></value>`),
		xmlCallOf("aria2.tellStopped", tokenParam, `<value><int>-1</int></value>`, `<value><double>5</double></value>`, `<value><boolean>1</boolean></value><value><nil/></value>`),
		`<methodCall><methodName>`, `<a><b/></a>`, "\x00", `<?xml version="1.0" encoding="latin1"?><x/>`,
	} {
		f.Add([]byte(s))
	}
	s := newServer(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		answer, _, err := s.HandleXML(body)
		if err != nil {
			var xe *XMLError
			if !errors.As(err, &xe) || answer != nil {
				t.Fatalf("refused with %v (%T) and answer %q", err, err, answer)
			}
			return
		}
		// Every answer is one well-formed methodResponse.
		d := xml.NewDecoder(bytes.NewReader(answer))
		var v struct {
			XMLName xml.Name
		}
		if err := d.Decode(&v); err != nil || v.XMLName.Local != "methodResponse" {
			t.Fatalf("answer %q to %q is not a methodResponse: %v", answer, body, err)
		}
		if _, err := d.Token(); err != io.EOF {
			t.Fatalf("answer %q has more after the methodResponse", answer)
		}
		if bytes.Contains(answer, []byte(fuzzSecret)) && !bytes.Contains(body, []byte(fuzzSecret)) {
			t.Fatalf("answer %s shows the secret", answer)
		}
		for _, in := range s.Queue.Waiting() {
			if d := in.Spec.Options["dir"]; !inside(s.Root, d) {
				t.Fatalf("a download in %s, outside the root %s", d, s.Root)
			}
		}
	})
}
