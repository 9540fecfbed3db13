// Tests of tlsAdvice against real TLS failures: certificates made here (a
// private CA, a leaf for another name, expired and future leaves, a
// self-signed one) served by httptest.

package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch"
)

// testCert is a certificate and its key.
type testCert struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
}

// makeCert makes a certificate from tmpl, signed by parent (nil: itself).
func makeCert(t *testing.T, tmpl *x509.Certificate, parent *testCert) *testCert {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl.SerialNumber = big.NewInt(time.Now().UnixNano())
	signer, signCert := key, tmpl
	if parent != nil {
		signer, signCert = parent.key, parent.cert
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, signCert, &key.PublicKey, signer)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return &testCert{cert: c, key: key}
}

func testCA(t *testing.T) *testCert {
	return makeCert(t, &x509.Certificate{
		Subject:               pkix.Name{CommonName: "slget test CA", Organization: []string{"slget tests"}},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}, nil)
}

// leaf makes a server certificate signed by ca (nil: self-signed).
func leaf(t *testing.T, ca *testCert, notBefore, notAfter time.Time, dns []string, ips ...net.IP) *testCert {
	return makeCert(t, &x509.Certificate{
		Subject:     pkix.Name{CommonName: "slget test server"},
		NotBefore:   notBefore,
		NotAfter:    notAfter,
		DNSNames:    dns,
		IPAddresses: ips,
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}, ca)
}

