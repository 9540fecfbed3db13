// Named: requests for URLs another server named (a mirror or a Metalink in
// its Link header), under the credentials of the URL the user gave.

package fetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// ProbeFor is Probe of a URL another server named: the user's credentials
// go only to given's host.
func (c *Client) ProbeFor(ctx context.Context, rawURL string, given *url.URL, slice int64) (*Probe, error) {
	u, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	p, err := c.probe(ctx, u.String(), given, slice)
	if p != nil {
		p.URL = rawURL
	}
	return p, err
}

// Document is a small file read whole: a Metalink.
type Document struct {
	FinalURL    string
	ContentType string
	Body        []byte
	Scope       Scope // of the address the document came from (Probe.Scope)
}

// GetDocument reads rawURL whole, following redirects, refusing one of
// more than max bytes; the user's credentials go only to given's host
// (nil: rawURL's).
func (c *Client) GetDocument(ctx context.Context, rawURL string, given *url.URL, max int64) (*Document, error) {
	u, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	if given == nil {
		given = u
	}
	resp, p, err := c.ask(ctx, http.MethodGet, u.String(), given)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, &HTTPError{URL: p.FinalURL, Status: resp.StatusCode}
	}
	if resp.ContentLength > max {
		return nil, Final(fmt.Errorf("%s: %d bytes, more than the %d a document may have", Redact(p.FinalURL), resp.ContentLength, max))
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, roundTripErr(err)
	}
	if int64(len(b)) > max {
		return nil, Final(fmt.Errorf("%s: more than the %d bytes a document may have", Redact(p.FinalURL), max))
	}
	return &Document{FinalURL: p.FinalURL, ContentType: p.ContentType, Body: b, Scope: p.Scope}, nil
}
