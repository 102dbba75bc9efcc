package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

const unitsUsage = `Usage: sim units [NAME]

Lists the unit library, one unit a line: name, troop type, profile, armour
save and army book. With a NAME, prints that unit's YAML.

A unit in a scenario starts from a library unit with from: NAME, and the
fields it gives override the library's (docs/scenarios.md, "The unit
library"):

  units:
    - id: knights
      from: empire_knights
      models: 8
      profile: {Ld: 9}
`

func unitsCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("units", unitsUsage, stdout)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	switch len(pos) {
	case 0:
		return listUnits(stdout)
	case 1:
		_, data, ok := scenarios.LibraryUnit(strings.TrimSuffix(pos[0], ".yaml"))
		if !ok {
			return usagef("units: no library unit %q; the library has %s", pos[0], strings.Join(scenarios.LibraryNames(), ", "))
		}
		_, err = stdout.Write(data)
		return err
	}
	return usagef("units: give at most one library unit name")
}

// listUnits writes one line a library unit, in columns.
func listUnits(stdout io.Writer) error {
	var rows [][5]string
	var width [4]int
	for _, name := range scenarios.LibraryNames() {
		u, _, _ := scenarios.LibraryUnit(name)
		row := [5]string{name, u.TroopType().String(), profileText(u.Profile), "save " + saveText(u.ArmourSave()), bookText(u.Source)}
		for i := range width {
			width[i] = max(width[i], len(row[i]))
		}
		rows = append(rows, row)
	}
	for _, r := range rows {
		if _, err := fmt.Fprintf(stdout, "%-*s  %-*s  %-*s  %-*s  %s\n",
			width[0], r[0], width[1], r[1], width[2], r[2], width[3], r[3], r[4]); err != nil {
			return err
		}
	}
	return nil
}

// profileText is a profile on one line: "M4 WS4 BS3 S3 T3 W1 I3 A1 Ld8".
func profileText(p scenarios.Profile) string {
	return fmt.Sprintf("M%d WS%d BS%d S%d T%d W%d I%d A%d Ld%d", p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld)
}

// saveText is an armour save as the books write it ("3+"), or "none".
func saveText(s warhammer.Save) string {
	if s >= warhammer.NoSave {
		return "none"
	}
	return fmt.Sprintf("%d+", int(s))
}

// bookText is the army book and edition of a library unit's source, without
// the series name and the note in brackets: "Bretonnia, 6th edition".
func bookText(source string) string {
	book, _, _ := strings.Cut(source, " (")
	return strings.TrimPrefix(book, "Warhammer Armies ")
}
