package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/study"
)

const unitsUsage = `Usage: sim units [--game GAME] [--characters] [--library FILES] [NAME]

Lists a game's unit library, one unit a line (for Warhammer: name, troop
type, profile, armour save and army book). With a NAME, prints that
unit's YAML. With --characters, lists (or prints) the ready-made
characters who join units instead (a unit's characters: [{id: captain,
from: empire_captain}]). With --library, lists the units (or characters)
of library files, such as sim import writes, instead.

A unit in a scenario starts from a library unit with from: NAME, and the
fields it gives override the library's (docs/scenarios.md, "The unit
library"):

  units:
    - id: knights
      from: empire_knights
      models: 8
      profile: {Ld: 9}

Flags:
`

func unitsCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("units", unitsUsage, stdout)
	gameName := fs.String("game", scenarios.DefaultGame(), "the game whose library to list: "+strings.Join(scenarios.GameNames(), ", "))
	chars := fs.Bool("characters", false, "list the characters who join units instead of the units")
	files := fs.String("library", "", "comma-separated library files (sim import writes them) to list instead of the built-in library")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	units, err := study.Library("units", *gameName)
	if err != nil {
		return err
	}
	if *files != "" {
		if units, err = study.WithLibraryFiles("units", units, *files, false); err != nil {
			return err
		}
	}
	var lib scenarios.Lister = units
	what := "library unit"
	if *chars {
		cl, ok := units.(scenarios.CharacterLibrary)
		if !ok {
			return failure.Usagef("units: %s has no character library yet", *gameName)
		}
		lib, what = cl.Characters(), "library character"
	}
	switch len(pos) {
	case 0:
		return listUnits(stdout, lib)
	case 1:
		data, ok := lib.Source(strings.TrimSuffix(pos[0], ".yaml"))
		if !ok {
			return failure.Usagef("units: no %s %q; the library has %s", what, pos[0], strings.Join(lib.Names(), ", "))
		}
		_, err = stdout.Write(data)
		return err
	}
	return failure.Usagef("units: give at most one library unit name")
}

// listUnits writes one line a library unit, in columns.
func listUnits(stdout io.Writer, lib scenarios.Lister) error {
	var rows [][]string
	var width []int
	for _, name := range lib.Names() {
		row := lib.Columns(name)
		for i, cell := range row {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len(cell))
		}
		rows = append(rows, row)
	}
	for _, r := range rows {
		var b strings.Builder
		for i, cell := range r {
			if i == len(r)-1 {
				b.WriteString(cell)
				break
			}
			fmt.Fprintf(&b, "%-*s  ", width[i], cell)
		}
		if _, err := fmt.Fprintln(stdout, b.String()); err != nil {
			return err
		}
	}
	return nil
}
