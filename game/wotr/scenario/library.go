package scenario

import (
	"embed"
	"fmt"

	"github.com/wargamesim/sim/scenarios"
)

// The formation library: ready-made formations, one YAML file each in
// formations/, written as a scenario's formations are but without an id or
// heroes (the hero library is library_characters.go's). A scenario's formation that says `from: NAME` starts as the
// library's NAME, and every field it gives overrides the library's
// (docs/wotr.md, "The formation library").

//go:embed formations/*.yaml
var formationsFS embed.FS

var formations = scenarios.UnitLibrary[Formation]{FS: scenarios.Sub(formationsFS, "formations"), What: "formation",
	List: "sim units --game wotr", From: func(f *Formation) string { return f.From }}

// useLibrary starts each formation of s that says from: from the formation
// library, then each of their heroes that says from: from the hero
// library. A library formation has no heroes, so a formation's heroes are
// the scenario's own whether it says from: or not.
func useLibrary(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	errs := formations.Use(file, "formations", s.Formations, pos)
	for i := range s.Formations {
		errs = append(errs, heroes.Use(file, fmt.Sprintf("formations[%d].heroes", i), s.Formations[i].Heroes, pos)...)
	}
	return errs
}

// library is the formation library as a scenarios.Library: its names and
// files, and what sim units and sim matrix make of them.
type library struct {
	scenarios.UnitLibrary[Formation]
}

// Columns are a formation's name, faction, troop type, profile (Defence
// with its shield in brackets), companies and source.
func (l library) Columns(name string) []string {
	f, ok := l.Unit(name)
	if !ok {
		return nil
	}
	p := f.Profile
	d := fmt.Sprint(p.D)
	if f.Shield {
		d = fmt.Sprintf("%d(%d)", p.D, p.D+2)
	}
	return []string{name, f.Faction, scenarios.OrDefault(f.Type, "infantry"),
		fmt.Sprintf("F%d S%d D%s A%d R%d C%d", p.F, p.S, d, p.A, p.R, p.C),
		fmt.Sprintf("%d companies", f.Companies), f.Source}
}

// Fights is a charge: the row formation charges and the turn is fought.
func (library) Fights() []scenarios.Fight {
	return []scenarios.Fight{{Name: "charge", Says: "charge the columns and fight one turn", Win: scenarios.RowWins}}
}

// UnitList is the scenario field of the units.
func (library) UnitList() string { return "formations" }

// SizeField is a formation's companies.
func (library) SizeField() string { return "companies" }

// Matchup is the row formation charging the column's.
func (l library) Matchup(row, col scenarios.Pick, _ string) []byte {
	return []byte(fmt.Sprintf("game: wotr\nname: %s-vs-%s\nformations:\n  - %s\n  - %s\nfight: {type: fight, charger: row}\n", row.Unit, col.Unit,
		row.UnitYAML("row", l.SizeField()), col.UnitYAML("col", l.SizeField())))
}
