// Tests of the fleet key: a MAC of one request, answer or key passes only
// for what it was made for.

package fleet

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

func signed(k *Key, at time.Time) (http.Header, string) {
	h := http.Header{}
	h.Set("Range", "bytes=0-1048575")
	h.Set("If-Match", `"e1"`)
	return h, k.SignRequest("GET", "http://origin/f", h, at, "run-a")
}

func TestRequestMACPassesOnlyAsMade(t *testing.T) {
	k := NewKey("s3cret")
	now := time.Unix(1_800_000_000, 0)
	h, nonce := signed(k, now)
	var seen Replays
	if got, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-a", &seen); err != nil || got != nonce {
		t.Fatalf("VerifyRequest = %q, %v; want %q, nil", got, err, nonce)
	}
	if _, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-a", &seen); !errors.Is(err, ErrReplay) {
		t.Errorf("the same request again: %v, want ErrReplay", err)
	}
	for name, change := range map[string]func(h http.Header) (string, string){
		"method": func(h http.Header) (string, string) { return "HEAD", "http://origin/f" },
		"target": func(h http.Header) (string, string) { return "GET", "http://origin/g" },
		"range": func(h http.Header) (string, string) {
			h.Set("Range", "bytes=0-2097151")
			return "GET", "http://origin/f"
		},
		"if-match": func(h http.Header) (string, string) { h.Set("If-Match", `"e2"`); return "GET", "http://origin/f" },
		"relay":    func(h http.Header) (string, string) { h.Set("X-Slget-Relay", "1"); return "GET", "http://origin/f" },
		"held":     func(h http.Header) (string, string) { h.Set("X-Slget-Held", "1"); return "GET", "http://origin/f" },
		"wait":     func(h http.Header) (string, string) { h.Set("X-Slget-Wait", "102"); return "GET", "http://origin/f" },
		"no mac":   func(h http.Header) (string, string) { h.Del(HeaderAuth); return "GET", "http://origin/f" },
		"garbled": func(h http.Header) (string, string) {
			h.Set(HeaderAuth, strings.Replace(h.Get(HeaderAuth), "m=", "m=x", 1))
			return "GET", "http://origin/f"
		},
	} {
		h, _ := signed(k, now)
		m, target := change(h)
		if _, err := k.VerifyRequest(m, target, h, now, "run-a", nil); err == nil {
			t.Errorf("a request whose %s changed passed", name)
		}
	}
	h, _ = signed(NewKey("other"), now)
	if _, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-a", nil); !errors.Is(err, ErrBadAuth) {
		t.Errorf("another key's MAC: %v, want ErrBadAuth", err)
	}
	h, _ = signed(k, now.Add(-MaxSkew-time.Second))
	var se *SkewError
	if _, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-a", nil); !errors.As(err, &se) || !strings.Contains(err.Error(), "NTP") {
		t.Errorf("a request signed too long ago: %v, want a SkewError that says what to do", err)
	}
}

// A request is signed for one run of one serve: another member, or the
// same one after a restart (another run), refuses it with a RunError,
// and so does one that names no run, but for a GET of /healthz, which is
// how a client learns the run. The run cannot be changed without the key.
func TestRequestMACIsBoundToItsRun(t *testing.T) {
	k := NewKey("s3cret")
	now := time.Unix(1_800_000_000, 0)
	h, nonce := signed(k, now)
	var seen Replays
	var re *RunError
	if got, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-b", &seen); !errors.As(err, &re) || got != nonce || re.Got != "run-a" {
		t.Errorf("a request for run-a at run-b: %q, %v; want a RunError with its nonce (the refusal is signed)", got, err)
	}
	if _, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-a", &seen); err != nil {
		t.Errorf("refused at another run, it must still pass at its own: %v", err)
	}
	h.Set(HeaderAuth, strings.Replace(h.Get(HeaderAuth), "r=run-a", "r=run-b", 1))
	if _, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-b", nil); !errors.Is(err, ErrBadAuth) {
		t.Errorf("a request whose run was rewritten: %v, want ErrBadAuth", err)
	}
	h = http.Header{}
	k.SignRequest("GET", "http://origin/f", h, now, "")
	if _, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-a", nil); !errors.As(err, &re) {
		t.Errorf("a proxy request for no run: %v, want a RunError", err)
	}
	for _, m := range []string{"GET", "HEAD"} {
		h = http.Header{}
		k.SignRequest(m, HealthzTarget, h, now, "")
		if _, err := k.VerifyRequest(m, HealthzTarget, h, now, "run-a", nil); err != nil {
			t.Errorf("%s /healthz for no run: %v, want it to pass", m, err)
		}
	}
	h = http.Header{}
	k.SignRequest("GET", "/fleet", h, now, "")
	if _, err := k.VerifyRequest("GET", "/fleet", h, now, "run-a", nil); !errors.As(err, &re) {
		t.Errorf("GET /fleet for no run: %v, want a RunError", err)
	}
}

