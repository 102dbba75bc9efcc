package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/wargamesim/sim/internal/failure"
)

// errHelp is returned after a command printed its help on request.
var errHelp = errors.New("help requested")

// flagSet is a command's flags and its help.
type flagSet struct {
	*flag.FlagSet
	help func()
}

// newFlags returns a flag set for command name whose help text is usage.
// The flag package prints nothing itself: a bad flag is reported once, on
// stderr, by exitCode, and the help goes to stdout only when asked for.
func newFlags(name, usage string, stdout io.Writer) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, help: func() {
		fmt.Fprint(stdout, usage)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
	}}
}

// parse parses args, allowing flags before, between and after the
// positional arguments ("sim run trolls --seed 7"), and returns the
// positional ones.
func parse(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.help()
				return nil, errHelp
			}
			if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: "); ok {
				return nil, failure.Usagef("%s: unknown flag %s (see sim %s --help)", fs.Name(), name, fs.Name())
			}
			return nil, failure.Usagef("%s: %v", fs.Name(), err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// cutFlag finds flag name (--name VALUE, --name=VALUE, or with one dash)
// among args before a lone "--", and returns its value and the other
// arguments; ok is false if it is not there. A flag given without a value
// has the value "".
func cutFlag(args []string, name string) (value string, rest []string, ok bool) {
	for i, a := range args {
		if a == "--" {
			break
		}
		for _, p := range []string{"--" + name, "-" + name} {
			switch {
			case a == p:
				if i+1 < len(args) {
					value = args[i+1]
					return value, append(append([]string(nil), args[:i]...), args[i+2:]...), true
				}
				return "", append([]string(nil), args[:i]...), true
			case strings.HasPrefix(a, p+"="):
				return a[len(p)+1:], append(append([]string(nil), args[:i]...), args[i+1:]...), true
			}
		}
	}
	return "", args, false
}
