package main

import (
	"io"
	"testing"
)

// The trial count and the seed come from the flag, else the scenario,
// else the default (a drawn seed for the seed).
func TestChooseTrialsAndSeed(t *testing.T) {
	seven := uint64(7)
	for _, tt := range []struct {
		args       []string
		scenTrials int64
		scenSeed   *uint64
		wantTrials int64
		wantSeed   uint64 // when wantSource is not "random"
		wantSource string
		why        string
	}{
		{nil, 0, nil, defaultTrials, 0, "random", "nothing given: the default and a drawn seed"},
		{nil, 5000, &seven, 5000, 7, "scenario", "the scenario's when the command line is silent"},
		{[]string{"--trials", "300", "--seed", "9"}, 5000, &seven, 300, 9, "flag", "the flags win over the scenario"},
		{[]string{"--seed", "0"}, 0, &seven, defaultTrials, 0, "flag", "a seed of 0 given on the command line is still given"},
	} {
		fs := newFlags("run", "", io.Discard)
		trials := fs.Int64("trials", 0, "")
		seed := fs.Uint64("seed", 0, "")
		if _, err := parse(fs, tt.args); err != nil {
			t.Fatal(err)
		}
		if got := chooseTrials(fs, *trials, tt.scenTrials); got != tt.wantTrials {
			t.Errorf("%v: trials %d, want %d (%s)", tt.args, got, tt.wantTrials, tt.why)
		}
		got, source := chooseSeed(fs, *seed, tt.scenSeed)
		if source != tt.wantSource || source != "random" && got != tt.wantSeed {
			t.Errorf("%v: seed %d from %s, want %d from %s (%s)", tt.args, got, source, tt.wantSeed, tt.wantSource, tt.why)
		}
	}
}