func TestAnswerMACIsBoundToItsRequest(t *testing.T) {
	k := NewKey("s3cret")
	h := http.Header{}
	h.Set("ETag", `"e1"`)
	h.Set("Content-Range", "bytes 0-1048575/4194304")
	h.Set("X-Slget-Crc32c", "0:0a0b0c0d")
	k.SignAnswer("n1", 206, h)
	if err := k.VerifyAnswer("n1", 206, h); err != nil {
		t.Fatalf("VerifyAnswer: %v", err)
	}
	for name, check := range map[string]func() error{
		"another request": func() error { return k.VerifyAnswer("n2", 206, h) },
		"another status":  func() error { return k.VerifyAnswer("n1", 200, h) },
		"another key":     func() error { return NewKey("other").VerifyAnswer("n1", 206, h) },
		"other checksums": func() error {
			c := h.Clone()
			c.Set("X-Slget-Crc32c", "0:00000000")
			return k.VerifyAnswer("n1", 206, c)
		},
		"another version": func() error {
			c := h.Clone()
			c.Set("ETag", `"e2"`)
			return k.VerifyAnswer("n1", 206, c)
		},
	} {
		if err := check(); !errors.Is(err, ErrUnproven) {
			t.Errorf("%s: %v, want ErrUnproven", name, err)
		}
	}
}

// The keys of each use differ: a request's MAC is no answer's, and the
// gossip key is neither.
func TestKeysOfEachUseDiffer(t *testing.T) {
	k := NewKey("s3cret")
	if string(k.req) == string(k.ans) || string(k.req) == string(k.gossip) || string(k.ans) == string(k.gossip) {
		t.Fatal("two uses share a key")
	}
	if len(k.GossipKey()) != 32 {
		t.Fatalf("GossipKey is %d bytes, want 32 (AES-256)", len(k.GossipKey()))
	}
	if NewKey("") != nil {
		t.Fatal("NewKey(\"\") is not nil")
	}
}

func TestReplaysStayBounded(t *testing.T) {
	var r Replays
	now := time.Unix(1_800_000_000, 0)
	for i := range maxReplays + 10 {
		if !r.add(NewNonce(), now.Add(time.Duration(i)*time.Microsecond), now) {
			t.Fatalf("nonce %d refused", i)
		}
	}
	if len(r.order) > maxReplays || len(r.seen) > maxReplays {
		t.Fatalf("%d nonces kept, want at most %d", len(r.order), maxReplays)
	}
	if r.add(NewNonce(), now, now) {
		t.Error("a request as old as the nonces forgotten passed")
	}
	later := now.Add(3 * MaxSkew)
	if !r.add(NewNonce(), later, later) || len(r.order) != 1 {
		t.Errorf("old nonces are not forgotten: %d kept", len(r.order))
	}
}

func FuzzVerifyRequest(f *testing.F) {
	k := NewKey("s3cret")
	now := time.Unix(1_800_000_000, 0)
	h, _ := signed(k, now)
	f.Add(h.Get(HeaderAuth), "bytes=0-1")
	f.Add("v2 t=1 n=00 r= m=", "")
	f.Add("v2 t=1800000000 n=00000000000000000000000000000000 r=run-b m=x", "bytes=0-1048575")
	f.Add("v1 t=-9999999999999999999 n= m==", "bytes=")
	genuine := h.Get(HeaderAuth)
	f.Fuzz(func(t *testing.T, auth, rng string) {
		h := http.Header{}
		h.Set(HeaderAuth, auth)
		h.Set("Range", rng)
		h.Set("If-Match", `"e1"`)
		_, err := k.VerifyRequest("GET", "http://origin/f", h, now, "run-a", &Replays{})
		if err == nil && (auth != genuine || rng != "bytes=0-1048575") {
			t.Fatalf("a made-up MAC passed: %q for %q", auth, rng)
		}
	})
}
