// Advice for a server certificate that failed verification, fitted to how
// it failed: an unknown CA, another name, or outside its validity dates.

package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"
)

// tlsAdvice returns advice for a person when err is (or wraps) a failed
// verification of a server's certificate, and "" otherwise. The advice
// fits the failure:
//
//   - an unknown CA: the CA that issued the certificate (or that the
//     certificate is self-signed), the flag to trust that CA
//     (--ca-certificate FILE) and, here only, what turning the check off
//     with --check-certificate=false would cost;
//   - another name: the names the certificate is valid for and the name
//     asked for;
//   - outside its validity: the dates it is valid between and the time
//     now.
//
// It is one or more sentences without a trailing newline, for the line
// after the error.
func tlsAdvice(err error) string {
	return tlsHint(err, time.Now())
}

// tlsHint is tlsAdvice at the time now.
func tlsHint(err error, now time.Time) string {
	if err == nil {
		return ""
	}
	var leaf *x509.Certificate
	var cv *tls.CertificateVerificationError
	if errors.As(err, &cv) && len(cv.UnverifiedCertificates) > 0 {
		leaf = cv.UnverifiedCertificates[0]
	}
	var ua x509.UnknownAuthorityError
	var he x509.HostnameError
	var ci x509.CertificateInvalidError
	switch {
	case errors.As(err, &ua):
		return unknownCAHint(ua)
	case errors.As(err, &he):
		return hostnameHint(he)
	case errors.As(err, &ci) && ci.Reason == x509.Expired && ci.Cert != nil:
		return validityHint(ci.Cert, leaf, now)
	}
	return ""
}

// badCertificate reports whether err is (or wraps) a server certificate
// that failed verification: an unknown CA, another name, outside its
// dates, or any other reason the chain did not verify.
func badCertificate(err error) bool {
	var cv *tls.CertificateVerificationError
	var ua x509.UnknownAuthorityError
	var he x509.HostnameError
	var ci x509.CertificateInvalidError
	return errors.As(err, &cv) || errors.As(err, &ua) || errors.As(err, &he) || errors.As(err, &ci)
}

// insecureWarning is said once per run, unless -q, when
// --check-certificate=false turns verification off.
const insecureWarning = "--check-certificate=false: HTTPS certificates are not checked, so anyone on the network path " +
	"can read and change what is downloaded; to trust a private CA instead, give it with --ca-certificate FILE"

// trustAdvice is the way out of an unknown CA, with what the unsafe one
// costs.
const trustAdvice = "If you trust it, give its CA certificate (PEM) with --ca-certificate FILE. " +
	"--check-certificate=false would skip the check, but then anyone on the network path " +
	"can read and change the file on its way."

func unknownCAHint(ua x509.UnknownAuthorityError) string {
	c := ua.Cert
	if c == nil {
		return "The server's certificate was issued by a CA this system does not trust. " + trustAdvice
	}
	if selfSigned(c) {
		return fmt.Sprintf("The server's certificate (%s) is self-signed: no CA vouches for it. %s", c.Subject, trustAdvice)
	}
	return fmt.Sprintf("The server's certificate was issued by %q, a CA this system does not trust. %s", c.Issuer.String(), trustAdvice)
}

// selfSigned reports whether c names itself as issuer and signed itself
// (as a leaf, not a CA: CheckSignatureFrom would refuse it).
func selfSigned(c *x509.Certificate) bool {
	return c.Issuer.String() == c.Subject.String() && c.CheckSignature(c.SignatureAlgorithm, c.RawTBSCertificate, c.Signature) == nil
}

func hostnameHint(he x509.HostnameError) string {
	c := he.Certificate
	asked := he.Host
	if c == nil {
		return fmt.Sprintf("The server's certificate is not valid for %s.", asked)
	}
	var names []string
	names = append(names, c.DNSNames...)
	for _, ip := range c.IPAddresses {
		names = append(names, ip.String())
	}
	if len(names) == 0 {
		if c.Subject.CommonName != "" {
			return fmt.Sprintf("The server's certificate names no host in its Subject Alternative Names, only %q in the Common Name, "+
				"which is no longer honoured; %s was asked for. The server needs a certificate with %s as a Subject Alternative Name.",
				c.Subject.CommonName, asked, asked)
		}
		return fmt.Sprintf("The server's certificate names no host at all; %s was asked for.", asked)
	}
	const show = 8
	list := strings.Join(names[:min(len(names), show)], ", ")
	if len(names) > show {
		list += fmt.Sprintf(" and %d more", len(names)-show)
	}
	hint := fmt.Sprintf("The server's certificate is valid for %s, not for %s, the name asked for.", list, asked)
	if net.ParseIP(asked) != nil && len(c.DNSNames) > 0 {
		hint += " If the server is one of those names, use that name in the URL."
	}
	return hint
}

func validityHint(c, leaf *x509.Certificate, now time.Time) string {
	const layout = "2006-01-02 15:04:05 MST"
	what := "The server's certificate"
	if leaf != nil && !c.Equal(leaf) {
		what = fmt.Sprintf("The CA certificate %q", c.Subject.String())
	}
	span := fmt.Sprintf("valid from %s to %s", c.NotBefore.UTC().Format(layout), c.NotAfter.UTC().Format(layout))
	nowText := now.UTC().Format(layout)
	if now.Before(c.NotBefore) {
		return fmt.Sprintf("%s is not valid yet: it is %s, and it is now %s here. "+
			"If this machine's clock is wrong, set it right.", what, span, nowText)
	}
	return fmt.Sprintf("%s has expired: it was %s, and it is now %s (%s later). The server must renew it.",
		what, span, nowText, roughly(now.Sub(c.NotAfter)))
}

// roughly is d in the largest whole unit that fits: "3 days", "5 hours".
func roughly(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return fmt.Sprintf("%d %ss", n, unit)
	}
	switch {
	case d >= 48*time.Hour:
		return plural(int64(d/(24*time.Hour)), "day")
	case d >= 2*time.Hour:
		return plural(int64(d/time.Hour), "hour")
	case d >= 2*time.Minute:
		return plural(int64(d/time.Minute), "minute")
	}
	return plural(int64(d/time.Second), "second")
}
