//go:build !race

package peer

// raceEnabled: true in a build with -race.
const raceEnabled = false
