// StartTLS: vsftpd that takes explicit FTPS only (AUTH TLS, data in TLS),
// with a certificate for 127.0.0.1 made by the test.

package ftpdtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// StartTLS runs a vsftpd that refuses logins and data outside TLS, and
// requires data connections to resume the control connection's TLS
// session. Roots holds its certificate.
func StartTLS(t testing.TB) (s *Server, roots *x509.CertPool) {
	t.Helper()
	roots = x509.NewCertPool()
	var cert string
	s = start(t, func(base string) string {
		var key string
		cert, key = filepath.Join(base, "cert.pem"), filepath.Join(base, "key.pem")
		roots.AddCert(writeCert(t, cert, key))
		return fmt.Sprintf(`ssl_enable=YES
allow_anon_ssl=YES
force_anon_logins_ssl=YES
force_anon_data_ssl=YES
require_ssl_reuse=YES
ssl_ciphers=HIGH
rsa_cert_file=%s
rsa_private_key_file=%s
`, cert, key)
	})
	s.CertFile = cert
	return s, roots
}

// writeCert writes a self-signed certificate for 127.0.0.1 and its key.
func writeCert(t testing.TB, certFile, keyFile string) *x509.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "ftpdtest"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
