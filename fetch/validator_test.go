// Table tests of values: Content-Range parsing, validators, error kinds.

package fetch_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

func TestParseContentRange(t *testing.T) {
	ok := []struct {
		in   string
		want fetch.ContentRange
	}{
		{"bytes 0-0/1", fetch.ContentRange{First: 0, Last: 0, Total: 1}},
		{"bytes 0-65535/8388608", fetch.ContentRange{First: 0, Last: 65535, Total: 8388608}},
		{"bytes 65536-131071/*", fetch.ContentRange{First: 65536, Last: 131071, Total: -1}},
		{"bytes */0", fetch.ContentRange{First: -1, Last: -1, Total: 0}},
		{"bytes */1234", fetch.ContentRange{First: -1, Last: -1, Total: 1234}},
		{"bytes 5-9/10", fetch.ContentRange{First: 5, Last: 9, Total: 10}},
		{"bytes 0-999999999999999998/999999999999999999", fetch.ContentRange{First: 0, Last: 999999999999999998, Total: 999999999999999999}},
	}
	for _, tc := range ok {
		got, err := fetch.ParseContentRange(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseContentRange(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	bad := []string{
		"", "bytes", "bytes ", "bytes 0-1", "bytes 0-1/", "bytes */*", "bytes 1-0/5",
		"bytes 0-10/10", "bytes 5-5/5", "bytes -1-5/10", "bytes 0--5/10", "bytes +1-5/10",
		"bytes 0-5/+10", "bytes 0 -5/10", "bytes 0-5 /10", "bytes  0-5/10", "Bytes 0-5/10",
		"items 0-5/10", "bytes=0-5/10", "bytes 0-5/10/20", "bytes 0x1-5/10", "bytes 0-5/1e3",
		"bytes 0-5/10,bytes 6-7/10", "bytes *", "bytes */", "bytes */-1",
		"bytes 0-1/9999999999999999999",  // 19 digits: past what it accepts
		"bytes 0-1/92233720368547758070", // overflows int64
	}
	for _, in := range bad {
		if got, err := fetch.ParseContentRange(in); err == nil {
			t.Errorf("ParseContentRange(%q) = %+v, want an error", in, got)
		}
	}
}

func TestContentRangeMatches(t *testing.T) {
	cr := fetch.ContentRange{First: 65536, Last: 131071, Total: 200000}
	tests := []struct {
		r     segment.Range
		total int64
		want  bool
	}{
		{segment.Range{Start: 65536, End: 131072}, 200000, true},
		{segment.Range{Start: 65536, End: 131073}, 200000, false},
		{segment.Range{Start: 65537, End: 131072}, 200000, false},
		{segment.Range{Start: 65536, End: 131072}, 200001, false},
	}
	for _, tc := range tests {
		if got := cr.Matches(tc.r, tc.total); got != tc.want {
			t.Errorf("%+v.Matches(%v, %d) = %v", cr, tc.r, tc.total, got)
		}
	}
}

func TestValidatorStrength(t *testing.T) {
	const lm = "Fri, 02 Jan 2026 03:04:05 GMT"
	tests := []struct {
		v    fetch.Validator
		want fetch.Strength
		warn string // substring of the warning; "" for none
	}{
		{fetch.Validator{Size: 10, ETag: `"abc"`, LastModified: lm}, fetch.StrongETag, ""},
		{fetch.Validator{Size: 10, ETag: `"abc"`}, fetch.StrongETag, ""},
		{fetch.Validator{Size: 10, ETag: `W/"abc"`, LastModified: lm}, fetch.LastModified, "Last-Modified"},
		{fetch.Validator{Size: 10, LastModified: lm}, fetch.LastModified, "Last-Modified"},
		{fetch.Validator{Size: 10, ETag: `W/"abc"`}, fetch.SizeOnly, "only a weak ETag"},
		{fetch.Validator{Size: 10}, fetch.SizeOnly, "only the size"},
		{fetch.Validator{}, fetch.SizeOnly, "only the size"},
	}
	for _, tc := range tests {
		if got := tc.v.Strength(); got != tc.want {
			t.Errorf("%v: Strength() = %d, want %d", tc.v, got, tc.want)
		}
		w := tc.v.Warning()
		if (tc.warn == "") != (w == "") || !strings.Contains(w, tc.warn) {
			t.Errorf("%v: Warning() = %q, want one containing %q", tc.v, w, tc.warn)
		}
	}
	if s := (fetch.Validator{Size: 5, ETag: `"x"`, LastModified: lm}).String(); !strings.Contains(s, `"x"`) || !strings.Contains(s, lm) || !strings.Contains(s, "5") {
		t.Errorf("String() = %q", s)
	}
}

// Differs compares a weak ETag by RFC 9110's weak comparison: another
// opaque tag is another version, W/ or not; the same tag with or without
// W/ is the same version. A strong ETag must match exactly.
func TestValidatorDiffersWeak(t *testing.T) {
	const lm = "Fri, 02 Jan 2026 03:04:05 GMT"
	tests := []struct {
		was, now fetch.Validator
		differs  bool
	}{
		{fetch.Validator{Size: 10, ETag: `W/"v1"`}, fetch.Validator{Size: 10, ETag: `W/"v1"`}, false},
		{fetch.Validator{Size: 10, ETag: `W/"v1"`}, fetch.Validator{Size: 10, ETag: `W/"v2"`}, true},
		{fetch.Validator{Size: 10, ETag: `W/"v1"`}, fetch.Validator{Size: 10, ETag: `"v2"`}, true},
		{fetch.Validator{Size: 10, ETag: `W/"v1"`}, fetch.Validator{Size: 10, ETag: `"v1"`}, false},
		{fetch.Validator{Size: 10, ETag: `W/"v1"`}, fetch.Validator{Size: 10}, false}, // a tag dropped proves nothing
		{fetch.Validator{Size: 10, ETag: `W/"v1"`, LastModified: lm}, fetch.Validator{Size: 10, ETag: `W/"v2"`, LastModified: lm}, true},
		{fetch.Validator{Size: 10, ETag: `W/"v1"`, LastModified: lm}, fetch.Validator{Size: 10, ETag: `W/"v1"`, LastModified: "x"}, true},
		{fetch.Validator{Size: 10, ETag: `"v1"`}, fetch.Validator{Size: 10, ETag: `W/"v1"`}, true},
		{fetch.Validator{Size: 10, ETag: `"v1"`}, fetch.Validator{Size: 10, ETag: `"v1"`}, false},
		{fetch.Validator{Size: 10}, fetch.Validator{Size: 10, ETag: `W/"v2"`}, false},
		{fetch.Validator{Size: 10, ETag: `W/"v1"`}, fetch.Validator{Size: 11, ETag: `W/"v1"`}, true},
	}
	for _, tc := range tests {
		why := tc.was.Differs(tc.now)
		if (why != "") != tc.differs {
			t.Errorf("%v then %v: Differs = %q, want differs %v", tc.was, tc.now, why, tc.differs)
		}
	}
}

// timeoutErr is a net.Error that timed out, as the transport's header
// timeout is.
type timeoutErr struct{}

func (timeoutErr) Error() string   { return "timeout awaiting response headers" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

func TestRetryable(t *testing.T) {
	get := func(err error) error { return &url.Error{Op: "Get", URL: "http://x/f", Err: err} }
	opErr := func(errno error) error {
		return &net.OpError{Op: "read", Net: "tcp", Err: &os.SyscallError{Syscall: "read", Err: errno}}
	}
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"500", &fetch.HTTPError{Status: 500}, true},
		{"502", &fetch.HTTPError{Status: 502}, true},
		{"503", &fetch.HTTPError{Status: 503}, true},
		{"504", &fetch.HTTPError{Status: 504}, true},
		{"408", &fetch.HTTPError{Status: 408}, true},
		{"429", &fetch.HTTPError{Status: 429}, true},
		{"400", &fetch.HTTPError{Status: 400}, false},
		{"401", &fetch.HTTPError{Status: 401}, false},
		{"403", &fetch.HTTPError{Status: 403}, false},
		{"404", &fetch.HTTPError{Status: 404}, false},
		{"410", &fetch.HTTPError{Status: 410}, false},
		{"416", &fetch.HTTPError{Status: 416}, false},
		{"wrapped 503", fmt.Errorf("slice 3: %w", &fetch.HTTPError{Status: 503}), true},
		{"wrapped 404", fmt.Errorf("slice 3: %w", &fetch.HTTPError{Status: 404}), false},
		{"changed", &fetch.ChangedError{Reason: "ETag"}, false},
		{"wrapped changed", fmt.Errorf("x: %w", &fetch.ChangedError{}), false},
		{"range", &fetch.RangeError{}, true},
		{"local write", &fetch.LocalError{Op: "write", Err: syscall.ENOSPC}, false},
		{"local wrapping a reset", &fetch.LocalError{Op: "write", Err: syscall.ECONNRESET}, false},
		{"stalled", fetch.ErrStalled, true},
		{"too slow", fetch.ErrTooSlow, true},
		{"short body", fetch.ErrShortBody, true},
		{"unexpected EOF", io.ErrUnexpectedEOF, true},
		{"EOF", io.EOF, true},
		{"no ranges (a flaky edge; final after the tries)", fetch.ErrNoRanges, true},
		{"out of step", &fetch.OutOfStepError{URL: "u", Reason: "ETag"}, true},
		{"changed", &fetch.ChangedError{URL: "u", Reason: "ETag", Confirmed: true}, false},
		{"canceled", context.Canceled, false},
		{"get canceled", get(context.Canceled), false},
		{"deadline", context.DeadlineExceeded, true},
		{"reset", opErr(syscall.ECONNRESET), true},
		{"refused", get(&net.OpError{Op: "dial", Net: "tcp", Err: &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}}), true},
		{"broken pipe", opErr(syscall.EPIPE), true},
		{"dns", get(&net.DNSError{Err: "no such host", Name: "x", IsNotFound: true}), true},
		{"header timeout", get(timeoutErr{}), true},
		{"get EOF", get(io.EOF), true},
		{"get unexpected EOF", get(io.ErrUnexpectedEOF), true},
		// *url.Error claims to be a net.Error whatever it wraps: what it
		// wraps decides.
		{"unknown CA", get(x509.UnknownAuthorityError{}), false},
		{"cert verification", get(&tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}), false},
		{"redirect loop", get(errors.New("stopped after 10 redirects")), false},
		{"plain", errors.New("something odd"), false},
	}
	for _, tc := range tests {
		if got := fetch.Retryable(tc.err); got != tc.want {
			t.Errorf("%s: Retryable(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}

func TestIsTimeout(t *testing.T) {
	tests := []struct {
		err  error
		want bool
	}{
		{fetch.ErrStalled, true},
		{fmt.Errorf("slice 1: %w", fetch.ErrStalled), true},
		{os.ErrDeadlineExceeded, true},
		{&url.Error{Op: "Get", URL: "u", Err: timeoutErr{}}, true},
		{context.Canceled, false},
		{&fetch.HTTPError{Status: http.StatusGatewayTimeout}, false},
		{io.ErrUnexpectedEOF, false},
	}
	for _, tc := range tests {
		if got := fetch.IsTimeout(tc.err); got != tc.want {
			t.Errorf("IsTimeout(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

func TestErrorMessages(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want []string
	}{
		{&fetch.HTTPError{URL: "http://h/f", Status: 404}, []string{"http://h/f", "404", "Not Found"}},
		{&fetch.ChangedError{URL: "http://h/f", Reason: "ETag was \"a\", now \"b\""}, []string{"http://h/f", "changed", `now "b"`}},
		{&fetch.RangeError{URL: "u", Asked: "bytes=0-9", ContentRange: "bytes 1-10/20"}, []string{"bytes=0-9", "bytes 1-10/20"}},
		{&fetch.LocalError{Op: "write", Err: syscall.ENOSPC}, []string{"write", "no space"}},
	} {
		msg := tc.err.Error()
		for _, w := range tc.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%q does not contain %q", msg, w)
			}
		}
	}
	if !errors.Is(&fetch.LocalError{Op: "sync", Err: syscall.EIO}, syscall.EIO) {
		t.Error("LocalError does not unwrap")
	}
	if !errors.Is(fetch.ErrShortBody, io.ErrUnexpectedEOF) {
		t.Error("ErrShortBody is not an io.ErrUnexpectedEOF")
	}
}

// RetryPolicy.Delay doubles per try within jitter, caps, and lets
// Retry-After win.
func TestRetryDelay(t *testing.T) {
	p := fetch.RetryPolicy{Wait: 100 * time.Millisecond, MaxWait: time.Second}
	for n, want := range map[int]time.Duration{1: 100 * time.Millisecond, 2: 200 * time.Millisecond, 3: 400 * time.Millisecond, 5: time.Second, 60: time.Second} {
		for k := 0; k < 50; k++ {
			if got := p.Delay(n, io.ErrUnexpectedEOF); got < want/2 || got > want {
				t.Fatalf("try %d: %s, want within [%s, %s]", n, got, want/2, want)
			}
		}
	}
	if got := p.Delay(1, &fetch.HTTPError{Status: 429, RetryAfter: 7 * time.Second}); got != 7*time.Second {
		t.Errorf("Retry-After 7s gave %s", got)
	}
	if got := p.Delay(1, &fetch.HTTPError{Status: 503, RetryAfter: time.Hour}); got != 5*time.Minute {
		t.Errorf("Retry-After 1h gave %s, want the 5m cap", got)
	}
}

// A Last-Modified less than a second before the answer's Date is weak (RFC
// 9110 §8.8.2.2): the probe of a file written just now pins nothing by it,
// says so, and still tells another Last-Modified apart.
func TestLastModifiedWithinASecondOfDateIsWeak(t *testing.T) {
	now := time.Now().UTC().Truncate(time.Second)
	for _, tc := range []struct {
		name  string
		lm    time.Time
		etag  bool
		want  fetch.Strength
		words string
	}{
		{"written this second", now, false, fetch.SizeOnly, "less than a second before the server's clock"},
		{"written an hour ago", now.Add(-time.Hour), false, fetch.LastModified, "Last-Modified and size"},
		{"written this second, strong ETag", now, true, fetch.StrongETag, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := []fetchtest.Option{fetchtest.WithSize(1 << 20), fetchtest.WithLastModified(tc.lm)}
			if !tc.etag {
				opts = append(opts, fetchtest.WithoutETag())
			}
			s := fetchtest.NewServer(t, opts...)
			c, err := fetch.NewClient(fetch.ClientOptions{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := c.Probe(context.Background(), s.FileURL(), 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			p.Body.Close()
			v := p.Validator
			if v.Strength() != tc.want || !strings.Contains(v.Warning(), tc.words) {
				t.Fatalf("Strength %v, Warning %q: want %v and a warning with %q", v.Strength(), v.Warning(), tc.want, tc.words)
			}
			other := v
			other.LastModified = tc.lm.Add(time.Second).Format(http.TimeFormat)
			if !tc.etag && v.Differs(other) == "" {
				t.Fatalf("another Last-Modified (%s) is not another version of %v", other.LastModified, v)
			}
		})
	}
}
