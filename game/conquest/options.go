package conquest

import (
	"slices"

	"github.com/wargamesim/sim/engine/options"
)

// Option describes one named option: its values, what it means, its
// confidence tag (as RULES.md §0.1 and conquest.md define) and source,
// and how to read and set it. docs/conquest.md holds the same, longer,
// and a test keeps the two in step.
type Option = options.Option[Ruleset]

// Options lists every option, in the order docs/conquest.md gives them.
func Options() []Option { return slices.Clone([]Option(optionList)) }

// OptionNames lists the option names in order.
func OptionNames() []string { return optionList.Names() }

var optionList = options.List[Ruleset]{
	// Dice and defence.
	options.Enum("zero_characteristic", "U", "conquest.md §1 (zero-target edge case); RULES.md §7.2",
		"a test against a characteristic of 0 or less (Smite against Evasion 0): even a natural 1 fails, or a 1 still passes",
		[]string{"fails", "one_succeeds"}, func(r *Ruleset) *ZeroRule { return &r.Zero }),
	options.Enum("evasion", "U", "conquest.md §1 (rule to implement [S]); RULES.md §7.3 (EvasionMode)",
		"how one defence die meets Defence and Evasion: blocks on a roll under the higher of the modified Defence and Evasion; or modifiers taken off the higher of the two; or Evasion ignored",
		[]string{"max_of_modified_defence", "modifiers_after_max", "ignored"}, func(r *Ruleset) *EvasionRule { return &r.Evasion }),
	options.Enum("shield", "S", "conquest.md §7 (1.03 text [V]; 1.03 FAQ: reworked for 1.5 to every hit from the front [S]; 2.x [S])",
		"what Shield's +1 Defence works against: every hit from the front arc, Impact included, or only Volleys and Clash Strikes from the front (1.03)",
		[]string{"all_front_hits", "volleys_and_strikes"}, func(r *Ruleset) *ShieldRule { return &r.Shield }),
	options.Bool("clash_rules_on_impact", "U", "conquest.md §1, §2 (CLEAVE_APPLIES_TO_IMPACT)",
		"the charger's Clash rules (Cleave, Smite, Flurry, Relentless Blows, Deadly Blades, Flawless Strikes) also work on its Impact attacks",
		func(r *Ruleset) *bool { return &r.ClashRulesOnImpact }),
	options.Enum("deadly_blades", "U", "conquest.md §7 (1.03 [V], 1.5 [U]; 2.x natural 6 [S])",
		"Deadly Blades and Deadly Shot: every failed Defence roll of a target whose models have 2 Wounds or more costs 2 wounds, or only a failed roll of a natural 6",
		[]string{"multi_wound_targets", "natural_six"}, func(r *Ruleset) *DeadlyRule { return &r.Deadly }),
	options.Enum("parry", "S", "conquest.md §7 (1.03 [V]; 2.x [S])",
		"Parry on the target: the enemy's hit rolls of 1 are re-rolled, or the enemy may not re-roll failed hits",
		[]string{"reroll_ones", "no_rerolls"}, func(r *Ruleset) *ParryRule { return &r.Parry }),

	// Strikes and Impact.
	options.Enum("stand_profile", "V", "conquest.md §0 (para-bellum.com 2.0 update)",
		"characteristics per model, casualties removed model by model (1.5), or per stand, a stand removed when it has lost all its Wounds (2.0)",
		[]string{"per_model", "per_stand"}, func(r *Ruleset) *StandRule { return &r.Stand }),
	options.Bool("support_lost_flank_rear", "U", "conquest.md §3, §10 (2.x [S]; 1.5 not found)",
		"a regiment engaged in its flank or rear loses its Support (X) rule: its unengaged stands give 1 Support Strike each",
		func(r *Ruleset) *bool { return &r.SupportLostFlankRear }),
	options.Enum("inspired", "U", "conquest.md §7, §10 (1.5 [U]; 2.x [S])",
		"an Inspired regiment's Clash: +1, or +1 unless that makes it 5 or more, when natural 6s are re-rolled instead",
		[]string{"plus_one", "plus_one_or_reroll_sixes"}, func(r *Ruleset) *InspiredRule { return &r.Inspired }),
	options.Enum("impact", "V", "conquest.md §2 (1.5: Core Rulebook v1.5 p36 [V]; 2.x Impact (X) [S])",
		"Impact attacks on the charge: half the Attacks of each stand in contact (and impact_unengaged_hits for each other stand), or the Impact (X) of each stand",
		[]string{"half_attacks", "impact_x"}, func(r *Ruleset) *ImpactRule { return &r.Impact }),
	options.Enum("impact_rounding", "V", "conquest.md §2 (1.03: round down; Errata & FAQ v1.5: round up)",
		"how half a stand's Attacks on the charge is rounded",
		[]string{"up", "down"}, func(r *Ruleset) *Rounding { return &r.ImpactRounding }),
	options.WholeNumber("impact_unengaged_hits", "U", "conquest.md §2, §10 (1.5: 1 [V]; 2.x: 0 [U])",
		"Impact attacks of each charging stand not in contact with the enemy", 0, 2,
		func(r *Ruleset) *int { return &r.ImpactUnengaged }),
	options.Enum("impact_x_stands", "U", "conquest.md §2 (calculators differ)",
		"which stands make their Impact (X) attacks: those in contact, or every stand",
		[]string{"in_contact", "all"}, func(r *Ruleset) *ImpactStands { return &r.ImpactXStands }),

	// Volley.
	options.Bool("volley_morale", "S", "conquest.md §6 (1.5: Morale p. [V by reading]; 2.x: no [S])",
		"wounds from a Volley cause a Morale test",
		func(r *Ruleset) *bool { return &r.VolleyMorale }),
	options.Enum("obscured", "S", "conquest.md §10; RULES.md §7.5 (v1.5 'the number of Shots count as Obscured' [V]; 2025 FAQ halves Barrage X [S])",
		"how an obscured stand's shots are halved, rounding up to at least 1: its shots (Barrage X times its models), or its Barrage X before multiplying",
		[]string{"halve_stand_shots", "halve_barrage"}, func(r *Ruleset) *ObscuredRule { return &r.Obscured }),
	options.Bool("long_range_obscured", "S", "conquest.md §10; RULES.md §7.5 (1.5 [V]; 2.x not found)",
		"a target beyond half the Barrage range counts as obscured",
		func(r *Ruleset) *bool { return &r.LongRangeObscured }),
	options.WholeNumber("rear_stand_shots", "U", "conquest.md §10 (1.5: 1.03 FAQ [U]; 2.x [U])",
		"shots of each stand behind the front rank", 0, 2,
		func(r *Ruleset) *int { return &r.RearStandShots }),

	// Morale.
	options.Enum("size_bonus_counted", "I", "RULES.md §7.7, §7.10 (not stated)",
		"when the stands for the Resolve size bonus are counted: at the test, after the action's casualties, or before the action",
		[]string{"at_test", "before_action"}, func(r *Ruleset) *SizeTime { return &r.SizeCounted }),
	options.Enum("broken_resolve", "U", "conquest.md §10 (1.5: no size bonus [V]; 2.x lowest Resolve [S])",
		"the Resolve of a Broken regiment: its highest Resolve without the size bonus, or its lowest",
		[]string{"highest_without_bonus", "lowest"}, func(r *Ruleset) *BrokenResolve { return &r.BrokenResolve }),
	options.Enum("morale_flank_rear", "U", "conquest.md §6 (2.x [S]; no 1.5 equivalent found)",
		"a regiment engaged in its flank or rear re-rolls its successful Morale dice, or not",
		[]string{"none", "reroll_successes"}, func(r *Ruleset) *MoraleFlank { return &r.MoraleFlankRear }),
	options.Enum("terrifying", "U", "conquest.md §7 (1.03: -1 [V]; 1.5: -X [U])",
		"what Terrifying (X) takes off the Resolve of the regiment it fights in contact: X, or 1 whatever X",
		[]string{"minus_x", "minus_one"}, func(r *Ruleset) *TerrifyingRule { return &r.Terrifying }),
	options.Bool("character_stand_counts", "I", "not covered by seed 003, conquest.md or RULES.md",
		"a regiment's Character stand counts among its stands for Broken, Shattered and the Resolve size bonus",
		func(r *Ruleset) *bool { return &r.CharacterStandCounts }),

	// Healing.
	options.Enum("restore_cost", "I", "seed 003 remark; RULES.md §7.8; conquest.md §5 (RESTORE_STAND_COST)",
		"Heal Points a returned model or stand costs (it returns on 1 Wound either way): none, 1 (so one Heal Point is one Wound), half its Wounds rounded up, or its Wounds",
		[]string{"free", "one", "half_wounds", "wounds"}, func(r *Ruleset) *RestoreCost { return &r.RestoreCost }),
	options.Bool("broken_blocks_healing", "U", "conquest.md §5 (2.x [S]; 1.5 [U])",
		"a Broken regiment cannot be healed: its Heal Points are lost",
		func(r *Ruleset) *bool { return &r.BrokenBlocksHealing }),
	options.Enum("regeneration", "U", "conquest.md §4; RULES.md §7.9 (1.5 text not found)",
		"what Regeneration does at the start of the regiment's activation: heals X through the Healing sequence, or the 1.03 full restore",
		[]string{"heal_x", "full_restore"}, func(r *Ruleset) *RegenRule { return &r.Regeneration }),
	options.Bool("regeneration_skips_character", "S", "conquest.md §4 (2.x Regeneration (X): Character Stands are ignored [S])",
		"Regeneration (X) leaves the regiment's Character out of the Healing sequence (step 1 is skipped)",
		func(r *Ruleset) *bool { return &r.RegenSkipsCharacter }),
	options.Enum("full_restore_stand", "I", "conquest.md §4 (1.03 Regeneration: 'you may restore a stand lost earlier')",
		"the stand the 1.03 full Regeneration restores when nothing else needs it: a complete stand, or one model on 1 Wound",
		[]string{"complete", "one_model"}, func(r *Ruleset) *RestoreStand { return &r.FullRestoreStand }),
}
