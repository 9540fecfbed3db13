//go:build unix

// Test files: random bytes written once per run, with their SHA-256.

package main

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
)

// srcFile is one file that nginx serves and every tool downloads.
type srcFile struct {
	name string // path below the nginx root, with forward slashes
	size int64
	sum  string // hex SHA-256
}

// makeFile writes size random bytes to root/name and returns its hash.
func makeFile(root, name string, size int64) (srcFile, error) {
	var seed [32]byte
	if _, err := rand.Read(seed[:]); err != nil {
		return srcFile{}, err
	}
	path := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return srcFile{}, err
	}
	f, err := os.Create(path)
	if err != nil {
		return srcFile{}, err
	}
	h := sha256.New()
	w := bufio.NewWriterSize(io.MultiWriter(f, h), 1<<20)
	if _, err := io.CopyN(w, mrand.NewChaCha8(seed), size); err != nil {
		f.Close()
		return srcFile{}, err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return srcFile{}, err
	}
	if err := f.Close(); err != nil {
		return srcFile{}, err
	}
	return srcFile{name: name, size: size, sum: hex.EncodeToString(h.Sum(nil))}, nil
}

// hashFile returns the hex SHA-256 of the file at path.
func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.CopyBuffer(h, f, make([]byte, 1<<20)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// warm reads the file once so that it is in the page cache for every tool.
func warm(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.CopyBuffer(io.Discard, f, make([]byte, 1<<20))
	return err
}

// verify checks that dir holds every file with its source's bytes (by the
// last path element of its name).
func verify(dir string, files []srcFile) error {
	for _, f := range files {
		path := filepath.Join(dir, filepath.Base(filepath.FromSlash(f.name)))
		st, err := os.Stat(path)
		if err != nil {
			return fmt.Errorf("missing %s", filepath.Base(path))
		}
		if st.Size() != f.size {
			return fmt.Errorf("%s has %d bytes, want %d", filepath.Base(path), st.Size(), f.size)
		}
		sum, err := hashFile(path)
		if err != nil {
			return err
		}
		if sum != f.sum {
			return fmt.Errorf("%s: SHA-256 mismatch", filepath.Base(path))
		}
	}
	return nil
}
