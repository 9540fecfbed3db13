// The user's CAs trusted beside the system's roots, with the system's read
// only when a server's chain does not verify to the user's alone.

package fetch

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"sync"
	"time"
)

// roots is what ClientOptions.CAs trusts: those CAs and the system's
// roots. Reading the system's roots parses some 300 certificates (about
// 10 ms of CPU): a run that dials no TLS server, or only servers the
// given CAs sign, never pays it. The trust is the same as one pool of
// both: a chain that verifies to the given CAs verifies to both, and one
// that does not is verified against both, whose error is the one
// returned.
type roots struct {
	pem    []byte                         // the given CAs, as given
	given  *x509.CertPool                 // pem alone
	system func() (*x509.CertPool, error) // x509.SystemCertPool; tests replace it

	once sync.Once
	all  *x509.CertPool // the system's and pem, made on first need
}

// newRoots returns the roots of pem, or nil for none.
func newRoots(pem []byte) (*roots, error) {
	if len(pem) == 0 {
		return nil, nil
	}
	given := x509.NewCertPool()
	if !given.AppendCertsFromPEM(pem) {
		return nil, ErrNoCAs
	}
	return &roots{pem: pem, given: given, system: x509.SystemCertPool}, nil
}

// both returns the pool of the system's roots and the given CAs, made
// the first time it is asked for.
func (r *roots) both() *x509.CertPool {
	r.once.Do(func() {
		p, err := r.system()
		if err != nil || p == nil {
			p = x509.NewCertPool()
		}
		p.AppendCertsFromPEM(r.pem)
		r.all = p
	})
	return r.all
}

// hold makes cfg, the config of one handshake (its ServerName set), verify
// the server's chain against r, as crypto/tls would with RootCAs set to
// both pools: the same name, time and intermediates, and on failure the
// same *tls.CertificateVerificationError. A cfg that sets its own RootCAs
// or skips verification is left alone.
func (r *roots) hold(cfg *tls.Config) {
	if r == nil || cfg.InsecureSkipVerify || cfg.RootCAs != nil {
		return
	}
	name, next, now := cfg.ServerName, cfg.VerifyConnection, cfg.Time
	cfg.InsecureSkipVerify = true // the check is VerifyConnection's, below
	cfg.VerifyConnection = func(cs tls.ConnectionState) error {
		t := time.Now()
		if now != nil {
			t = now()
		}
		if err := r.verify(cs.PeerCertificates, name, t); err != nil {
			return err
		}
		if next != nil {
			return next(cs)
		}
		return nil
	}
}

// verify checks certs (the server's, leaf first) for name at t: against
// the given CAs, then against both pools.
func (r *roots) verify(certs []*x509.Certificate, name string, t time.Time) error {
	if len(certs) == 0 {
		return &tls.CertificateVerificationError{Err: errors.New("tls: the server sent no certificate")}
	}
	opts := x509.VerifyOptions{Roots: r.given, CurrentTime: t, DNSName: name, Intermediates: x509.NewCertPool()}
	for _, c := range certs[1:] {
		opts.Intermediates.AddCert(c)
	}
	if _, err := certs[0].Verify(opts); err == nil {
		return nil
	}
	opts.Roots = r.both()
	if _, err := certs[0].Verify(opts); err != nil {
		return &tls.CertificateVerificationError{UnverifiedCertificates: certs, Err: err}
	}
	return nil
}
