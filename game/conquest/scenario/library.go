package scenario

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/wargamesim/sim/scenarios"
)

// The regiment library: ready-made regiments, one YAML file each in
// regiments/, written as a scenario's regiments are but without an id. A
// scenario's regiment that says `from: NAME` starts as the library's NAME,
// and every field it gives overrides the library's (docs/conquest.md, "The
// regiment library"). The profiles are 1.5's, per model: under the 2.0
// preset (stand_profile per_stand) a regiment must give its own.

//go:embed regiments/*.yaml
var regimentsFS embed.FS

var regiments = scenarios.UnitLibrary[Regiment]{FS: sub(regimentsFS, "regiments"), What: "regiment",
	List: "sim units --game conquest", From: func(r *Regiment) string { return r.From }}

// sub is the directory dir of an embedded file system, which has it.
func sub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic("scenario: " + err.Error())
	}
	return s
}

// library is the regiment library as a scenarios.Library.
type library struct{}

func (library) Names() []string                   { return regiments.Names() }
func (library) Source(name string) ([]byte, bool) { return regiments.Source(name) }

// Columns are a regiment's name, type and class, profile, stands and
// source.
func (library) Columns(name string) []string {
	r, ok := regiments.Unit(name)
	if !ok {
		return nil
	}
	p := r.Profile
	return []string{name, r.Type + " " + r.Class,
		fmt.Sprintf("M%d V%d C%d A%d W%d R%d D%d E%d", p.M, p.V, p.C, p.A, p.W, p.R, p.D, p.E),
		plural(r.Stands, "stand") + fmt.Sprintf(" of %d", r.Models), r.Source}
}

// Fights is one Clash: the row regiment strikes the column's, which tests
// its Morale.
func (library) Fights() []scenarios.Fight {
	return []scenarios.Fight{{Name: "volley", Says: "clash with the columns once"}}
}

// Matchup is the row regiment's Clash on the column's.
func (library) Matchup(row, col, _ string) []byte {
	return []byte(fmt.Sprintf("game: conquest\nname: %s-vs-%s\nregiments:\n  - {id: row, from: %s}\n  - {id: col, from: %s}\nfight: {type: clash, attacker: row, target: col}\n", row, col, row, col))
}
