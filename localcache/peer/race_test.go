//go:build race

package peer

// raceEnabled: the race detector makes the server several times slower, so
// the tests of timing and load ask less of it.
const raceEnabled = true
