// Credentials on redirects: Authorization, Cookie and a URL's user and
// password stay with the host they were given for, unless the user trusts
// where the redirects lead (LocationTrusted), as curl's --location-trusted.

package fetch_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// wantAuth answers 401 to every file request whose Authorization is not
// want.
func wantAuth(want string) fetchtest.FaultFunc {
	return func(r *http.Request, _ int) fetchtest.Fault {
		if r.Header.Get("Authorization") != want {
			return fetchtest.Fault{Status: http.StatusUnauthorized}
		}
		return fetchtest.Fault{}
	}
}

func TestLocationTrustedCredentialsFollow(t *testing.T) {
	const size = 2 * mib
	basic := (&http.Request{Header: http.Header{}})
	basic.SetBasicAuth("joe", "pw-123")
	for _, tc := range []struct {
		name   string
		header http.Header
		user   *url.Userinfo
		want   string // the Authorization the other host must get
		cookie string
	}{
		{name: "header", header: http.Header{"Authorization": {"Bearer tok-123"}, "Cookie": {"sid=c-456"}}, want: "Bearer tok-123", cookie: "sid=c-456"},
		{name: "URL user", user: url.UserPassword("joe", "pw-123"), want: basic.Header.Get("Authorization")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Another host name: net/http drops the credentials on the way.
			target := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithHost("127.0.0.2"), fetchtest.WithFault(wantAuth(tc.want)))
			front := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRedirectTo(target.FileURL()))
			u, _ := url.Parse(front.FileURL())
			u.User = tc.user
			for _, trusted := range []bool{true, false} {
				target.ResetLog()
				c, err := fetch.NewClient(fetch.ClientOptions{Connections: 2, ConnectTimeout: 5 * time.Second, Timeout: 10 * time.Second,
					Header: tc.header, LocationTrusted: trusted})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(c.CloseIdle)
				p, err := c.Probe(t.Context(), u.String(), 256*kib)
				if !trusted {
					// Without trust, the credentials never reach the other host.
					if err == nil {
						p.Body.Close()
					}
					for _, q := range target.Requests() {
						if q.Header.Get("Authorization") != "" || q.Header.Get("Cookie") != "" {
							t.Errorf("untrusted: request %d to the other host carried credentials: %v", q.N, q.Header)
						}
					}
					continue
				}
				if err != nil {
					t.Fatalf("trusted: %v", err)
				}
				p.Body.Close()
				if p.FinalURL != target.FileURL() {
					t.Errorf("FinalURL %s, want %s", p.FinalURL, target.FileURL())
				}
				// The ranged requests that follow carry them too.
				o := fetch.NewOrigin(c, p)
				b, err := o.Open(t.Context(), mustPlan(t, size, 256*kib).SliceRange(1))
				if err != nil {
					t.Fatalf("trusted: ranged request: %v", err)
				}
				b.Close()
				for _, q := range target.Requests() {
					if q.Header.Get("Authorization") != tc.want || q.Header.Get("Cookie") != tc.cookie {
						t.Errorf("trusted: request %d to the other host: Authorization %q Cookie %q, want %q %q", q.N,
							q.Header.Get("Authorization"), q.Header.Get("Cookie"), tc.want, tc.cookie)
					}
				}
			}
		})
	}
}
