//go:build !race

package bench

// raceDetector says the tests run under the race detector (race_test.go).
const raceDetector = false
