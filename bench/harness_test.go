//go:build unix

// Tests of the harness's pure parts: no network, no tools run.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{2, 2, 9, 2, 100}, 2},
	} {
		in := append([]float64(nil), c.in...)
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
		for i := range in {
			if in[i] != c.in[i] {
				t.Errorf("median reordered its input: %v", c.in)
			}
		}
	}
}

func TestSummarizeSkipsFailedRuns(t *testing.T) {
	runs := []runResult{
		{wall: 4, user: 1, sys: 1, maxRSSKiB: 10240, ok: true},
		{wall: 99, user: 9, sys: 9, maxRSSKiB: 99999, ok: false, note: "wrong output: x.bin: SHA-256 mismatch"},
		{wall: 2, user: 0.5, sys: 0.5, maxRSSKiB: 20480, ok: true},
	}
	r := summarize("aria2c", "aria2c -x 8", runs, 0)
	if r.ok != 2 || r.runs != 3 {
		t.Errorf("ok %d of %d, want 2 of 3", r.ok, r.runs)
	}
	if r.wall != 3 || r.cpu != 1.5 || r.rssMiB != 15 {
		t.Errorf("medians wall %v cpu %v rss %v, want 3 1.5 15", r.wall, r.cpu, r.rssMiB)
	}
	if !strings.Contains(r.failure, "SHA-256 mismatch") {
		t.Errorf("failure = %q", r.failure)
	}
}

func TestTable(t *testing.T) {
	rows := []row{
		{tool: "slget", label: "slget -x 8 --slice 1m", runs: 5, ok: 5, wall: 4.04, cpu: 0.21, rssMiB: 12.25, ideal: 4 * time.Second},
		{tool: "aria2c", label: "aria2c -x 8 -s 8 -k 1M", runs: 5, ok: 4, wall: 5.05, cpu: 0.5, rssMiB: 8, ideal: 4 * time.Second},
		{tool: "axel", label: "axel -n 8", missing: "not installed", ideal: 4 * time.Second},
		{tool: "curl", label: "curl (1 stream)", runs: 5, ok: 0, ideal: 32 * time.Second},
	}
	got := table(64<<20, true, rows)
	want := "" +
		"| tool | ok runs | wall s | MB/s | CPU s | CPU s/GiB | peak RSS MiB | vs slget | ideal s | over ideal |\n" +
		"| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n" +
		"| `slget -x 8 --slice 1m` | 5/5 | 4.04 | 16.6 | 0.210 | 3.36 | 12.2 | 1.00× | 4.00 | +1.0% |\n" +
		"| `aria2c -x 8 -s 8 -k 1M` | 4/5 (some FAILED) | 5.05 | 13.3 | 0.500 | 8.00 | 8.0 | 1.25× | 4.00 | +26.2% |\n" +
		"| `axel -n 8` | not installed | – | – | – | – | – | – | 4.00 | – |\n" +
		"| `curl (1 stream)` | FAILED 0/5 | – | – | – | – | – | – | 32.00 | – |\n"
	if got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}

	// Unlimited scenarios have no ideal columns; without slget there is no ratio.
	got = table(1<<30, false, []row{{tool: "curl", label: "curl (1 stream)", runs: 1, ok: 1, wall: 0.5, cpu: 0.25, rssMiB: 5}})
	if strings.Contains(got, "ideal") || !strings.Contains(got, "| 0.500 | 2147 | 0.250 | 0.25 | 5.0 | – |") {
		t.Errorf("unlimited table:\n%s", got)
	}
}

func TestReplaceSection(t *testing.T) {
	section := "### 1. Something\n\n| a |\n"
	// A missing file starts with the intro, which says how to rerun.
	doc := replaceSection("", section)
	if !strings.HasPrefix(doc, "# Benchmarks") || !strings.Contains(doc, "go run ./bench -runs 5") {
		t.Errorf("new document lacks the intro:\n%s", doc)
	}
	if !strings.Contains(doc, sectionStart+"\n"+section+sectionEnd+"\n") {
		t.Errorf("new document lacks the section:\n%s", doc)
	}

	// An existing section is replaced; text around it stays.
	old := "# Title\n\nintro\n\n" + sectionStart + "\nold numbers\n" + sectionEnd + "\n\n## Afterword\n"
	got := replaceSection(old, "new numbers\n")
	want := "# Title\n\nintro\n\n" + sectionStart + "\nnew numbers\n" + sectionEnd + "\n\n## Afterword\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if again := replaceSection(got, "new numbers\n"); again != got {
		t.Errorf("replacing twice changed the document:\n%s", again)
	}

	// A document without markers keeps its text and gets them at the end.
	got = replaceSection("# Mine\n\ntext\n", "n\n")
	if got != "# Mine\n\ntext\n\n"+sectionStart+"\nn\n"+sectionEnd+"\n" {
		t.Errorf("appended:\n%s", got)
	}
}