// probeTLS serves with cert (and chain) and probes it with a client that
// trusts roots (nil: the system's); it returns the probe's error.
func probeTLS(t *testing.T, cert *testCert, roots *x509.CertPool) error {
	t.Helper()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("hello"))
	}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{cert.cert.Raw}, PrivateKey: cert.key, Leaf: cert.cert}}}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshake errors are the point
	srv.StartTLS()
	defer srv.Close()
	var cfg *tls.Config
	if roots != nil {
		cfg = &tls.Config{RootCAs: roots}
	}
	c, err := fetch.NewClient(fetch.ClientOptions{TLSConfig: cfg, ConnectTimeout: 5 * time.Second, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	p, err := c.Probe(t.Context(), srv.URL+"/f", 64<<10)
	if err == nil {
		p.Body.Close()
		t.Fatal("the probe succeeded")
	}
	var cv *tls.CertificateVerificationError
	if !errors.As(err, &cv) || fetch.Retryable(err) || fetch.IsTimeout(err) {
		t.Errorf("error %v: a certificate error %v, retryable %v, timeout %v; want true, false, false",
			err, errors.As(err, &cv), fetch.Retryable(err), fetch.IsTimeout(err))
	}
	var pe *fetch.PhaseError
	if !errors.As(err, &pe) || pe.Phase != fetch.PhaseTLS {
		t.Errorf("error %v is not a TLS-phase *PhaseError", err)
	}
	return err
}

// wantHint checks that tlsAdvice(err) says every one of says and none of
// never.
func wantHint(t *testing.T, err error, says []string, never []string) {
	t.Helper()
	hint := tlsAdvice(err)
	for _, s := range says {
		if !strings.Contains(hint, s) {
			t.Errorf("hint %q does not say %q", hint, s)
		}
	}
	for _, s := range never {
		if strings.Contains(hint, s) {
			t.Errorf("hint %q says %q", hint, s)
		}
	}
}

var localhost = net.IPv4(127, 0, 0, 1)

func TestTLSHintUnknownCA(t *testing.T) {
	ca := testCA(t)
	good := leaf(t, ca, time.Now().Add(-time.Hour), time.Now().Add(time.Hour), []string{"good.test"}, localhost)
	err := probeTLS(t, good, nil) // the system's roots only
	wantHint(t, err, []string{
		`issued by "CN=slget test CA,O=slget tests"`,
		"--ca-certificate FILE",
		"--check-certificate=false",
		"anyone on the network path can read and change the file",
	}, nil)

	self := leaf(t, nil, time.Now().Add(-time.Hour), time.Now().Add(time.Hour), []string{"good.test"}, localhost)
	err = probeTLS(t, self, nil)
	wantHint(t, err, []string{"(CN=slget test server) is self-signed", "--ca-certificate FILE", "--check-certificate=false"}, nil)

	// Trusted, the same certificate downloads.
	roots := x509.NewCertPool()
	roots.AddCert(ca.cert)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{good.cert.Raw}, PrivateKey: good.key}}}
	srv.StartTLS()
	defer srv.Close()
	c, err := fetch.NewClient(fetch.ClientOptions{TLSConfig: &tls.Config{RootCAs: roots}, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	p, err := c.Probe(t.Context(), srv.URL+"/f", 64<<10)
	if err != nil {
		t.Fatalf("with the CA trusted: %v", err)
	}
	p.Body.Close()
}

func TestTLSHintWrongName(t *testing.T) {
	ca := testCA(t)
	roots := x509.NewCertPool()
	roots.AddCert(ca.cert)
	other := leaf(t, ca, time.Now().Add(-time.Hour), time.Now().Add(time.Hour),
		[]string{"other.test", "*.other.test"}, net.IPv4(192, 0, 2, 7))
	err := probeTLS(t, other, roots)
	wantHint(t, err, []string{"valid for other.test, *.other.test, 192.0.2.7, not for 127.0.0.1", "use that name in the URL"},
		[]string{"check-certificate", "--ca-certificate"})

	cnOnly := makeCert(t, &x509.Certificate{
		Subject:   pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}, ca)
	err = probeTLS(t, cnOnly, roots)
	wantHint(t, err, []string{`only "127.0.0.1" in the Common Name`, "no longer honoured"}, []string{"check-certificate"})
}

func TestTLSHintValidity(t *testing.T) {
	ca := testCA(t)
	roots := x509.NewCertPool()
	roots.AddCert(ca.cert)
	day := 24 * time.Hour
	from := time.Now().Add(-10 * day).UTC().Truncate(time.Second)
	to := time.Now().Add(-3 * day).UTC().Truncate(time.Second)
	expired := leaf(t, ca, from, to, []string{"good.test"}, localhost)
	err := probeTLS(t, expired, roots)
	const layout = "2006-01-02 15:04:05 UTC"
	wantHint(t, err, []string{
		"has expired",
		fmt.Sprintf("valid from %s to %s", from.Format(layout), to.Format(layout)),
		"it is now " + time.Now().UTC().Format("2006-01-02 "),
		"(3 days later)",
	}, []string{"check-certificate"})

	from = time.Now().Add(2 * day).UTC().Truncate(time.Second)
	to = time.Now().Add(30 * day).UTC().Truncate(time.Second)
	future := leaf(t, ca, from, to, []string{"good.test"}, localhost)
	err = probeTLS(t, future, roots)
	wantHint(t, err, []string{
		"is not valid yet",
		fmt.Sprintf("valid from %s to %s", from.Format(layout), to.Format(layout)),
		"it is now " + time.Now().UTC().Format("2006-01-02 "),
		"clock",
	}, []string{"check-certificate"})
}

// An expired CA is named as such, not as the server's certificate.
func TestTLSHintExpiredCA(t *testing.T) {
	day := 24 * time.Hour
	ca := makeCert(t, &x509.Certificate{
		Subject:   pkix.Name{CommonName: "old CA"},
		NotBefore: time.Now().Add(-400 * day), NotAfter: time.Now().Add(-5 * day),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}, nil)
	roots := x509.NewCertPool()
	roots.AddCert(ca.cert)
	srvCert := leaf(t, ca, time.Now().Add(-time.Hour), time.Now().Add(day), []string{"good.test"}, localhost)
	err := probeTLS(t, srvCert, roots)
	wantHint(t, err, []string{`The CA certificate "CN=old CA" has expired`, "(5 days later)"}, []string{"check-certificate"})
}

func TestTLSHintOtherErrors(t *testing.T) {
	for _, err := range []error{
		nil,
		errors.New("connection reset"),
		&slget.HTTPError{URL: "https://x/f", Status: 404},
		&slget.PhaseError{Phase: slget.PhaseTLS, Addr: "x:443", Limit: time.Second, Err: errors.New("timeout")},
	} {
		if h := tlsAdvice(err); h != "" {
			t.Errorf("tlsAdvice(%v) = %q, want nothing", err, h)
		}
	}
}
