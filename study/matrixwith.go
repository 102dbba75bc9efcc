package study

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
)

// A matrix --with: a third library unit in every row's army (issue 30,
// plan §4), NAME[:SIZE][@FACE].

// pickWith reads --with into mx.with and mx.at, and checks that the cells
// can hold it: a library that writes cells of three units (or a template
// that has a unit with), and a fight of the row against the column.
func (mx *matrix) pickWith() error {
	spec := mx.o.With
	if spec == "" {
		return nil
	}
	unit, at, faced := strings.Cut(spec, "@")
	if !faced {
		at = scenarios.Faces[0]
	}
	if !slices.Contains(scenarios.Faces, at) {
		return failure.Usagef("matrix: --with %s: the face after @ is %s, the column's face where %s stands; got %q", spec, strings.Join(scenarios.Faces, ", "), unit, at)
	}
	picks, err := parsePicks("--with", unit, mx.lib)
	if err != nil {
		return err
	}
	if len(picks) != 1 {
		return failure.Usagef("matrix: --with takes one library unit, NAME[:SIZE][@%s], got %q", strings.Join(scenarios.Faces, "|"), spec)
	}
	if _, ok := mx.lib.(scenarios.WithMatchup); !ok && mx.tmpl == nil {
		return failure.Usagef("matrix: --with: %s's matrix cells hold two units only; use --template with a scenario of your own three units", mx.rs.Game())
	}
	if mx.kind.Name == "volley" {
		return failure.Usagef("matrix: --with adds a unit to the row's army in a charge; a volley is the row's blows alone: drop --with or use --fight charge")
	}
	mx.with, mx.at = &picks[0], at
	return nil
}

// matchup is the library's cell (i, j): the row and column units, with
// the third unit of --with where there is one.
func (mx *matrix) matchup(i, j int) []byte {
	if mx.with == nil || mx.tmpl != nil {
		return mx.lib.Matchup(mx.rows[i], mx.cols[j], mx.kind.Name)
	}
	return mx.lib.(scenarios.WithMatchup).MatchupWith(mx.rows[i], mx.cols[j], *mx.with, mx.at, mx.kind.Name)
}

// sized lists the picks whose sizes the title names: rows, columns and
// with.
func (mx *matrix) sized() []scenarios.Pick {
	picks := append(slices.Clone(mx.rows), mx.cols...)
	if mx.with != nil {
		picks = append(picks, *mx.with)
	}
	return picks
}

// withText says what --with added, for the title: "with empire_halberdiers
// at the column's front", or "" for none. A template places with itself.
func (mx *matrix) withText() string {
	switch {
	case mx.with == nil:
		return ""
	case mx.tmpl != nil:
		return "with " + mx.with.String() + " as the template places it"
	}
	return fmt.Sprintf("with %s at the column's %s", mx.with, mx.at)
}
