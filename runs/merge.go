package runs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
)

// Merge reads the shard files at paths, checks that they are every shard
// of one command on the same files, once each, and adds their runs up. It
// returns the command the shards ran, to run again, and the Scale that
// hands it the sums in place of its runs.
func Merge(paths []string, version string) (*Scale, []string, error) {
	files, err := readShards(paths, version)
	if err != nil {
		return nil, nil, err
	}
	first := files[0]
	fp, err := fingerprint(first.Command, version)
	if err != nil {
		return nil, nil, err
	}
	if fp != first.Fingerprint {
		return nil, nil, &failure.Input{Msg: fmt.Sprintf("merge: the files %q reads have changed since the shards ran (or are not here); merge where, and with what, the shards ran", strings.Join(first.Command, " "))}
	}
	merged, err := sumShards(paths, files)
	if err != nil {
		return nil, nil, err
	}
	return &Scale{version: version, merged: merged}, slices.Clone(first.Command), nil
}

// readShards reads shard files and checks that they belong together: the
// same command, fingerprint and number of shards, each shard once.
func readShards(paths []string, version string) ([]*File, error) {
	var files []*File
	for _, p := range paths {
		f, err := ReadFile(p, version)
		if err != nil {
			return nil, err
		}
		if f.Kind != "shard" {
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s is a checkpoint; rerun its command with --checkpoint to finish it", p)}
		}
		files = append(files, f)
	}
	first := files[0]
	seen := map[int64]string{}
	for i, f := range files {
		switch {
		case !slices.Equal(f.Command, first.Command):
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s ran %q, %s %q; merge the shards of one command", paths[i], strings.Join(f.Command, " "), paths[0], strings.Join(first.Command, " "))}
		case f.Fingerprint != first.Fingerprint:
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s and %s ran the same command on different files (their fingerprints differ); run every shard on the same files", paths[i], paths[0])}
		case f.Shards != first.Shards:
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s is a shard of %d, %s of %d; merge the shards of one cut", paths[i], f.Shards, paths[0], first.Shards)}
		}
		if prev, dup := seen[f.Shard]; dup {
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: shard %d/%d is given twice: %s and %s", f.Shard, f.Shards, prev, paths[i])}
		}
		seen[f.Shard] = paths[i]
	}
	var missing []string
	for i := range first.Shards {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.Shards))
		}
	}
	if len(missing) > 0 {
		return nil, &failure.Input{Msg: fmt.Sprintf("merge: shard %s missing; run it (the same command with --shard %s) and merge again", strings.Join(missing, ", "), missing[0])}
	}
	return files, nil
}

// sumShards adds the shards' runs up, run by run.
func sumShards(paths []string, files []*File) ([]*engine.Result, error) {
	var sums []*engine.Result
	for i, f := range files {
		if len(f.Runs) != len(files[0].Runs) {
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s holds %d runs, %s %d; was a shard interrupted?", paths[i], len(f.Runs), paths[0], len(files[0].Runs))}
		}
		for k, r := range f.Runs {
			res, err := r.result(paths[i], k)
			if err != nil {
				return nil, err
			}
			if i == 0 {
				sums = append(sums, res)
				continue
			}
			if err := sums[k].Merge(res); err != nil {
				return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s: run %d: %v", paths[i], k+1, err)}
			}
		}
	}
	return sums, nil
}
