// PhaseError: which phase of a request failed (DNS, TCP, SOCKS5, CONNECT,
// TLS, response headers), through which proxy, and what limit ran out.

package fetch

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// Phase is a step of setting up a request, each bounded by a limit:
// ClientOptions.ConnectTimeout for all of DNS to TLS together,
// ClientOptions.Timeout for the response headers.
type Phase int

// The phases, in the order they happen. A request uses some of them: a
// SOCKS5 proxy has no CONNECT, plain http:// no TLS.
const (
	PhaseDNS      Phase = iota + 1 // looking up a name (the server's or the proxy's)
	PhaseTCP                       // the TCP connection (to the server or the proxy)
	PhaseProxyTLS                  // TLS with an https:// proxy
	PhaseSOCKS                     // the SOCKS5 handshake
	PhaseCONNECT                   // HTTP CONNECT through an HTTP(S) proxy
	PhaseTLS                       // TLS with the server
	PhaseHeaders                   // waiting for the response headers
)

func (p Phase) String() string {
	switch p {
	case PhaseDNS:
		return "DNS lookup"
	case PhaseTCP:
		return "TCP connect"
	case PhaseProxyTLS:
		return "TLS handshake with the proxy"
	case PhaseSOCKS:
		return "SOCKS5 handshake"
	case PhaseCONNECT:
		return "HTTP CONNECT"
	case PhaseTLS:
		return "TLS handshake"
	case PhaseHeaders:
		return "response headers"
	}
	return fmt.Sprintf("phase %d", int(p))
}

// PhaseError is a request that failed before its response headers arrived:
// the phase, the address asked for, the proxy in the way, and the limit
// that ran out if it timed out. Like *url.Error it is a net.Error; it
// unwraps to the cause (a *net.DNSError, a syscall error, a
// *tls.CertificateVerificationError, an *HTTPError for a CONNECT refused).
//
// Timeouts are retryable and IsTimeout reports them; a proxy that speaks
// another protocol, refuses credentials or the request is final.
type PhaseError struct {
	Phase Phase
	// Addr is the host:port of the server asked for.
	Addr string
	// Proxy is the proxy's URL without credentials
	// ("socks5://127.0.0.1:1080"), or "" for a direct connection.
	Proxy string
	// Limit is the limit that ran out; zero when the phase failed of
	// itself (refused, reset, a bad certificate, a bad answer).
	Limit time.Duration
	Err   error
}

func (e *PhaseError) Unwrap() error { return e.Err }

// Timeout reports whether the phase ran out of time.
func (e *PhaseError) Timeout() bool {
	if e.Limit > 0 || errors.Is(e.Err, os.ErrDeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(e.Err, &ne) && ne.Timeout()
}

// Temporary is Timeout, for the net.Error interface.
func (e *PhaseError) Temporary() bool { return e.Timeout() }

func (e *PhaseError) Error() string {
	var b strings.Builder
	if e.Phase == PhaseHeaders {
		b.WriteString("waiting for the response headers from " + e.Addr)
	} else {
		b.WriteString("connecting to " + e.Addr)
	}
	if e.Proxy != "" {
		b.WriteString(" through " + e.proxyLabel())
	}
	b.WriteString(": ")
	var he *HTTPError
	switch {
	case e.Limit > 0:
		b.WriteString(e.timeoutText() + " within " + e.Limit.String())
	case e.Phase == PhaseCONNECT && errors.As(e.Err, &he):
		fmt.Fprintf(&b, "the proxy answered CONNECT with %d %s", he.Status, http.StatusText(he.Status))
	default:
		// The system's words alone ("connection refused"), not net's
		// "dial tcp ADDR: connect:" again.
		msg := e.Err.Error()
		var se *os.SyscallError
		var sce *ScopeError
		if errors.As(e.Err, &sce) {
			msg = sce.Error()
		} else if errors.As(e.Err, &se) && se.Err != nil {
			msg = se.Err.Error()
		}
		b.WriteString(e.Phase.String() + ": " + msg)
	}
	return b.String()
}

// proxyLabel is "SOCKS5 proxy 127.0.0.1:1080" for the Proxy URL.
func (e *PhaseError) proxyLabel() string {
	scheme, hostport, ok := strings.Cut(e.Proxy, "://")
	if !ok {
		return "proxy " + e.Proxy
	}
	k := map[string]proxyKind{"https": proxyHTTPS, "socks5": proxySOCKS5, "socks5h": proxySOCKS5H}[scheme]
	return proxyLabel(k, hostport)
}

// timeoutText says what did not happen in time.
func (e *PhaseError) timeoutText() string {
	peer := "the server"
	if e.Proxy != "" {
		peer = "the proxy"
	}
	switch e.Phase {
	case PhaseDNS:
		var de *net.DNSError
		if errors.As(e.Err, &de) && de.Name != "" {
			return "the DNS lookup of " + de.Name + " got no answer"
		}
		return "the DNS lookup got no answer"
	case PhaseTCP:
		return peer + " did not accept the TCP connection"
	case PhaseProxyTLS:
		return "the proxy did not finish the TLS handshake"
	case PhaseSOCKS:
		return "the proxy did not answer the SOCKS handshake"
	case PhaseCONNECT:
		return "the proxy did not answer CONNECT"
	case PhaseTLS:
		return "the server did not finish the TLS handshake"
	case PhaseHeaders:
		return "none came"
	}
	return e.Phase.String() + " did not finish"
}

// protoError is a peer that does not speak the protocol expected of it (an
// HTTP server named as a SOCKS proxy): trying again will not help.
type protoError struct{ msg string }

func (e *protoError) Error() string   { return e.msg }
func (e *protoError) retryable() bool { return false }
