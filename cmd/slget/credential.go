// The token as a systemd credential: a service given LoadCredential=
// finds it in $CREDENTIALS_DIRECTORY, a file only its own user may read,
// which a DynamicUser= service could not read where root keeps it.

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

const (
	// envCredentials is where systemd puts a service's credentials.
	envCredentials = "CREDENTIALS_DIRECTORY"
	// credentialToken is the name of the credential that holds the token
	// (LoadCredential=slget-token:/etc/slget/token).
	credentialToken = "slget-token"
)

// readCredentialToken returns the token of the systemd credential
// slget-token: "" when slget runs without credentials, or the credential
// is missing or blank (the unit's SetCredential= default when
// /etc/slget/token does not exist), so that a service without a token
// still starts.
func readCredentialToken() (string, error) {
	dir := os.Getenv(envCredentials)
	if dir == "" {
		return "", nil
	}
	name := filepath.Join(dir, credentialToken)
	b, err := os.ReadFile(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", withCode(exitBadOption, fmt.Errorf("the credential %s: %v", credentialToken, err))
	case strings.TrimSpace(string(b)) == "":
		return "", nil
	}
	tok, err := tokenFile(name)
	if err != nil {
		return "", withCode(exitBadOption, fmt.Errorf("the credential %s: %v", credentialToken, err))
	}
	return tok, nil
}
