package main

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// variant writes the built-in name with each of cuts replaced, to a file
// of the test's, and returns its path.
func variant(t *testing.T, name string, cuts ...[2]string) string {
	t.Helper()
	code, src, stderr := sim(t, context.Background(), "show", name)
	if code != 0 {
		t.Fatalf("sim show %s: exit %d: %s", name, code, stderr)
	}
	for _, c := range cuts {
		if !strings.Contains(src, c[0]) {
			t.Fatalf("sim show %s has no %q:\n%s", name, c[0], src)
		}
		src = strings.Replace(src, c[0], c[1], 1)
	}
	path := filepath.Join(t.TempDir(), name+".yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// within fails the test unless got is within 4.5 standard errors se of
// want.
func within(t *testing.T, what string, got, want, se float64) {
	t.Helper()
	if math.Abs(got-want) > 4.5*se {
		t.Errorf("%s: %.4f, want %.4f within 4.5 standard errors (%.4f)", what, got, want, 4.5*se)
	}
}

// propSE is the standard error of a proportion p over hammerTrials.
func propSE(p float64) float64 { return math.Sqrt(p * (1 - p) / hammerTrials) }

// The built-in stand-and-shoot answers its question (issue 30, What to
// build §5; docs/scenarios.md, "Shoot, hold or flee"). By hand, 8th
// edition: the Knights charge from 12", farther than their Movement 7,
// so the Crossbowmen may stand and shoot; both ranks of ten fire (8th's
// fire in two ranks), 20 shots, BS 3 hitting on 4+ and on 5+ at -1 for
// shooting at chargers (1/3; 12" is short range for a 30" crossbow),
// wounding on 3+ (S4 against T3, 2/3), and the Knights' 1+ save (plate,
// shield, barding, mounted) is 2+ at S4 (fails 1/6): 20/27 Knights slain
// before the first round. Had they fled, 2D6 against the Knights' reach
// of 7 + 2D6 from 12": caught when the Knights' roll beats theirs by 5
// or more, counted below over the 1,296 pairs of rolls. Fewer Knights
// strike, so shooting wins the Crossbowmen more fights than holding.
func TestStandAndShootAnswersItsQuestion(t *testing.T) {
	sm, sse, sp, out := runResults(t, "stand-and-shoot")
	within(t, "Knights slain standing and shooting", sm["crossbowmen.reaction.casualties"], 20.0/27, sse["crossbowmen.reaction.casualties"])

	_, _, fp, fout := runResults(t, variant(t, "stand-and-shoot", [2]string{"reaction: stand_and_shoot}", "reaction: flee}"}))
	caught := 0
	for k1 := 1; k1 <= 6; k1++ {
		for k2 := 1; k2 <= 6; k2++ {
			for f1 := 1; f1 <= 6; f1++ {
				for f2 := 1; f2 <= 6; f2++ {
					if 7+k1+k2 >= 12+f1+f2 {
						caught++
					}
				}
			}
		}
	}
	want := float64(caught) / 1296
	if _, ok := fp["crossbowmen.reaction.caught"]; !ok {
		t.Fatalf("no crossbowmen.reaction.caught in\n%s", fout)
	}
	within(t, "the fleeing Crossbowmen caught", fp["crossbowmen.reaction.caught"], want, propSE(want))

	_, _, hp, _ := runResults(t, variant(t, "stand-and-shoot", [2]string{"reaction: stand_and_shoot}", "reaction: hold}"}))
	if shoot, hold := sp["crossbowmen.wins"], hp["crossbowmen.wins"]; shoot <= hold+4.5*math.Hypot(propSE(shoot), propSE(hold)) {
		t.Errorf("standing and shooting wins the Crossbowmen %.4f of fights, holding %.4f; want more\n%s", shoot, hold, out)
	}
}

// The built-in two-on-the-monster answers its question (issue 30, What
// to build §5; docs/scenarios.md, "Two on the monster"). By hand, 6th
// edition: the War Hydra causes Fear, so each unit tests its Leadership
// on 2D6 to charge it: the Halberdiers (Ld 7) pass with 21/36, the
// Knights (Ld 8) with 26/36. The Halberdiers (S4 against T5) barely hurt
// the Hydra, while each of its blows on them wounds on 2+ with no save:
// they add more to the Hydra's combat result than to their own army's,
// and the Knights alone win at least as often.
func TestTwoOnTheMonsterAnswersItsQuestion(t *testing.T) {
	_, _, bp, out := runResults(t, "two-on-the-monster")
	within(t, "the Halberdiers' charge made", bp["halberdiers.charge_made"], 21.0/36, propSE(21.0/36))
	within(t, "the Knights' charge made", bp["knights.charge_made"], 26.0/36, propSE(26.0/36))

	alone := variant(t, "two-on-the-monster",
		[2]string{"  - {id: halberdiers, from: empire_halberdiers, models: 10}\n", ""},
		[2]string{"        - {unit: halberdiers, charged: true, fights: [{unit: hydra, models: 2}]}\n", ""},
		[2]string{"{unit: halberdiers, models: 1}, ", ""})
	_, _, kp, _ := runResults(t, alone)
	if both, knights := bp["empire.wins"], kp["empire.wins"]; both > knights {
		t.Errorf("with the Halberdiers the Empire win %.4f of fights, the Knights alone %.4f; want no more\n%s", both, knights, out)
	}
}