func TestNginxConf(t *testing.T) {
	c := nginxConf{
		Prefix: "/tmp/run-1/nginx",
		Root:   "/tmp/run-1/www",
		Listen: "127.0.0.1:18080",
		AsRoot: true,
		Limits: []int64{4 << 20, 2 << 20, 4 << 20, 512 << 10},
	}
	conf := c.render()
	for _, want := range []string{
		"user root;\n",
		"pid /tmp/run-1/nginx/nginx.pid;\n",
		"error_log /tmp/run-1/nginx/error.log warn;\n",
		"access_log off;\n",
		"sendfile on;\n",
		"proxy_temp_path /tmp/run-1/nginx/temp/proxy;\n",
		"client_body_temp_path /tmp/run-1/nginx/temp/client_body;\n",
		"listen 127.0.0.1:18080;\n",
		"root /tmp/run-1/www;\n",
		"location /limit/2m/ {\n            alias /tmp/run-1/www/;\n            limit_rate 2m;\n",
		"location /limit/512k/ {\n            alias /tmp/run-1/www/;\n            limit_rate 512k;\n",
	} {
		if !strings.Contains(conf, want) {
			t.Errorf("nginx.conf lacks %q:\n%s", want, conf)
		}
	}
	if n := strings.Count(conf, "location /limit/4m/"); n != 1 {
		t.Errorf("4m location appears %d times", n)
	}
	if strings.Contains(conf, "daemon") {
		t.Error("daemon must be left to the command line (-g 'daemon off;')")
	}
	if strings.Count(conf, "{") != strings.Count(conf, "}") {
		t.Errorf("unbalanced braces:\n%s", conf)
	}
	c.AsRoot = false
	if strings.Contains(c.render(), "user ") {
		t.Error("user directive without root")
	}
}

