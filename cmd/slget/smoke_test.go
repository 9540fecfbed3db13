package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestSmoke(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(20<<20+123))
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"slget", "-x", "8", "-d", dir, srv.FileURL()}, nil, &out, &errb)
	t.Logf("code %d out %q err %q", code, out.String(), errb.String())
	b, _ := os.ReadFile(filepath.Join(dir, "file.bin"))
	s := sha256.Sum256(b)
	if hex.EncodeToString(s[:]) != srv.Content().SHA256() {
		t.Fatal("sha mismatch")
	}
	for _, r := range srv.Requests() {
		t.Logf("%d conn %d %s %s %d", r.N, r.Conn, r.Range, r.IfRange, r.Status)
	}
}
