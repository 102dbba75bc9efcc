package wotr

import "github.com/wargamesim/sim/engine/options"

// optionList is every option: its values, what it means, its confidence tag
// (RULES.md §0.1) and source, and how to read and set it, in the order
// docs/wotr.md gives them. docs/wotr.md holds the same, longer, and a test
// keeps the two in step.
var optionList = options.List[Ruleset]{
	// Heroic actions (seed 001).
	options.Enum("order_picks", "I", "seed 001, General dynamics (\"alternate in choosing the heroes that will carry out the actions\")",
		"what a side picks in its turn when both sides declare: one declared action, or one hero with all the actions he declared in the phase",
		[]string{"action", "hero"}, func(r *Ruleset) *PickUnit { return &r.OrderPicks }),
	options.Bool("heroic_combat_recharge", "V", "seed 001, Heroic combats and duels; rules/wotr.md §8",
		"a Heroic Combat whose formation wins its fight, and is no longer in contact, may charge again (the second charge)",
		func(r *Ruleset) *bool { return &r.HeroicCombatRecharge }),
	options.Bool("duel_after_fight", "I", "seed 001 case 1 read with rules/wotr.md §1 (only the formations need be in contact)",
		"a duel whose turn comes after its formations have fought is still fought while they remain in contact (a steadfast loser, a draw)",
		func(r *Ruleset) *bool { return &r.DuelAfterFight }),

	// The duel (rules/wotr.md §1).
	options.Enum("duel_table", "U", "rules/wotr.md §1 (the marginals are [S]; the joint layout is unknown)",
		"the Duel table's layout: m2 is 1 nothing, 2-3 formation 2 hits, 4-5 hero 1 hit, 6 hero 2 and formation 2; m1 and m3 share its marginals",
		[]string{"m2", "m1", "m3"}, func(r *Ruleset) *DuelTable { return &r.DuelTable }),
	options.Int("duel_declarer_bonus", "S", "rules/wotr.md §1 (p.67 quoted on warseer t-195309); RULES.md §6.3",
		"what the hero who declared the duel adds to his roll", 0, 3, "",
		func(r *Ruleset) *int { return &r.DuelDeclarerBonus }),
	options.Bool("duel_counts_for_victory", "S", "rules/wotr.md §1 (Escalation League FAQ A2)",
		"casualties from a duel count towards who wins the next fight between the formations",
		func(r *Ruleset) *bool { return &r.DuelCountsForVictory }),
	options.Bool("hero_death_is_casualty", "U", "rules/wotr.md §10",
		"a hero slain in a duel counts one casualty for his side when the victor is decided",
		func(r *Ruleset) *bool { return &r.HeroDeathIsCasualty }),
	options.Bool("duel_hits_persist", "U", "rules/wotr.md §10",
		"duel hits on a hero add up over the duels of the phase (else each duel starts afresh)",
		func(r *Ruleset) *bool { return &r.DuelHitsPersist }),

	// Dice (rules/wotr.md §2, §4).
	options.Enum("battle_skill", "U", "rules/wotr.md §2 (existence and hero rule [V] p.64; size unknown)",
		"extra dice for each company in contact whose Fight is higher than the enemy's: the difference, 1, 1 to 3 by ratio (higher, double, triple), or none",
		[]string{"difference", "flat", "ratio", "none"}, func(r *Ruleset) *BattleSkill { return &r.BattleSkill }),
	options.Int("battle_skill_cap", "U", "rules/wotr.md §2, §10",
		"the most battle-skill dice a company gets", 1, 10, "none",
		func(r *Ruleset) *int { return &r.BattleSkillCap }),
	options.Enum("hero_fight_scope", "V", "rules/wotr.md §2 (p.64 quoted on warseer t-193942; Celeborn and Théoden are the exceptions)",
		"which companies use their hero's Fight for the battle-skill modifier: his own company, or the whole formation",
		[]string{"company", "formation"}, func(r *Ruleset) *FightScope { return &r.HeroFightScope }),
	options.Int("charge_bonus", "S", "rules/wotr.md §4 (\"+1\", by the rules that replace it)",
		"bonus dice for charging", 0, 6, "",
		func(r *Ruleset) *int { return &r.ChargeBonus }),
	options.Enum("charge_bonus_per", "U", "rules/wotr.md §4",
		"what gets the charge bonus: each charging company in contact, or the formation once",
		[]string{"company", "formation"}, func(r *Ruleset) *Per { return &r.ChargeBonusPer }),
	options.Bool("earthshaking_charge", "U", "rules/wotr.md §4 (diefestung.com report; the mechanism is a placeholder)",
		"the charger rolls a D6 as it charges; on a 6 each charging company in contact gets one more bonus die",
		func(r *Ruleset) *bool { return &r.EarthshakingCharge }),
	options.Int("support_dice", "S", "rules/wotr.md §4 (Mob Rule: \"+2 dice when supporting, not +1\")",
		"dice per supporting company (a formation may give its own, as Mob Rule does)", 0, 4, "",
		func(r *Ruleset) *int { return &r.SupportDice }),
	options.Enum("support_ranks", "U", "rules/wotr.md §4",
		"which companies support: the one directly behind each company in contact, or every company behind it",
		[]string{"one", "all"}, func(r *Ruleset) *SupportRanks { return &r.SupportRanks }),
	options.Bool("cavalry_support", "U", "rules/wotr.md §4",
		"cavalry companies support as infantry do (infantry always do; monsters never)",
		func(r *Ruleset) *bool { return &r.CavalrySupport }),
	options.Enum("depleted_dice", "U", "rules/wotr.md §4",
		"dice of a depleted company in contact: ceil(A × models left / full company), or its full A while a model lives",
		[]string{"proportional", "full"}, func(r *Ruleset) *Depleted { return &r.DepletedDice }),
	options.Enum("enemy_front", "I", "rules/wotr.md §4 (\"as many of the front rank as the enemy's front covers\"); the die-by-die reference in bench/wotr found the two readings apart",
		"companies in contact (where the scenario does not give contact) are as many as the enemy's front covers: what is left of it, or its frontage as deployed",
		[]string{"remaining", "deployed"}, func(r *Ruleset) *FrontRule { return &r.EnemyFront }),

	// To hit (rules/wotr.md §3).
	options.Enum("to_hit_floor", "U", "rules/wotr.md §3 (the chart itself has no 2+)",
		"the best roll a to-hit modifier can bring a die to; a natural 1 always misses, since nothing reaches 1+",
		[]string{"2+", "3+"}, func(r *Ruleset) *Floor { return &r.ToHitFloor }),

	// Casualties, victory, panic (rules/wotr.md §5, §6).
	options.Bool("last_company_half", "S", "rules/wotr.md §5 (BoLS t-781, p.40 \"Hope is Lost\"; v2project; diefestung)",
		"a formation down to one company at half strength or less is removed",
		func(r *Ruleset) *bool { return &r.LastCompanyHalf }),
	options.Bool("destroyed_loses", "U", "rules/wotr.md §6, §10",
		"a formation destroyed in a fight loses it whatever the casualties (both destroyed: a draw); else the casualties alone decide",
		func(r *Ruleset) *bool { return &r.DestroyedLoses }),
	options.Bool("monster_counters_are_casualties", "U", "rules/wotr.md §6 (v2project reading of p.50-51)",
		"wound counters on a Hard to Kill monster count as casualties when the victor is decided",
		func(r *Ruleset) *bool { return &r.MonsterCountersAreCasualties }),
	options.Bool("monsters_test_panic", "U", "rules/wotr.md §6 (v2project reading of p.51)",
		"a monster formation that loses a fight tests for panic (else it holds, as if steadfast)",
		func(r *Ruleset) *bool { return &r.MonstersTestPanic }),
	options.Bool("loser_falls_back", "U", "rules/wotr.md §6, \"Disordered\" (dakkadakka 235538; pcjohnstone)",
		"a loser that is not steadfast falls back out of contact",
		func(r *Ruleset) *bool { return &r.LoserFallsBack }),
}
