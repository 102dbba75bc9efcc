package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/scenarios"
)

// checkDestinations refuses, before any trial runs, the output files a
// command could not write or must not: a directory, a file in a folder
// that does not exist or cannot be written to, one of the command's own
// input files (a scenario, a house-rules file, the JSON sim plot reads),
// or one file named twice. out is --out (or plot's -o; "" for none), and
// inputs the files the command reads; an input that is not a file (a
// built-in's name) is passed over.
func checkDestinations(cmd, out string, jobs []chartJob, inputs ...string) error {
	type dest struct{ flag, file string }
	var dests []dest
	if out != "" {
		dests = append(dests, dest{"--out", out})
	}
	for _, j := range jobs {
		dests = append(dests, dest{"--plot", j.file})
	}
	for i, d := range dests {
		if err := writable(d.file); err != nil {
			return failure.Usagef("%s: %s %s: %v", cmd, d.flag, d.file, err)
		}
		for _, in := range inputs {
			if sameFile(d.file, in) {
				return failure.Usagef("%s: %s %s is a file this command reads; write the output to another file", cmd, d.flag, d.file)
			}
		}
		for _, e := range dests[:i] {
			if sameFile(d.file, e.file) {
				return failure.Usagef("%s: %s %s is also the file of %s; give each output its own file", cmd, d.flag, d.file, e.flag)
			}
		}
	}
	return nil
}

// writable says why file could not be written, or nil: it is a directory,
// its folder does not exist or is not a folder, or the folder refuses a
// new file (tried, and removed at once).
func writable(file string) error {
	if fi, err := os.Stat(file); err == nil && fi.IsDir() {
		return errors.New("is a directory; give a file name")
	}
	dir := filepath.Dir(file)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New("no folder " + dir + "; create it first")
	case err != nil:
		return err
	case !fi.IsDir():
		return errors.New(dir + " is not a folder")
	}
	f, err := os.CreateTemp(dir, ".sim-check-*")
	if err != nil {
		return errors.New("cannot write in " + dir + ": " + strings.TrimPrefix(errors.Unwrap(err).Error(), "open "))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// sameFile reports whether a and b name the same file: the same existing
// file (links and other spellings included), or the same clean path.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	pa, errA := filepath.Abs(a)
	pb, errB := filepath.Abs(b)
	return errA == nil && errB == nil && pa == pb
}

// rulesFiles are the house-rules files a --rules value reads: the part
// before the first + of each comma-separated ruleset, where it names a file.
func rulesFiles(spec string) []string {
	var files []string
	for _, r := range strings.Split(spec, ",") {
		base, _, _ := strings.Cut(r, "+")
		if scenarios.IsFileName(base) {
			files = append(files, base)
		}
	}
	return files
}

// checkOutputs checks a command's output flags before anything runs: the
// format, the charts (--plot, --size) and where they all go (--out and the
// charts, not over the inputs).
func checkOutputs(cmd, format, out string, pf *plotFlags, inputs ...string) ([]chartJob, plots.Options, error) {
	if err := checkFormat(cmd, format); err != nil {
		return nil, plots.Options{}, err
	}
	jobs, popts, err := pf.check(cmd)
	if err != nil {
		return nil, popts, err
	}
	return jobs, popts, checkDestinations(cmd, out, jobs, inputs...)
}
