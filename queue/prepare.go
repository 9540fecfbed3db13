// A download's options laid over the defaults of a daemon
// (Base), giving the client and request of its run: the mapping a program
// that embeds the queue gives to Config.Prepare.

package queue

import (
	"errors"
	"net/http"
	"path/filepath"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/optvalue"
)

// Base is what a download's options are laid over: the daemon's
// defaults.
type Base struct {
	// Client is the client downloads start from; nil means a zero
	// slget.Client. A download with options of its own runs on a clone.
	Client *slget.Client
	// HTTP are the options Client.HTTP was made with. A download whose
	// header, user-agent, all-proxy, timeout or connect-timeout differ
	// runs on a new HTTPClient made from them with its own laid over.
	HTTP slget.HTTPOptions
	// Request holds the request fields every download starts with (Dir,
	// AllowOverwrite, ...); its URL, Path and mirrors are the download's.
	Request slget.Request
	// Split and MaxConnectionPerServer are the daemon's own split and
	// max-connection-per-server (aria2c's -s and -x; 0: not given), which
	// Client.Connections already reflects: a download that gives one of
	// them, or has mirrors, counts its connections from both, aria2c's
	// way (see Options.Apply).
	Split, MaxConnectionPerServer int
}

// Prepare returns a Config.Prepare that lays each download's options over
// b: dir, out, checksum, header, split, max-connection-per-server and the
// rest of OptionNames. The request's URL is the first URI, the others
// its mirrors. A program that embeds the queue and aria2rpc passes it so
// that a client's options mean what they mean to aria2c.
func Prepare(b Base) func(Spec) (*slget.Client, *slget.Request, func(), error) {
	return func(s Spec) (*slget.Client, *slget.Request, func(), error) {
		if len(s.URIs) == 0 {
			return nil, nil, nil, errors.New("no URI")
		}
		o, err := ParseOptions(s.Options)
		if err != nil {
			return nil, nil, nil, err
		}
		return o.Apply(b, s.URIs)
	}
}

// Apply lays o over b for the download of uris (the first is the URL, the
// others its mirrors). done, when not nil, closes the idle connections of
// an HTTPClient made for this download alone: call it when Do returns.
func (o Options) Apply(b Base, uris []string) (c *slget.Client, req *slget.Request, done func(), err error) {
	if b.Client == nil {
		b.Client = &slget.Client{}
	}
	c = b.Client.Clone()
	r := b.Request
	req = &r
	req.URL = uris[0]
	req.Mirrors = append([]string(nil), uris[1:]...)
	if h, own := o.httpOptions(b.HTTP, uris[0]); own {
		hc, err := slget.NewHTTPClient(h)
		if err != nil {
			return nil, nil, nil, err
		}
		c.HTTP, done = hc, hc.CloseIdle
	}
	o.setClient(c, b, len(uris) > 1, req)
	if o.Dir != "" {
		req.Dir = o.Dir
	}
	if o.Out != "" {
		req.Path = filepath.Join(req.Dir, filepath.FromSlash(o.Out))
	}
	if o.Checksum != nil {
		req.Checksum = o.Checksum
	}
	for _, f := range []struct {
		from *bool
		to   *bool
	}{{o.AllowOverwrite, &req.AllowOverwrite}, {o.AutoFileRenaming, &req.AutoRename}, {o.Continue, &req.Continue}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	for _, f := range []struct{ from, to *string }{{o.FTPUser, &req.SFTP.User}, {o.FTPPasswd, &req.SFTP.Password}, {o.SSHHostKeyMD, &req.SFTP.HostKeyMD},
		{o.FTPUser, &req.FTP.User}, {o.FTPPasswd, &req.FTP.Password}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	return c, req, done, nil
}

// setClient sets the client's connections, slices, retries and speeds.
// split is the download's connections across its servers and
// max-connection-per-server each server's, as aria2c takes them: given
// both, one server gets the smaller; each not given is the daemon's.
func (o Options) setClient(c *slget.Client, b Base, mirrored bool, req *slget.Request) {
	x, s := o.MaxConnectionPerServer, o.Split
	own := x > 0 || s > 0
	if x == 0 {
		x = b.MaxConnectionPerServer
	}
	if s == 0 {
		s = b.Split
	}
	switch {
	case !own && !mirrored:
		// The daemon's count, as Client.Connections has it.
	case mirrored && s > 0:
		c.Connections = s
	case mirrored && x > 0:
		c.Connections = min(x*(1+len(req.Mirrors)), optvalue.MaxConnections)
	case x > 0 && s > 0:
		c.Connections = min(x, s)
	case x > 0:
		c.Connections = x
	case s > 0:
		c.Connections = s
	}
	if mirrored && x > 0 {
		req.PerHost = x
	}
	if o.MinSplitSize > 0 {
		c.Slice = o.MinSplitSize
	}
	if o.MaxTries > 0 {
		c.Retry.MaxTries = o.MaxTries
	}
	if o.RetryWait != nil {
		c.Retry.Wait = *o.RetryWait
	}
	if o.LowestSpeedLimit != nil {
		c.LowestSpeed = *o.LowestSpeedLimit
	}
	if o.MaxDownloadLimit != nil {
		c.RateLimit = *o.MaxDownloadLimit
	}
}

// httpOptions lays the options that shape requests over h: headers (a
// name given replaces that name's values), user-agent, referer ("*": the
// URL), Basic authentication, proxy and timeouts. own reports whether o
// has any of them.
func (o Options) httpOptions(h slget.HTTPOptions, rawURL string) (_ slget.HTTPOptions, own bool) {
	own = o.Header != nil || o.Referer != "" || o.HTTPUser != nil || o.HTTPPasswd != nil || o.UserAgent != "" ||
		o.Proxy != "" || o.Timeout != nil || o.ConnectTimeout != nil
	hdr := h.Header.Clone()
	set := func(k string, v []string) {
		if hdr == nil {
			hdr = http.Header{}
		}
		hdr[k] = v
	}
	for k, v := range o.Header {
		set(k, v)
	}
	switch o.Referer {
	case "":
	case "*":
		set("Referer", []string{rawURL})
	default:
		set("Referer", []string{o.Referer})
	}
	if o.HTTPUser != nil || o.HTTPPasswd != nil {
		var user, pass string
		if o.HTTPUser != nil {
			user = *o.HTTPUser
		}
		if o.HTTPPasswd != nil {
			pass = *o.HTTPPasswd
		}
		set("Authorization", []string{optvalue.BasicAuth(user, pass)})
	}
	h.Header = hdr
	if o.UserAgent != "" {
		h.UserAgent = o.UserAgent
	}
	if o.Proxy != "" {
		h.Proxy = o.Proxy
	}
	if o.Timeout != nil {
		h.Timeout = *o.Timeout
	}
	if o.ConnectTimeout != nil {
		h.ConnectTimeout = *o.ConnectTimeout
	}
	return h, own
}
