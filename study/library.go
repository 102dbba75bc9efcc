package study

import (
	"strings"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
)

// WithLibraryFiles is lib with the comma-separated library files list
// before its own units, or instead of them (builtin false); cmd names the
// command in errors.
func WithLibraryFiles(cmd string, lib scenarios.Library, list string, builtin bool) (scenarios.Library, error) {
	fl, ok := lib.(scenarios.FileLibrary)
	if !ok {
		return nil, failure.Usagef("%s: --library: this game's library takes no library files yet", cmd)
	}
	var paths []string
	for _, p := range strings.Split(list, ",") {
		if p = strings.TrimSpace(p); p == "" {
			return nil, failure.Usagef("%s: --library %q: an empty file name; give comma-separated paths", cmd, list)
		}
		paths = append(paths, p)
	}
	return fl.WithFiles(paths, builtin)
}

// Library is the unit library of the game called name, or a usage error
// that says why there is none; cmd names the command in errors.
func Library(cmd, name string) (scenarios.Library, error) {
	g, err := scenarios.Lookup(name)
	if err != nil {
		return nil, failure.Usagef("%s: %v", cmd, err)
	}
	lib := g.Library()
	if lib == nil {
		return nil, failure.Usagef("%s: %s has no unit library yet; its scenarios give every profile in full (%s)", cmd, g.Title(), g.Docs())
	}
	return lib, nil
}
