//go:build !race

package localcache

// raceEnabled: see race_test.go.
const raceEnabled = false
