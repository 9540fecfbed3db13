// The daemon's XML-RPC beside a real aria2c --enable-rpc: one script of
// Python's standard xmlrpc.client (what Persepolis and many scripts use)
// drives both (the options Persepolis sends among its calls), and their
// answers are compared key by key and type by type, faults word for word,
// and the files byte for byte.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// xmlStep is one line the script prints.
type xmlStep struct {
	Step  string `json:"step"`
	Value any    `json:"value"`
	Shape any    `json:"shape"`
}

// runXMLDrive runs testdata/xmlrpc_drive.py against the XML-RPC server at
// url and returns its steps by name, in order.
func runXMLDrive(t *testing.T, python, url, secret, dir, small, big string) (map[string]xmlStep, []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	script, _ := filepath.Abs(filepath.Join("testdata", "xmlrpc_drive.py"))
	cmd := exec.CommandContext(ctx, python, script)
	cmd.Env = append(os.Environ(), "RPC_URL="+url, "RPC_SECRET="+secret, "RPC_DIR="+dir, "SMALL_URL="+small, "BIG_URL="+big)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("python against %s ran %v:\n%s", url, time.Since(start), out)
	if err != nil {
		t.Fatalf("the xmlrpc.client script against %s failed: %v", url, err)
	}
	steps := map[string]xmlStep{}
	var order []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var s xmlStep
		if json.Unmarshal(sc.Bytes(), &s) == nil && s.Step != "" {
			steps[s.Step] = s
			order = append(order, s.Step)
		}
	}
	if _, ok := steps["done"]; !ok {
		t.Fatalf("the script against %s did not finish", url)
	}
	return steps, order
}

func TestRPCXMLBesideAria2c(t *testing.T) {
	python := requireTool(t, "python3")
	const secret = "xml-side-by-side"
	small := fetchtest.NewServer(t, fetchtest.WithSize(300<<10+1), fetchtest.WithPath("/small.bin"))
	// Slow enough (per connection) that a pause comes mid-download.
	big := fetchtest.NewServer(t, fetchtest.WithSize(6<<20), fetchtest.WithPath("/big.bin"), fetchtest.WithRateLimit(1<<20))
	ariaDir, mineDir := t.TempDir(), t.TempDir()
	ariaURL := strings.TrimSuffix(startAria2cRPC(t, ariaDir, secret), "/jsonrpc") + "/rpc"
	d := startDaemon(t, secret, "-d", mineDir, "--slice=256k")

	theirs, order := runXMLDrive(t, python, ariaURL, secret, ariaDir, small.FileURL(), big.FileURL())
	mine, mineOrder := runXMLDrive(t, python, "http://"+d.addr+"/rpc", secret, mineDir, small.FileURL(), big.FileURL())
	if !slices.Equal(mineOrder, order) {
		t.Fatalf("steps %v, aria2c's %v", mineOrder, order)
	}

	// The files, byte for byte, from both.
	for _, dir := range []string{mineDir, ariaDir} {
		for name, want := range map[string]string{"small.bin": small.Content().SHA256(), "big.bin": big.Content().SHA256(),
			filepath.Join("persepolis", "small.bin"): small.Content().SHA256()} {
			if got := fileSHA(t, filepath.Join(dir, name)); got != want {
				t.Errorf("%s: SHA-256 %s, want %s", filepath.Join(dir, name), got, want)
			}
		}
	}

	// Every answer has aria2c's keys and XML-RPC types.
	for _, step := range order {
		for _, diff := range diffShapes(step, mine[step].Shape, theirs[step].Shape, map[string]bool{"bitfield": true}) {
			t.Errorf("%s", diff)
		}
	}
	// Where nothing differs by right (GIDs, paths, speeds), the values too:
	// faults word for word with their code, "OK"s, states.
	// Each side's GIDs are its own.
	gids := regexp.MustCompile(`\b[0-9a-f]{16}\b`)
	same := func(step string, mineV, theirsV any) {
		t.Helper()
		m, _ := json.Marshal(mineV)
		a, _ := json.Marshal(theirsV)
		if m, a = gids.ReplaceAll(m, []byte("GID")), gids.ReplaceAll(a, []byte("GID")); string(m) != string(a) {
			t.Errorf("%s: %s\n  aria2c: %s", step, m, a)
		}
	}
	for _, step := range order {
		switch step {
		case "getVersion", "listMethods", "addUri", "tellStatus complete", "getFiles", "tellActive", "multicall", "done":
		default:
			same(step, mine[step].Value, theirs[step].Value)
		}
	}
	mc, amc := mine["multicall"].Value.([]any), theirs["multicall"].Value.([]any)
	if len(mc) != len(amc) || len(mc) < 2 {
		t.Fatalf("multicall: %v\n  aria2c: %v", mc, amc)
	}
	same("multicall's tellStatus", mc[1], amc[1])
	same("multicall's faults", mc[2:], amc[2:])

	for name, st := range map[string]map[string]xmlStep{"slget": mine, "aria2c": theirs} {
		v := st["getVersion"].Value.(map[string]any)
		if !slices.Contains(v["enabledFeatures"].([]any), any("XML-RPC")) {
			t.Errorf("%s's getVersion does not list XML-RPC: %v", name, v)
		}
		if a := st["tellActive"].Value.([]any); len(a) != 1 || a[0].(map[string]any)["status"] != "active" {
			t.Errorf("%s's tellActive while the slow download runs: %v", name, a)
		}
	}
	ml, aml := mine["listMethods"].Value.([]any), theirs["listMethods"].Value.([]any)
	for _, m := range ml {
		if !slices.Contains(aml, m) {
			t.Errorf("listMethods: %v is not aria2c's", m)
		}
	}
	for _, m := range aml {
		if !slices.Contains(ml, m) {
			t.Errorf("listMethods lacks aria2c's %v", m)
		}
	}
}

