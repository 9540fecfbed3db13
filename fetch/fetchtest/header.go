// Extra headers: what a server adds to every answer of its file, such as
// the Link headers of a mirror list (RFC 6249).

package fetchtest

// WithHeader adds "name: value" to every answer that describes the file
// (200, 206, HEAD, 412), after the headers the server sends itself; given
// several times, each is added, in order. WithHeader("Link",
// `<http://m1/f>; rel=duplicate; pri=1`) makes the server name a mirror.
func WithHeader(name, value string) Option {
	return func(c *config) { c.extra = append(c.extra, [2]string{name, value}) }
}
