//go:build race

package fetch_test

// raceEnabled: the race detector makes copying bytes several times slower,
// so the largest tests use less data under it.
const raceEnabled = true