// TestRPCXMLBytesBesideAria2c sends the same XML-RPC bodies to slget and
// aria2c and compares the answers byte for byte, with their HTTP status:
// what aria2's parser makes of each type, what it leaves out, how it
// escapes, what it refuses.
func TestRPCXMLBytesBesideAria2c(t *testing.T) {
	const secret = "xml-bytes"
	ariaURL := strings.TrimSuffix(startAria2cRPC(t, t.TempDir(), secret), "/jsonrpc") + "/rpc"
	d := startDaemon(t, secret, "-d", t.TempDir())
	tk := `<param><value><string>token:` + secret + `</string></value></param>`
	call := func(m string, params ...string) string {
		return `<?xml version="1.0"?><methodCall><methodName>` + m + `</methodName><params>` + strings.Join(params, "") + `</params></methodCall>`
	}
	p := func(v string) string { return "<param><value>" + v + "</value></param>" }
	for _, body := range []string{
		``,
		`not XML`,
		`<methodCall><methodName>x</methodName>`,
		`<methodCall/><methodCall/>`,
		`<methodResponse/>`,
		call(" aria2.getVersion "),
		call("aria2.getVersion", p(`<string>token:wrong</string>`)),
		call("aria2.getGlobalStat", tk),
		call("system.listMethods"),
		call("aria2.tellStatus", tk, p("0123456789abcdef")),
		call("aria2.tellStatus", tk, p("<nil/>"), p("<string>0123456789abcdef</string>")),
		call("aria2.tellStatus", tk, p(""), p("<i8>1</i8>"), p("<dateTime.iso8601>20250101T00:00:00</dateTime.iso8601>"), p("0123456789abcdef")),
		call("aria2.tellStatus", tk, p(`<string>&lt;&amp;'"&gt;</string>`)),
		call("aria2.tellStatus", tk, p(`<string>é€</string>`)),
		call("aria2.tellStatus", tk, p(`<base64>MDEyMzQ1Njc4OWFiY2RlZg==</base64>`)),
		call("aria2.pause", tk, p(`<int>5</int>`)),
		call("aria2.tellWaiting", tk, p(`<int>0</int>`), p(`<i4>10</i4>`)),
		call("aria2.tellWaiting", tk, p(`<double>0.5</double>`), p(`<int>10</int>`)),
		call("aria2.tellStopped", tk, p(`<int>-1</int>`), p(`<int>3</int>`), p(`<array><data><value>gid</value></data></array>`)),
		call("aria2.addUri", tk, p(`<string>http://127.0.0.1:1/x</string>`)),
		call("aria2.addUri", tk, p(`<array><data></data></array>`)),
		call("aria2.changePosition", tk, p("0123456789abcdef"), p("<int>1</int>"), p("POS_SET")),
		call("aria2.nope", tk),
		call("system.multicall", p(`<array><data>
			<value><struct><member><name>methodName</name><value>aria2.getGlobalStat</value></member><member><name>params</name><value><array><data><value>token:`+secret+`</value></data></array></value></member></struct></value>
			<value><string>x</string></value>
			<value><struct><member><name>methodName</name><value><int>1</int></value></member></struct></value>
			<value><struct><member><name>methodName</name><value>system.multicall</value></member></struct></value>
			<value><struct><member><name>methodName</name><value>aria2.tellStatus</value></member><member><name>params</name><value><array><data><value>token:wrong</value></data></array></value></member></struct></value>
			<value><struct><member><name>methodName</name><value>system.listMethods</value></member><member><name>params</name><value>not a list</value></member></struct></value>
		</data></array>`)),
		call("system.multicall", p(`<int>1</int>`)),
		call("system.multicall"),
	} {
		mineB, mine, err1 := postXML(d.addr, body)
		theirsB, theirs, err2 := postXML(strings.TrimPrefix(strings.TrimSuffix(ariaURL, "/rpc"), "http://"), body)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, aria2c %v", body, err1, err2)
		}
		if string(mineB) != string(theirsB) || mine != theirs {
			t.Errorf("%s:\n  slget  HTTP %d %s\n  aria2c HTTP %d %s", body, mine, mineB, theirs, theirsB)
		}
	}
}

// postXML posts body to http://addr/rpc as text/xml, on a connection of
// its own: aria2c answers 400 to every request after one that was not
// XML on the same connection.
func postXML(addr, body string) ([]byte, int, error) {
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/rpc", strings.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Content-Type", "text/xml")
	req.Close = true
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return b, resp.StatusCode, err
}
