package toygame

import (
	"embed"
	"fmt"

	"github.com/wargamesim/sim/scenarios"
)

// The band library: ready-made bands, one YAML file each in bands/,
// written as a scenario's bands are but without an id. A scenario's band
// that says `from: NAME` starts as the library's NAME, and every field it
// gives overrides the library's.

//go:embed bands/*.yaml
var bandsFS embed.FS

var bands = scenarios.UnitLibrary[Band]{FS: scenarios.Sub(bandsFS, "bands"), What: "band",
	List: "sim units --game toy", From: func(b *Band) string { return b.From }}

// library is the band library as a scenarios.Library: its names and
// files, and what sim units and sim matrix make of them.
type library struct {
	scenarios.UnitLibrary[Band]
}

// Columns are a band's name, size, attacks, roll to hit and source.
func (l library) Columns(name string) []string {
	b, ok := l.Unit(name)
	if !ok {
		return nil
	}
	return []string{name, count(b.Models, "model"), count(b.Attacks, "attack"),
		fmt.Sprintf("hit on %v", b.HitOn), b.Source}
}

// Fights is one kind of cell: the bands fight until one falls.
func (library) Fights() []scenarios.Fight {
	return []scenarios.Fight{{Name: "fight", Says: "fight the columns until a band falls", Win: scenarios.RowWins}}
}

// UnitList is the scenario field of the bands.
func (library) UnitList() string { return "bands" }

// SizeField is a band's models.
func (library) SizeField() string { return "models" }

// Matchup is the row band fighting the column's, the row listed first.
func (l library) Matchup(row, col scenarios.Pick, _ string) []byte {
	return []byte(fmt.Sprintf("game: toy\nname: %s-vs-%s\nbands:\n  - %s\n  - %s\n", row.Unit, col.Unit,
		row.UnitYAML("row", l.SizeField()), col.UnitYAML("col", l.SizeField())))
}
