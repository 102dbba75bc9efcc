package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
)

// version is the version of sim, reported by sim version and in every
// JSON output.
const version = "0.1.0"

// set reports whether the flag name was given on the command line.
func set(fs *flagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			found = true
		}
	})
	return found
}

const listUsage = `Usage: sim list

Lists the built-in scenarios, one a line: name and title.
`

func listCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("list", listUsage, stdout)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return failure.Usagef("list takes no arguments")
	}
	names := scenarios.BuiltinNames()
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		p, err := scenarios.Builtin(n)
		if err != nil {
			return fmt.Errorf("built-in scenario %s: %w", n, err)
		}
		fmt.Fprintf(stdout, "%-*s  %s\n", width, n, p.Title)
	}
	return nil
}

const showUsage = `Usage: sim show NAME [--link [--base URL] [--trials N] [--seed N]]

Prints the YAML of a built-in scenario, to read or to start your own from:
  sim show ogres-vs-arrows > my-fight.yaml
With --link, prints a link to the web page (sim serve, sim site) that runs
it with those trials and seed, giving the numbers sim run gives.

Flags:
`

func showCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("show", showUsage, stdout)
	link := fs.Bool("link", false, "print a link to the web page that runs the scenario, instead of its YAML")
	base := fs.String("base", "http://127.0.0.1:8080/", "the page's address, for --link")
	trials := trialsFlag(fs, 100_000, "number of trials, for --link")
	seed := seedFlag(fs, "random seed, for --link (default 1)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return failure.Usagef("show: give one built-in scenario name (sim list shows them)")
	}
	data, ok := scenarios.BuiltinSource(strings.TrimSuffix(pos[0], ".yaml"))
	if !ok {
		return failure.Usagef("show: no built-in scenario %q; the built-ins are %s", pos[0], strings.Join(scenarios.BuiltinNames(), ", "))
	}
	if *link {
		s := uint64(1)
		if set(fs, "seed") {
			s = *seed
		}
		return showLink(stdout, strings.TrimSuffix(pos[0], ".yaml"), *base, *trials, s)
	}
	_, err = stdout.Write(data)
	return err
}

const validateUsage = `Usage: sim validate FILE|NAME...

Checks scenario files and prints every problem found, one a line, as
FILE:LINE:COLUMN: FIELD: PROBLEM. Prints "FILE: ok" for a good file.
Exits with status 2 if any file has a problem.
`

func validateCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("validate", validateUsage, stdout)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return failure.Usagef("validate: give one or more scenario files")
	}
	var bad scenarios.ErrorList
	for _, arg := range pos {
		plan, err := scenarios.Open(arg)
		var list scenarios.ErrorList
		switch {
		case err == nil:
			warn(stderr, plan)
			fmt.Fprintf(stdout, "%s: ok\n", arg)
		case errors.As(err, &list):
			for _, e := range list {
				fmt.Fprintln(stderr, e)
			}
			bad = append(bad, list...)
		default:
			return err
		}
	}
	if len(bad) > 0 {
		return &validationFailed{bad}
	}
	return nil
}

// validationFailed is a validate run that found problems, already printed.
type validationFailed struct{ scenarios.ErrorList }

func (v *validationFailed) Unwrap() error { return v.ErrorList }

const versionUsage = `Usage: sim version

Prints the version of sim, the Go version that built it, and the version
of the dice streams (seeds give the same numbers only within one stream
version).
`

func versionCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("version", versionUsage, stdout)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return failure.Usagef("version takes no arguments")
	}
	rev := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = ", revision " + s.Value[:12]
			}
		}
	}
	fmt.Fprintf(stdout, "sim %s (%s%s; dice %s)\n", version, runtime.Version(), rev, engine.StreamVersion)
	return nil
}
