package scenario

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/scenarios"
)

// MatchupWith is a matrix cell of three units (sim matrix --with, issue
// 30, plan §4): an army of row and with (its id row, so that row.wins is
// the army's win and row.casualties the row unit's) against col. The row
// charges col's front, as in Matchup; with stands at col's face at. At
// the flank or rear it charged with the row; at the front it was already
// fighting col when the row charged ([I]: docs/commands.md, "sim matrix").
// How many models touch is worked out from the units' sizes as
// docs/scenarios.md counts a face: the row touches col's front with its
// contact, at most col's frontage; with touches a flank with one model a
// rank of col's, the rear with col's frontage, the front with what the
// row leaves of it and the corner model two contacts share; col touches
// each with as many. A volley has no third unit: fight "volley" is
// Matchup's.
func (l library) MatchupWith(row, col, with scenarios.Pick, at, fight string) []byte {
	if fight == "volley" {
		return l.Matchup(row, col, fight)
	}
	r, c, w := l.sized(row), l.sized(col), l.sized(with)
	rowN := min(contact(&r), frontage(&c))
	var withN int
	switch at {
	case "front":
		withN = min(contact(&w), frontage(&c)+1-rowN)
	case "rear":
		withN = min(contact(&w), frontage(&c))
	default:
		withN = min(contact(&w), ranks(&c))
	}
	charged := ""
	if at != "front" {
		charged = "charged: true, "
	}
	src := string(l.Matchup(row, col, "charge"))
	units := fmt.Sprintf("units:\n  - %s\n  - %s\n  - %s\n", row.UnitYAML("row", l.SizeField()), with.UnitYAML("with", l.SizeField()), col.UnitYAML("col", l.SizeField()))
	f := fmt.Sprintf(`fight:
  type: close_combat
  sides:
    - id: row
      units:
        - {unit: row, charged: true, fights: [{unit: col, models: %d}]}
        - {unit: with, %sfights: [{unit: col, at: %s, models: %d}]}
    - id: col
      units:
        - {unit: col, fights: [{unit: row, models: %d}, {unit: with, models: %d}]}
`, rowN, charged, at, withN, rowN, withN)
	return []byte(withHeader(src, row, col, with) + units + f)
}

// sized is the library unit of p at p's size.
func (l library) sized(p scenarios.Pick) Unit {
	u, _ := l.Unit(p.Unit)
	if p.Size > 0 {
		u.Models = p.Size
	}
	return u
}

// withHeader is the name and library lines of Matchup's src, the cell
// named for its three units: "empire_knights-and-empire_halberdiers-vs-
// orc_boyz".
func withHeader(src string, row, col, with scenarios.Pick) string {
	head, _, _ := strings.Cut(src, "units:\n")
	_, lib, _ := strings.Cut(head, "\n")
	return fmt.Sprintf("name: %s-and-%s-vs-%s\n%s", row.Unit, with.Unit, col.Unit, lib)
}
