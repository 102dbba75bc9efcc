package toygame

import "github.com/wargamesim/sim/scenarios"

// The toy scenario format (game: toy): the types below are a file as
// written, field for field; the package doc is their manual. Decoding is
// strict (scenarios.Decode), validate.go checks ranges and ids into
// located errors, and build.go makes the engine's Skirmish.

// Scenario is a toy scenario file.
type Scenario struct {
	Game        string            `yaml:"game"` // toy
	Name        string            `yaml:"name"`
	Title       string            `yaml:"title"`
	Description string            `yaml:"description"`
	Ruleset     string            `yaml:"ruleset"` // the preset: toy1 (default) or toy2
	Rules       map[string]string `yaml:"rules"`   // options set one by one on the preset
	Trials      int64             `yaml:"trials"`
	Seed        *uint64           `yaml:"seed"`
	Bands       []Band            `yaml:"bands"` // exactly two
	Fight       Fight             `yaml:"fight"`
}

// Band is a band of identical models, one wound each.
type Band struct {
	ID      string         `yaml:"id"`
	From    string         `yaml:"from"` // a library band (bands/NAME.yaml) to start from
	Name    string         `yaml:"name"`
	Source  string         `yaml:"source"` // where its profile comes from, for sim units
	Models  int            `yaml:"models"`
	Attacks int            `yaml:"attacks"` // per model
	HitOn   scenarios.Roll `yaml:"hit_on"`  // 2+ to 6+
}

// Fight is how long the bands fight.
type Fight struct {
	MaxRounds int `yaml:"max_rounds"` // 1 to MaxRounds; DefaultMaxRounds when left out
}
