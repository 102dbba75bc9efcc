package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// anvil is a fight of two against one in the army form (docs/scenarios.md,
// "Armies"; the plan's hammer-and-anvil): Halberdiers hold Orc Boyz while
// Knights charge their flank.
const anvil = `name: anvil
units:
  - {id: halberdiers, from: empire_halberdiers}
  - {id: knights, from: empire_knights, models: 5}
  - {id: boyz, from: orc_boyz, models: 25}
fight:
  type: close_combat
  sides:
    - id: empire
      name: The Empire
      units:
        - {unit: halberdiers, fights: [{unit: boyz}]}
        - {unit: knights, charged: true, fights: [{unit: boyz, at: flank, models: 3}]}
    - id: orcs
      units:
        - {unit: boyz, fights: [{unit: halberdiers, models: 5}, {unit: knights, models: 4}]}
`

// sim run and sim validate of an army-form file: a mistake is one located
// line and exit status 2, never an internal error or a panic.
func TestArmyFormMistakes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	text := strings.Replace(anvil, "{unit: knights, models: 4}", "{unit: knights, at: flank, models: 4}", 1)
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`^(sim: )?.*bad\.yaml:16:85: fight\.sides\[1\]\.units\[0\]\.fights\[1\]\.at: knights and boyz each stand in the other's flank or rear; one of them faces the other's front\n$`)
	for _, cmd := range []string{"run", "validate"} {
		if code, _, stderr := sim(t, context.Background(), cmd, bad); code != 2 || !want.MatchString(stderr) {
			t.Errorf("sim %s bad.yaml: exit %d, stderr %q; want 2 and one line matching %s", cmd, code, stderr, want)
		}
	}
}

// A fight of two against one runs end to end (issue 30, steps 2 and 3):
// sim validate finds it good; sim run fights it, with the armies' wins,
// the units' results and the army's name in the headline. Under 8th it
// runs too, or, while the engine does not fight several units under 8th
// (issue 30, step 5), it is one located line with the engine's reason,
// and exit status 2.
func TestArmyFormRuns(t *testing.T) {
	good := filepath.Join(t.TempDir(), "anvil.yaml")
	if err := os.WriteFile(good, []byte(anvil), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := sim(t, context.Background(), "validate", good); code != 0 || !strings.HasSuffix(stdout, "anvil.yaml: ok\n") {
		t.Errorf("sim validate: exit %d, stdout %q, stderr %q; want ok", code, stdout, stderr)
	}
	code, stdout, stderr := sim(t, context.Background(), "run", good, "--trials", "2000", "--seed", "1")
	if code != 0 {
		t.Fatalf("sim run: exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "The Empire win ") || !strings.Contains(stdout, ", orcs ") {
		t.Errorf("the headline names the armies: %q", strings.SplitN(stdout, "\n", 2)[0])
	}
	for _, name := range []string{"empire.wins", "orcs.wins", "halberdiers.casualties", "knights.casualties", "boyz.casualties", "boyz.breaks"} {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(name) + ` `).MatchString(stdout) {
			t.Errorf("the output has no row %s:\n%s", name, stdout)
		}
	}
	code, _, stderr = sim(t, context.Background(), "run", good, "--rules", "8th", "--trials", "100")
	refused := regexp.MustCompile(`^sim: .*anvil\.yaml:9:5: fight\.sides: [^\n]+\n$`)
	if code != 0 && (code != 2 || !refused.MatchString(stderr) || strings.Contains(stderr, "internal error")) {
		t.Errorf("sim run --rules 8th: exit %d, stderr %q; want 0, or 2 and one line matching %s", code, stderr, refused)
	}
}
