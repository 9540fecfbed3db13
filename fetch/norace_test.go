//go:build !race

package fetch_test

// raceEnabled: see race_test.go.
const raceEnabled = false
