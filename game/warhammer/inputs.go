package warhammer

// What a model was built from, for resolvers that resolve the same fight
// another way: the die-by-die reference in bench/warhammer reads these rather than
// the scenario, so that both resolve exactly what the engine was given.

// Inputs returns the ruleset, target id, attack and target the volley was
// built from (NewVolley's arguments).
func (v *Volley) Inputs() (rs *Ruleset, id string, a Attack, tg Target) {
	return v.rs, v.id, v.atk, v.tg
}

// Inputs returns the ruleset and combat the fight was built from
// (NewFight's arguments), the combat normalised: its units and armies and
// its two-unit form both filled in.
func (f *Fight) Inputs() (*Ruleset, Combat) { return f.rs, f.cc }
