//go:build race

package warhammerref

// raceDetector says the tests run under the race detector (go test
// -race), which makes them some ten times slower: they then take the sizes
// of -short, to look for data races rather than to measure agreement.
const raceDetector = true
