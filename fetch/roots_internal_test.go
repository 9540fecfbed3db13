// Tests of ClientOptions.CAs: the system's roots read only when a chain
// does not verify to the given CAs, and the same trust as one pool of both.

package fetch

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

type rootsCert struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
}

// rootsSign makes a CA (parent nil) or a server certificate for 127.0.0.1
// and the names given, signed by parent.
func rootsSign(t *testing.T, cn string, parent *rootsCert, names ...string) *rootsCert {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: cn},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
	}
	signer, signCert := key, tmpl
	if parent == nil {
		tmpl.IsCA, tmpl.BasicConstraintsValid, tmpl.KeyUsage = true, true, x509.KeyUsageCertSign
	} else {
		tmpl.DNSNames, tmpl.KeyUsage = names, x509.KeyUsageDigitalSignature
		tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
		if len(names) == 0 {
			tmpl.IPAddresses = []net.IP{net.IPv4(127, 0, 0, 1)}
		}
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
	return &rootsCert{cert: c, key: key}
}

// rootsServer serves "hello" over HTTPS with leaf and returns its URL.
func rootsServer(t *testing.T, leaf *rootsCert) string {
	t.Helper()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("hello"))
	}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{leaf.cert.Raw}, PrivateKey: leaf.key, Leaf: leaf.cert}}}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshake errors are the point
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv.URL
}

func rootsGet(c *Client, url string) error {
	resp, err := c.HTTP.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && string(b) != "hello" {
		err = errors.New("body " + string(b))
	}
	return err
}

// The given CAs are trusted besides the system's; the system's roots (a
// pool here with its own CA) are read once, and only for the server the
// given CAs do not sign; a server neither signs fails as crypto/tls
// fails it, with the error of the pool of both.
func TestCAsReadSystemRootsOnlyWhenNeeded(t *testing.T) {
	given, system, unknown := rootsSign(t, "given CA", nil), rootsSign(t, "system CA", nil), rootsSign(t, "unknown CA", nil)
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("hello")) }))
	t.Cleanup(plain.Close)
	byGiven := rootsServer(t, rootsSign(t, "server", given))
	bySystem := rootsServer(t, rootsSign(t, "server", system))
	byUnknown := rootsServer(t, rootsSign(t, "server", unknown))
	otherName := rootsServer(t, rootsSign(t, "server", given, "other.test"))

	c, err := NewClient(ClientOptions{CAs: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: given.cert.Raw})})
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	c.HTTP.Transport.(*transport).dial.roots.system = func() (*x509.CertPool, error) {
		reads++
		p := x509.NewCertPool()
		p.AddCert(system.cert)
		return p, nil
	}
	for _, u := range []string{plain.URL, byGiven} {
		if err := rootsGet(c, u); err != nil {
			t.Fatalf("%s: %v", u, err)
		}
	}
	if reads != 0 {
		t.Fatalf("the system's roots were read %d times for a plain server and one the given CA signs", reads)
	}
	if err := rootsGet(c, bySystem); err != nil {
		t.Fatalf("a server a system root signs: %v", err)
	}
	var cv *tls.CertificateVerificationError
	var ua x509.UnknownAuthorityError
	if err := rootsGet(c, byUnknown); !errors.As(err, &cv) || !errors.As(err, &ua) {
		t.Errorf("a server an unknown CA signs: %v (%T), want a *tls.CertificateVerificationError of x509.UnknownAuthorityError", err, err)
	} else if len(cv.UnverifiedCertificates) != 1 || ua.Cert == nil || ua.Cert.Issuer.CommonName != "unknown CA" {
		t.Errorf("the error does not name the server's certificate: %+v", cv)
	}
	var he x509.HostnameError
	if err := rootsGet(c, otherName); !errors.As(err, &cv) || !errors.As(err, &he) || he.Host != "127.0.0.1" {
		t.Errorf("a certificate for another name: %v, want an x509.HostnameError for 127.0.0.1", err)
	}
	if reads != 1 {
		t.Errorf("the system's roots were read %d times, want once", reads)
	}
}

func TestCAsWithoutCertificate(t *testing.T) {
	if _, err := NewClient(ClientOptions{CAs: []byte("not a certificate")}); !errors.Is(err, ErrNoCAs) {
		t.Errorf("NewClient: %v, want ErrNoCAs", err)
	}
}
