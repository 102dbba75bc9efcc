// Command sim answers "how likely is this fight to go my way?" for
// rank-and-flank wargames, by simulating it millions of times with seeded
// dice and, where the maths allows, computing the exact answer.
//
// Usage:
//
//	sim                      run the default scenario
//	sim run FILE|NAME        run a scenario file or a built-in scenario
//	sim exact FILE|NAME      compute the exact distributions, where the maths allows
//	sim compare A B...       run scenarios or rulesets side by side
//	sim sweep A --vary P=1..9  run a scenario over a field's values
//	sim matrix --units A,B   fight every pairing of library units
//	sim balance A --vary P=LO..HI --target E=P  find where an outcome crosses a target
//	sim plot RESULT.json -o F  draw a chart from saved JSON
//	sim list                 list the built-in scenarios
//	sim show NAME            print a built-in scenario's YAML
//	sim units [NAME]         list the unit library, or print a unit's YAML
//	sim import FILE -o F     read a BattleScribe catalogue or roster into a unit library
//	sim merge SHARD.json...  add up the shards of a run cut with --shard I/N
//	sim validate FILE...     check scenario files
//	sim rules [RULES]        print a ruleset's options
//	sim rules diff A B       compare two rulesets
//	sim version              print the version
//
// Every command takes --help. Exit status: 0 success, 1 runtime failure
// (or an interrupted run), 2 bad usage or bad input, 3 a scenario sim
// exact cannot solve.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	_ "github.com/wargamesim/sim/game/all" // every game, through the scenarios registry
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
)

// exitCode prints err and maps it to the exit status: 2 for bad usage or
// bad input, 3 for a scenario sim exact cannot solve, 1 for anything
// else, 0 for none.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var u *failure.Usage
	var input scenarios.ErrorList
	var bad *failure.Input
	var failed *validationFailed
	var unsolved *failure.Unsolvable
	switch {
	case errors.Is(err, errHelp):
		return 0
	case errors.As(err, &failed):
		return 2 // sim validate listed every problem already
	case errors.As(err, &u):
		fmt.Fprintf(stderr, "sim: %v\n", err)
		fmt.Fprintln(stderr, "Run 'sim help' for usage.")
		return 2
	case errors.As(err, &input), errors.As(err, &bad):
		fmt.Fprintf(stderr, "sim: %v\n", err)
		return 2
	case errors.Is(err, failure.ErrInterrupted):
		return 1 // the partial result and a note were already written
	case errors.As(err, &unsolved):
		fmt.Fprintf(stderr, "sim: %v\n", err)
		return 3
	}
	fmt.Fprintf(stderr, "sim: %v\n", err)
	return 1
}

// run is the whole program: it reads args, writes results to stdout and
// messages to stderr, and stops early when ctx is cancelled.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return runCmd(ctx, nil, []string{defaultScenario()}, stdout, stderr)
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "run":
		if link, others, ok := cutFlag(rest, "from-link"); ok {
			if link == "" {
				return failure.Usagef("run: --from-link: give the page's link, in quotes")
			}
			return runLink(ctx, link, others, stdout, stderr)
		}
		return scaled(ctx, "run", rest, stdout, stderr, runCmd)
	case "merge":
		return mergeCmd(ctx, rest, stdout, stderr)
	case "serve":
		return serveCmd(ctx, rest, stdout, stderr)
	case "site":
		return siteCmd(ctx, rest, stdout, stderr)
	case "report":
		return reportCmd(ctx, rest, stdout, stderr)
	case "exact":
		return exactCmd(rest, stdout, stderr)
	case "list":
		return listCmd(rest, stdout, stderr)
	case "show":
		return showCmd(rest, stdout, stderr)
	case "rules":
		return rulesCmd(rest, stdout, stderr)
	case "compare", "sweep", "matrix", "balance":
		return scaled(ctx, cmd, rest, stdout, stderr, scalable[cmd])
	case "plot":
		return plotCmd(rest, stdout, stderr)
	case "units":
		return unitsCmd(rest, stdout, stderr)
	case "import":
		return importCmd(rest, stdout, stderr)
	case "validate":
		return validateCmd(rest, stdout, stderr)
	case "version":
		return versionCmd(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, mainUsage())
		return nil
	}
	return failure.Usagef("unknown command %q", cmd)
}

// defaultScenario is what `sim` with no arguments runs: the default
// game's (scenarios.GameDefaults).
func defaultScenario() string { return scenarios.GameDefaults().Scenario }

// mainUsage is sim's help.
func mainUsage() string { return strings.Replace(mainUsageText, "DEFAULT", defaultScenario(), 1) }

const mainUsageText = `sim simulates rank-and-flank wargame combat with seeded dice.

Usage:
  sim                      run the default scenario (DEFAULT)
  sim run FILE|NAME        run a scenario file or a built-in scenario
  sim exact FILE|NAME      compute the exact distributions, where the maths allows
  sim compare A B...       run scenarios (or rulesets: --rules 6th,8th) side by side
  sim sweep A --vary P=1..9  run a scenario over the values of one or two fields
  sim matrix --units A,B   fight every pairing of library units
  sim balance A --vary P=LO..HI --target E=P  find where an outcome crosses a target
  sim plot RESULT.json -o F  draw a chart from saved JSON
  sim merge SHARD.json...  add up the shards of a run cut with --shard I/N
  sim list                 list the built-in scenarios
  sim show NAME            print a built-in scenario's YAML, to start your own from
  sim units [NAME]         list the unit library, or print one unit's YAML
  sim import FILE -o F     read a BattleScribe catalogue or roster into a unit library
  sim validate FILE...     check scenario files and list every problem
  sim serve                serve the web page on this machine (the simulator in a browser)
  sim site -o DIR          write the web page as static files
  sim report A -o F.html   run a scenario into one self-contained HTML page for a post
  sim rules [RULES]        print a ruleset's options and where they came from
  sim rules diff A B       list the options two rulesets set differently
  sim version              print the version
  sim help                 print this help

Each command takes --help. Scenario files are described in docs/scenarios.md,
the JSON output in docs/output.md, and the rules in docs/rules.md.
Exit status: 0 success, 1 runtime failure or interrupted run, 2 bad usage or input.
`
