//go:build !race

package warhammerref

// raceDetector says the tests run under the race detector (race_test.go).
const raceDetector = false
