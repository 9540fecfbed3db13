// Tests of the results table a list ends with (aria2c's "Download
// Results"): a line per URL with its status, and a legend of the statuses
// shown.

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestResultsTable(t *testing.T) {
	var out bytes.Buffer
	c := &console{stderr: &out}
	urls := []string{"http://h/a", "http://h/b", "http://h/c", "http://h/d"}
	c.printResults(urls, []result{
		{URL: urls[0], Path: "a", Seconds: 1, Transferred: 1 << 20},
		{URL: urls[1], ExitCode: exitUnfinished, Error: "interrupted"}, // stopped while it ran
		{URL: urls[2], ExitCode: exitUnfinished},                       // not started
		{URL: urls[3], ExitCode: 3, Error: "404 Not Found\nmore"},
	})
	got := out.String()
	for _, want := range []string{
		"OK  |",
		"INPR|           |http://h/b\n",
		"INPR|           |http://h/c\n",
		"ERR |           |404 Not Found\n",
		"\nStatus Legend:\n(OK):download completed.(INPR):download in-progress.(ERR):error occurred.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the table lacks %q:\n%s", want, got)
		}
	}
	out.Reset()
	c.printResults(urls[:1], []result{{URL: urls[0], Path: "a"}})
	if !strings.HasSuffix(out.String(), "\nStatus Legend:\n(OK):download completed.\n") {
		t.Errorf("all done: the legend names only OK:\n%s", out.String())
	}
}
