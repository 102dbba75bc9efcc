package warhammerref

import (
	"context"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/warhammer"
)

// loneYAML is the frame of the lone character cases of a fight of two
// units (issue 30, step 6; docs/rules.md, Lone characters): twelve WS 4
// S 4 swordsmen, five wide, against a lone Captain (character: true); each
// case fills in the capitalised words.
const loneYAML = `name: lone
ruleset: RULESET
units:
  - id: a
    profile: {M: 4, WS: 4, BS: 3, S: 4, T: 3, W: 1, I: 4, A: 1, Ld: 7}
    models: 12
    frontage: 5
    equipment: [light_armour]
    A_MORE
  - id: b
    character: true
    profile: {M: 4, WS: 6, BS: 5, S: 4, T: 4, W: 3, I: 6, A: 3, Ld: 8}
    equipment: [heavy_armour, shield]
    B_MORE
fight: {type: close_combat, sides: [a, b], max_rounds: 10, FIGHT}
`

var loneCases = []struct{ name, ruleset, aMore, bMore, fight, why string }{
	{"lone/6th-flank-none", "6th", "", "", "charger: a, facing: flank",
		"the swordsmen charge his flank, which he does not have (lone_character_facings none): no flank bonus; he breaks and is pursued as a unit"},
	{"lone/8th-flank-as-unit-challenged", "8th",
		"challenge: {issue: always}\n    characters:" + hero("sergeant", sergeant, ""), "challenge: {accept: never}", "charger: a, facing: flank",
		"as_unit: +1 for his flank; he is challenged and cannot refuse, having no rank and file (lone_character_may_refuse no)"},
	{"lone/tow-charges", "tow", "", "", "charger: b, charge_distance: 6",
		"he charges the swordsmen's front: +3 Initiative at most; he takes his own three-way break test"},
	{"lone/tow-flanked", "tow", "", "", "charger: a, facing: flank, charge_distance: 6",
		"the swordsmen charge his flank, which he does not have: +3 Initiative, not +4 (charge_initiative), no flank bonus"},
}

// TestLoneAgreement runs the lone character cases through the engine and
// the two-unit reference within 4.5 standard errors, as TestAgreement
// (100,000 trials, 10,000 under -short), and holds the reference to the
// exact solution.
func TestLoneAgreement(t *testing.T) {
	trials := 100_000
	if testing.Short() || raceDetector {
		trials = 10_000
	}
	for _, c := range loneCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			yaml := strings.NewReplacer("RULESET", c.ruleset, "A_MORE", c.aMore, "B_MORE", c.bMore, "FIGHT", c.fight).Replace(loneYAML)
			p := load(t, c.name, yaml)
			ref := reference(t, p)
			eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(trials), Seed: 9, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			compare(t, eng, ref.Run(trials, 11))
			// The exact solver, which takes these small fights, against the
			// reference (TestReferenceAgainstExact).
			exact, err := p.Model.(*warhammer.Fight).ExactWithin(exactTestRuns)
			if err != nil {
				t.Fatal(err)
			}
			enginetest.Agree(t, p.Name, exact, ref.Run(trials/4, 5))
		})
	}
}
