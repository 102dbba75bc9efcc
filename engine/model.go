package engine

// Model is one kind of trial: what it measures and how to run it. A rule
// system builds a Model from a scenario; the runner knows nothing else of it.
type Model interface {
	// Metrics lists the integer quantities each trial reports, in the order
	// of [Outcome] values.
	Metrics() []Metric
	// Events lists the yes/no outcomes each trial reports.
	Events() []string
	// NewTrialer returns a fresh Trialer with its own scratch space. The
	// runner calls it once per worker.
	NewTrialer() Trialer
}

// Metric names an integer quantity measured on every trial, with its range
// Min..Max (Min is 0 for counts, negative for differences). The range bounds
// the histogram; a trial reporting a value outside it is a bug in the rule
// system and panics.
type Metric struct {
	Name     string // "<unit id>.<quantity>", e.g. "ogres.wounds"
	Min, Max int
}

// Trialer runs trials one after another on dice it is handed.
type Trialer interface {
	// Trial runs one trial and writes its results into r, whose slices
	// arrive zeroed, one entry per metric and per event.
	Trial(d *Dice, r *TrialResult)
}

// TrialResult holds the results of one trial.
type TrialResult struct {
	Values []int  // one per metric, in 0..Metric.Max
	Events []bool // one per event
}

// NewTrialResult returns a zeroed TrialResult with one entry per metric
// and per event of m.
func NewTrialResult(m Model) TrialResult {
	return TrialResult{Values: make([]int, len(m.Metrics())), Events: make([]bool, len(m.Events()))}
}

// Reset zeroes r's values and events, as a [Trialer] expects them before
// each trial.
func (r *TrialResult) Reset() {
	clear(r.Values)
	clear(r.Events)
}

// Exact is a result computed exactly rather than sampled: the distribution
// of every metric and the probability of every event, in the order of the
// model's Metrics and Events.
type Exact struct {
	Metrics []Metric
	Events  []string
	PMF     [][]float64 // PMF[m][i] = P(metric m = Metrics[m].Min + i)
	P       []float64   // P[e] = P(event e)
}

// NewExact returns the empty distributions of metrics and events, for a
// solver to fill: every probability 0.
func NewExact(metrics []Metric, events []string) *Exact {
	out := &Exact{Metrics: metrics, Events: events, PMF: make([][]float64, len(metrics)), P: make([]float64, len(events))}
	for i, m := range metrics {
		out.PMF[i] = make([]float64, m.Max-m.Min+1)
	}
	return out
}

// Solver is a model whose results can also be computed exactly.
type Solver interface {
	Model
	Exact() (*Exact, error)
}

// A BoundedSolver is a Solver that can also give up early: ExactWithin is
// Exact, but says the model is too large for it after about runs units of
// work (the solver's own measure), where Exact would go on to its own
// larger bound. A sweep or a matrix tries every point with a small bound
// and simulates those that do not fit; a Solver that is not a
// BoundedSolver is asked for Exact.
type BoundedSolver interface {
	Solver
	ExactWithin(runs int) (*Exact, error)
}

// Renamed returns m with every metric and event name passed through
// rename: so that models of different units report under common names
// ("target.wounds") and can be compared.
func Renamed(m Model, rename func(string) string) Model {
	r := &renamed{Model: m, metrics: append([]Metric(nil), m.Metrics()...)}
	for i := range r.metrics {
		r.metrics[i].Name = rename(r.metrics[i].Name)
	}
	for _, e := range m.Events() {
		r.events = append(r.events, rename(e))
	}
	return r
}

type renamed struct {
	Model
	metrics []Metric
	events  []string
}

func (r *renamed) Metrics() []Metric { return r.metrics }
func (r *renamed) Events() []string  { return r.events }
