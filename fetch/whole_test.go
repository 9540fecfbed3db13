// Tests of Whole: the slices in order from one unranged answer, checked as
// a range is, and ranges for the rest when it breaks or is of another
// version.

package fetch_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// wholeDownload probes srv, then downloads the rest from a Whole on one
// connection (the probe's body is slice 0 unless drop, and the answer is
// asked before the Downloader runs when start).
func wholeDownload(t *testing.T, srv *fetchtest.Server, slice int64, drop, start bool) (*result, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	res := &result{want: srv.Content()}
	client := newClient(t, 1)
	p, err := client.Probe(ctx, srv.FileURL(), slice)
	if err != nil {
		t.Fatalf("probe: %v", err)
	}
	res.probe = p
	if res.plan, err = segment.NewPlan(p.Validator.Size, slice); err != nil {
		t.Fatal(err)
	}
	origin := fetch.NewOrigin(client, p)
	origin.Warn = res.warn.add
	w := fetch.NewWhole(ctx, origin)
	w.Warn = res.warn.add
	defer w.Close()
	if start {
		w.Start()
	}
	body := p.Body
	if drop {
		body.Close()
		body = nil
	}
	res.out = newMemFile(p.Validator.Size, &res.want)
	res.d = fetch.NewDownloader(fetch.Config{Connections: 1, Logf: res.log.logf}, res.plan, nil, w, res.out)
	err = res.d.Run(ctx, body)
	return res, err
}

func unranged(reqs []fetchtest.Request) (n int) {
	for _, r := range reqs {
		if r.Range == "" {
			n++
		}
	}
	return n
}

// The slices come from one answer without a Range, pinned with If-Match,
// after the probe; nothing else is asked, whether the probe's slice 0 is
// kept or dropped, and whether the answer is asked before the first range
// needs it or when it does.
func TestWholeOneAnswer(t *testing.T) {
	const slice, size = 64 * kib, 2*mib + 12345
	for _, tc := range []struct {
		name        string
		drop, start bool
	}{{"probe kept", false, false}, {"probe dropped", true, false}, {"started", true, true}, {"started, probe kept", false, true}} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			res, err := wholeDownload(t, srv, slice, tc.drop, tc.start)
			if err != nil {
				t.Fatalf("download: %v\n%s", err, dumpLog(srv.Requests()))
			}
			res.check(t)
			reqs := fileGets(srv.Requests(), "/file.bin")
			if len(reqs) != 2 || reqs[1].Range != "" {
				t.Fatalf("requests:\n%s\nwant the probe and one without a Range", dumpLog(reqs))
			}
			if h := reqs[1].Header.Get("If-Match"); h != srv.ETag() {
				t.Errorf("the whole answer was asked with If-Match %q, want %q", h, srv.ETag())
			}
			if n := len(res.warn.all()); n != 0 {
				t.Errorf("warnings: %q", res.warn.all())
			}
		})
	}
}

// An answer cut short is given up where it broke, with a warning, and the
// slices it did not bring come as ranges; the ones it brought stay.
func TestWholeBrokenThenRanges(t *testing.T) {
	const slice, size = 64 * kib, 2 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(func(r *http.Request, n int) fetchtest.Fault {
		if r.Header.Get("Range") == "" {
			return fetchtest.Fault{CutAfter: size / 2}
		}
		return fetchtest.Fault{}
	}))
	res, err := wholeDownload(t, srv, slice, false, false)
	if err != nil {
		t.Fatalf("download: %v\n%s", err, dumpLog(srv.Requests()))
	}
	res.check(t)
	reqs := fileGets(srv.Requests(), "/file.bin")
	if n := unranged(reqs); n != 1 {
		t.Errorf("%d answers without a Range, want 1", n)
	}
	if served := srv.BytesServed(); served > size+size/8 {
		t.Errorf("the origin served %d bytes for %d: the broken answer's slices were fetched again", served, size)
	}
	if res.warn.count("broke off") != 1 {
		t.Errorf("warnings %q, want one that the answer broke off", res.warn.all())
	}
}

// A whole answer of another version, another length or encoded is not
// used: the slices come as ranges, each checked, and only the pinned
// version is written.
func TestWholeNotThePinnedVersion(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	for _, tc := range []struct {
		name  string
		fault fetchtest.Fault
		why   string
	}{
		{"other ETag", fetchtest.Fault{OtherValidator: true}, "412"}, // If-Match keeps it out
		{"other ETag, If-Match ignored", fetchtest.Fault{OtherValidator: true, IgnorePreconditions: true}, "ETag"},
		{"encoded", fetchtest.Fault{ContentEncoding: "gzip"}, "encoded"},
		{"longer", fetchtest.Fault{LengthDelta: 10}, "Content-Length"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(func(r *http.Request, n int) fetchtest.Fault {
				if r.Header.Get("Range") == "" {
					return tc.fault
				}
				return fetchtest.Fault{}
			}))
			res, err := wholeDownload(t, srv, slice, false, true)
			if err != nil {
				t.Fatalf("download: %v\n%s", err, dumpLog(srv.Requests()))
			}
			res.check(t)
			if !strings.Contains(strings.Join(res.warn.all(), "\n"), tc.why) {
				t.Errorf("warnings %q, want one that says %q", res.warn.all(), tc.why)
			}
		})
	}
}
