//go:build !race

package peer

// raceEnabled: see race_test.go.
const raceEnabled = false