func TestRateAndSizeNames(t *testing.T) {
	for r, want := range map[int64]string{2 << 20: "2m", 512 << 10: "512k", 1000: "1000"} {
		if got := rateName(r); got != want {
			t.Errorf("rateName(%d) = %q, want %q", r, got, want)
		}
	}
	if limitPath(0) != "/" || limitPath(4<<20) != "/limit/4m/" {
		t.Errorf("limitPath: %q %q", limitPath(0), limitPath(4<<20))
	}
	for n, want := range map[int64]string{64 << 10: "64 KiB", 128 << 20: "128 MiB", 2 << 30: "2 GiB", 1500: "1500 B"} {
		if got := sizeName(n); got != want {
			t.Errorf("sizeName(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestScenarios(t *testing.T) {
	all := scenarios([]int{1, 2, 3, 4, 5}, false, []string{limitNginx, limitConn}, 25*time.Millisecond)
	keys := map[string]scenario{}
	for _, s := range all {
		if _, dup := keys[s.key]; dup {
			t.Errorf("duplicate key %s", s.key)
		}
		keys[s.key] = s
	}
	s1 := keys["s1-nginx"]
	if s1.size != 64<<20 || s1.n != 8 || s1.rate != 2<<20 {
		t.Errorf("scenario 1: %+v", s1)
	}
	if got := s1.ideal(8); got != 4*time.Second {
		t.Errorf("ideal at N=8 = %v, want 4s", got)
	}
	if got := s1.ideal(1); got != 32*time.Second {
		t.Errorf("ideal of one stream = %v, want 32s", got)
	}
	if keys["s2"].ideal(8) != 0 {
		t.Error("an unlimited scenario has no ideal")
	}
	for _, k := range []string{"s3-n8-nginx", "s3-n16-nginx", "s3-n8-conn", "s3-n16-conn"} {
		if s := keys[k]; s.rtt != 25*time.Millisecond || s.size != 128<<20 || s.rate != 4<<20 {
			t.Errorf("%s: %+v", k, s)
		}
	}
	if got := keys["s3-n16-conn"].ideal(16); got != 2*time.Second {
		t.Errorf("scenario 3 ideal at N=16 = %v, want 2s", got)
	}
	s4 := keys["s4"]
	if names := s4.sourceNames(); len(names) != 100 || names[7] != "s4/f007.bin" || s4.totalBytes() != 100*64<<10 {
		t.Errorf("scenario 4 files: %d, %q", len(names), names[7])
	}
	if s5 := keys["s5"]; s5.size != 2<<30 || s5.n != 16 {
		t.Errorf("scenario 5: %+v", s5)
	}
	// Variants share their files.
	if keys["s3-n8-nginx"].sourceNames()[0] != keys["s3-n16-conn"].sourceNames()[0] {
		t.Error("scenario 3 variants use different files")
	}
	six := scenarios([]int{6}, false, []string{limitNginx}, 0)
	if len(six) != 2 || six[0].key != "s6" || six[1].key != "s6-tmpfs" || !six[1].tmpfs || six[0].tmpfs ||
		six[0].jobs != 8 || six[0].files != 100 || six[0].size != 64<<10 || six[0].sourceKey() != six[1].sourceKey() {
		t.Errorf("scenario 6: %+v", six)
	}
	if g := six[0].goals; len(g) != 1 || g[0].wallOf != "curl-parallel" || g[0].wallFactor != 1.5 || g[0].notSlower[0] != "slget-j1" {
		t.Errorf("scenario 6 goals: %+v", g)
	}
	quick := scenarios([]int{2}, true, []string{limitNginx}, time.Millisecond)
	if len(quick) != 1 || quick[0].size >= 1<<30 {
		t.Errorf("quick: %+v", quick)
	}
}

func TestParseTime(t *testing.T) {
	var m measurement
	raw := []byte("Command exited with non-zero status 3\n1.52 0.40 0.31 12345\n")
	if err := parseTime(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m.user != 0.40 || m.sys != 0.31 || m.maxRSSKiB != 12345 {
		t.Errorf("parsed %+v", m)
	}
	if err := parseTime([]byte("Command terminated by signal 9\n"), &m); err == nil {
		t.Error("no error for output without numbers")
	}
}

func TestCSV(t *testing.T) {
	var b bytes.Buffer
	err := writeCSV(&b, []runResult{
		{scenario: "s2", tool: "curl", run: 1, wall: 1.23456, user: 0.5, sys: 0.25, maxRSSKiB: 5000, ok: true},
		{scenario: "s2", tool: "axel", run: 1, wall: 2, ok: false, note: "exit status 1: a, b"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "scenario,tool,run,wall,user,sys,maxrss_kib,ok,note\n" +
		"s2,curl,1,1.235,0.50,0.25,5000,true,\n" +
		"s2,axel,1,2.000,0.00,0.00,0,false,\"exit status 1: a, b\"\n"
	if b.String() != want {
		t.Errorf("csv:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestRate(t *testing.T) {
	if got := rate(1e9, 2); got != "500" {
		t.Errorf("rate = %q", got)
	}
	if got := rate(64<<20, 4); got != "16.8" {
		t.Errorf("rate = %q", got)
	}
	if got := rate(1, 0); got != "–" {
		t.Errorf("rate with no time = %q", got)
	}
}

func TestGoalCheck(t *testing.T) {
	g := goal{text: "within 3% of the ideal and not slower than aria2c or axel", overIdeal: 0.03,
		notSlower: []string{"aria2c", "axel"}}
	rows := []row{
		{tool: "slget", ok: 3, runs: 3, wall: 4.1, ideal: 4 * time.Second},
		{tool: "aria2c", ok: 3, runs: 3, wall: 4.2},
		{tool: "axel", missing: "not installed"},
	}
	got := g.check(rows)
	if !strings.Contains(got, "**Met.**") || !strings.Contains(got, "No result to compare for axel") {
		t.Errorf("check = %q", got)
	}
	rows[0].wall = 4.2 // 5.0% over: not over a 5% goal, whatever the float rounding
	if got := (goal{text: "5%", overIdeal: 0.05}).check(rows); !strings.Contains(got, "**Met.**") {
		t.Errorf("check at the limit = %q", got)
	}
	rows[0].wall, rows[1].wall = 4.1, 4.099 // 0.02% slower: a tie at the precision shown
	if got := g.check(rows); !strings.Contains(got, "**Met.**") {
		t.Errorf("check of a tie = %q", got)
	}
	rows[1].wall = 4.2
	rows[0].wall = 4.4
	got = g.check(rows)
	if !strings.Contains(got, "**Not met:** 10.0% over the ideal, 1.05× aria2c's wall time.") {
		t.Errorf("check = %q", got)
	}

	tp := goal{text: "t", throughputOf: "curl", throughputFrac: 0.9, lessCPUThan: "aria2c", rssMiB: 64}
	rows = []row{
		{tool: "slget", ok: 1, runs: 1, wall: 2, cpu: 1, rssMiB: 70},
		{tool: "curl", ok: 1, runs: 1, wall: 1},
		{tool: "aria2c", ok: 1, runs: 1, wall: 3, cpu: 2},
	}
	if got := tp.check(rows); !strings.Contains(got, "0.50 × curl's throughput, 70.0 MiB peak RSS.") {
		t.Errorf("check = %q", got)
	}
	if got := tp.check(rows[1:]); !strings.Contains(got, "Not measured") {
		t.Errorf("check without slget = %q", got)
	}
	if (goal{}).check(rows) != "" {
		t.Error("an empty goal says something")
	}
}

func TestCPUGoal(t *testing.T) {
	g := cpuGoal()
	rows := []row{
		{tool: "slget", ok: 3, runs: 3, wall: 1.1, cpu: 1.8, rssMiB: 17},
		{tool: "aria2c", ok: 3, runs: 3, wall: 2, cpu: 1.8, rssMiB: 25},
		{tool: "axel", ok: 3, runs: 3, wall: 1, cpu: 1.2, rssMiB: 5},
		{tool: "curl", ok: 3, runs: 3, wall: 1, cpu: 1.2, rssMiB: 10},
	}
	// A tie with aria2c, exactly 1.5 × curl, 0.91 × curl's throughput:
	// met; axel's numbers do not count.
	if got := g.check(rows); !strings.HasPrefix(got, "Goal (CPU and speed): ") || !strings.HasSuffix(got, "**Met.**") {
		t.Errorf("check = %q", got)
	}
	rows[0].cpu, rows[0].wall, rows[0].rssMiB = 1.9, 1.2, 25
	got := g.check(rows)
	for _, want := range []string{"1.06× aria2c's CPU per GiB", "1.58× curl's CPU per GiB", "0.83 × curl's throughput", "1.00× aria2c's peak RSS"} {
		if !strings.Contains(got, want) {
			t.Errorf("check = %q; lacks %q", got, want)
		}
	}
	if got := g.check(rows[:1]); !strings.Contains(got, "No result to compare for curl, aria2c.)") {
		t.Errorf("check without the others = %q", got)
	}
	for _, id := range []int{2, 5} {
		s := scenarios([]int{id}, false, []string{limitNginx}, 0)[0]
		if len(s.goals) != 2 || s.goals[1].cpuFactor != 1.5 {
			t.Errorf("scenario %d goals: %+v", id, s.goals)
		}
	}
}

// Scenario 9 is scenario 2's download (the same file) to tmpfs, with
// issue 26's CPU goal: at most 1.2 × curl's single stream.
func TestCPUScenario(t *testing.T) {
	all := scenarios([]int{2, 9}, false, []string{limitNginx}, 0)
	if len(all) != 2 {
		t.Fatalf("scenarios 2 and 9: got %d", len(all))
	}
	s2, s9 := all[0], all[1]
	if s9.id != 9 || !s9.tmpfs || s2.tmpfs || s9.n != 8 || s9.size != gib || s9.sourceKey() != s2.sourceKey() {
		t.Errorf("scenario 9 = %+v; want 1 GiB over 8 connections to tmpfs, from scenario 2's file", s9)
	}
	if !slices.Equal(s9.tools, []string{"slget", "aria2c", "axel", "curl"}) {
		t.Errorf("scenario 9 tools = %v", s9.tools)
	}
	rows := []row{
		{tool: "slget", ok: 5, runs: 5, wall: 1, cpu: 1.10},
		{tool: "curl", ok: 5, runs: 5, wall: 1, cpu: 0.90},
	}
	if len(s9.goals) != 1 {
		t.Fatalf("scenario 9 goals = %+v", s9.goals)
	}
	if got := s9.goals[0].check(rows); !strings.Contains(got, "**Not met:** 1.22× curl's CPU per GiB.") {
		t.Errorf("1.10 s against curl's 0.90 s: %q", got)
	}
	rows[0].cpu = 1.08
	if got := s9.goals[0].check(rows); !strings.Contains(got, "**Met.**") {
		t.Errorf("1.08 s against curl's 0.90 s: %q", got)
	}
	if quick := scenarios([]int{9}, true, []string{limitNginx}, 0)[0]; quick.size != 64*mib {
		t.Errorf("quick scenario 9 size = %d", quick.size)
	}
}

func TestMakeFileAndVerify(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	f, err := makeFile(src, "s4/f001.bin", 100<<10)
	if err != nil {
		t.Fatal(err)
	}
	if err := verify(out, []srcFile{f}); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("verify of an empty dir: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(src, "s4", "f001.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if sum, _ := hashFile(filepath.Join(src, "s4", "f001.bin")); sum != f.sum {
		t.Errorf("hash %s, made %s", sum, f.sum)
	}
	if err := os.WriteFile(filepath.Join(out, "f001.bin"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := verify(out, []srcFile{f}); err != nil {
		t.Errorf("verify of a good copy: %v", err)
	}
	b[5000] ^= 1
	os.WriteFile(filepath.Join(out, "f001.bin"), b, 0o644)
	if err := verify(out, []srcFile{f}); err == nil || !strings.Contains(err.Error(), "SHA-256") {
		t.Errorf("verify of a changed copy: %v", err)
	}
	os.WriteFile(filepath.Join(out, "f001.bin"), b[:10], 0o644)
	if err := verify(out, []srcFile{f}); err == nil || !strings.Contains(err.Error(), "10 bytes") {
		t.Errorf("verify of a short copy: %v", err)
	}
}
