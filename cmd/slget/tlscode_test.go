// A certificate that does not verify: exit 36, the line under the error
// naming what is wrong with it; --check-certificate=false: one warning per
// run, none with -q.

package main

import (
	"bytes"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tlsOrigin serves 3 MiB with ranges over HTTPS with cert, and returns the
// file's URL and its SHA-256.
func tlsOrigin(t *testing.T, cert *testCert) (url, sum string) {
	t.Helper()
	body := bytes.Repeat([]byte("slget over TLS "), 3<<20/15)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"tls-1"`)
		http.ServeContent(w, r, "f.bin", time.Unix(1700000000, 0), bytes.NewReader(body))
	}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{cert.cert.Raw}, PrivateKey: cert.key, Leaf: cert.cert}}}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshake errors are the point
	srv.StartTLS()
	t.Cleanup(srv.Close)
	s := sha256.Sum256(body)
	return srv.URL + "/f.bin", hex.EncodeToString(s[:])
}

func TestCertificateExitCode(t *testing.T) {
	ca := testCA(t)
	day := 24 * time.Hour
	now := time.Now()
	other := makeCert(t, &x509.Certificate{
		Subject:   pkix.Name{CommonName: "slget other CA", Organization: []string{"slget tests"}},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(day),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}, nil)
	for _, tc := range []struct {
		name string
		cert *testCert
		says []string
	}{
		{"unknown CA", leaf(t, ca, now.Add(-time.Hour), now.Add(day), nil, localhost),
			[]string{"certificate signed by unknown authority", `issued by "CN=slget test CA,O=slget tests"`, "--ca-certificate FILE", "--check-certificate=false"}},
		// --ca-certificate trusts its CA besides the system's roots, not
		// instead of them: a server another CA signs fails as without it.
		{"unknown CA beside the given one", leaf(t, other, now.Add(-time.Hour), now.Add(day), nil, localhost),
			[]string{"certificate signed by unknown authority", `issued by "CN=slget other CA,O=slget tests"`, "--ca-certificate FILE", "--check-certificate=false"}},
		{"self-signed", leaf(t, nil, now.Add(-time.Hour), now.Add(day), nil, localhost),
			[]string{"is self-signed", "--ca-certificate FILE"}},
		{"expired", leaf(t, ca, now.Add(-10*day), now.Add(-3*day), nil, localhost),
			[]string{"has expired", "(3 days later)", "The server must renew it"}},
		{"another name", leaf(t, ca, now.Add(-time.Hour), now.Add(day), []string{"other.test"}, net.IPv4(192, 0, 2, 7)),
			[]string{"valid for other.test, 192.0.2.7, not for 127.0.0.1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, _ := tlsOrigin(t, tc.cert)
			args := []string{"-d", t.TempDir(), u}
			if tc.name != "unknown CA" && tc.name != "self-signed" {
				args = append([]string{"--ca-certificate", writeCA(t, ca)}, args...)
			}
			r := runSlget(t, args...)
			if r.code != exitCertificate {
				t.Errorf("exit %d, want %d", r.code, exitCertificate)
			}
			for _, s := range append(tc.says, u) {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr does not say %q:\n%s", s, r.stderr)
				}
			}
			if strings.Contains(r.stderr, "try 2") {
				t.Errorf("a certificate that does not verify was tried again:\n%s", r.stderr)
			}
		})
	}
}

// --check-certificate=false downloads from a server whose certificate does
// not verify, saying so once however many connections and URLs; -q says
// nothing.
func TestCheckCertificateFalseWarnsOnce(t *testing.T) {
	self := leaf(t, nil, time.Now().Add(-time.Hour), time.Now().Add(24*time.Hour), nil, localhost)
	u, sum := tlsOrigin(t, self)
	dir := t.TempDir()
	r := runSlget(t, "--check-certificate=false", "-x", "4", "--slice", "256k", "-d", dir, u, u+"?again")
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	for _, name := range []string{"f.bin", "f.1.bin"} {
		if got := fileSHA(t, filepath.Join(dir, name)); got != sum {
			t.Errorf("%s: wrong bytes", name)
		}
	}
	if n := strings.Count(r.stderr, "certificates are not checked"); n != 1 {
		t.Errorf("the warning is said %d times, want once:\n%s", n, r.stderr)
	}
	r = runSlget(t, "-q", "--check-certificate=false", "-d", t.TempDir(), u)
	if r.code != 0 || r.stderr != "" {
		t.Errorf("-q: exit %d, stderr %q; want 0 and nothing", r.code, r.stderr)
	}
}

// writeCA writes ca's certificate as PEM in a temp file and returns its
// path, for --ca-certificate.
func writeCA(t *testing.T, ca *testCert) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ca.cert.Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
