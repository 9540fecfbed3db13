//go:build !race

package fetch_test

// raceEnabled: true in a build with -race.
const raceEnabled = false
