//go:build !race

package conquest

// raceSlowdown is how much slower code runs under the race detector, for
// the tests that bound a time.
const raceSlowdown = 1
