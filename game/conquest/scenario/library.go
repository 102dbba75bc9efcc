package scenario

import (
	"embed"
	"fmt"

	"github.com/wargamesim/sim/scenarios"
)

// The regiment library: ready-made regiments, one YAML file each in
// regiments/, written as a scenario's regiments are but without an id. A
// scenario's regiment that says `from: NAME` starts as the library's NAME,
// and every field it gives overrides the library's (docs/conquest.md, "The
// regiment library"). The Hundred Kingdoms and Spires profiles are 1.5's,
// per model, and refused under the 2.0 preset (stand_profile per_stand);
// those of the factions with no 1.5-era data found (Nords, Dweghom,
// W'adrhun, Old Dominion) are 2.x's, per stand (models: 1), and are meant
// for the 2.0 preset. Each file's source says which.

//go:embed regiments/*.yaml
var regimentsFS embed.FS

var regiments = scenarios.UnitLibrary[Regiment]{FS: scenarios.Sub(regimentsFS, "regiments"), What: "regiment",
	List: "sim units --game conquest", From: func(r *Regiment) string { return r.From }}

// useLibrary starts each regiment of s that says from: from the regiment
// library, then each of their characters that says from: from the
// character library. A library regiment has no character, so a
// regiment's character is the scenario's own whether it says from: or not.
func useLibrary(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	errs := regiments.Use(file, "regiments", s.Regiments, pos)
	for i := range s.Regiments {
		if c := s.Regiments[i].Character; c != nil {
			if err := characters.UseOne(file, fmt.Sprintf("regiments[%d].character", i), c, pos); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errs
}

// library is the regiment library as a scenarios.Library: its names and
// files, and what sim units and sim matrix make of them.
type library struct {
	scenarios.UnitLibrary[Regiment]
}

// Columns are a regiment's name, faction, type and class, profile, stands
// and source.
func (l library) Columns(name string) []string {
	r, ok := l.Unit(name)
	if !ok {
		return nil
	}
	p := r.Profile
	return []string{name, r.Faction, r.Type + " " + r.Class,
		fmt.Sprintf("M%d V%d C%d A%d W%d R%d D%d E%d", p.M, p.V, p.C, p.A, p.W, p.R, p.D, p.E),
		plural(r.Stands, "stand") + fmt.Sprintf(" of %d", r.Models), r.Source}
}

// Fights is one Clash: the row regiment strikes the column's, which tests
// its Morale.
func (library) Fights() []scenarios.Fight {
	return []scenarios.Fight{{Name: "volley", Says: "clash with the columns once", Win: scenarios.ColDestroyed}}
}

// UnitList is the scenario field of the units.
func (library) UnitList() string { return "regiments" }

// SizeField is a regiment's stands.
func (library) SizeField() string { return "stands" }

// Matchup is the row regiment's Clash on the column's.
func (l library) Matchup(row, col scenarios.Pick, _ string) []byte {
	return []byte(fmt.Sprintf("game: conquest\nname: %s-vs-%s\nregiments:\n  - %s\n  - %s\nfight: {type: clash, attacker: row, target: col}\n", row.Unit, col.Unit,
		row.UnitYAML("row", l.SizeField()), col.UnitYAML("col", l.SizeField())))
}
