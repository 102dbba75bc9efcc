package engine

import "runtime"

// MaxTrials is the most trials [Run] takes: ten billion, hours of work at a
// few million trials a second, and far below where the batch count or a
// histogram's count could overflow. A scenario's trials field
// (scenarios.MaxTrials) and the --trials flag have the same bound.
const MaxTrials int64 = 10_000_000_000

// MaxWorkers returns the most workers [Run] takes: four for each CPU
// (runtime.NumCPU), and never fewer than 64. Each worker holds its own
// trialer and histograms from the start, so the bound keeps a mistyped
// worker count from allocating without end; the number of workers never
// changes the numbers, only the speed, and more than a few a CPU gives
// no more speed.
func MaxWorkers() int { return max(4*runtime.NumCPU(), 64) }
