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
// line and exit status 2; a valid fight of two against one either runs or,
// while the engine does not fight several units, is refused the same way,
// with the engine's reason at fight.sides, never as an internal error or a
// panic.
func TestArmyFormCommands(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("anvil.yaml", anvil)
	bad := write("bad.yaml", strings.Replace(anvil, "{unit: knights, models: 4}", "{unit: knights, at: flank, models: 4}", 1))
	for _, cmd := range []string{"run", "validate"} {
		code, _, stderr := sim(t, context.Background(), cmd, bad)
		want := regexp.MustCompile(`^(sim: )?.*bad\.yaml:16:85: fight\.sides\[1\]\.units\[0\]\.fights\[1\]\.at: knights and boyz each stand in the other's flank or rear; one of them faces the other's front\n$`)
		if code != 2 || !want.MatchString(stderr) {
			t.Errorf("sim %s bad.yaml: exit %d, stderr %q; want 2 and one line matching %s", cmd, code, stderr, want)
		}
		args := []string{cmd, good}
		if cmd == "run" {
			args = append(args, "--trials", "200")
		}
		code, _, stderr = sim(t, context.Background(), args...)
		refused := regexp.MustCompile(`^(sim: )?.*anvil\.yaml:9:5: fight\.sides: [^\n]+\n$`)
		switch {
		case code == 0:
		case code != 2 || !refused.MatchString(stderr) || strings.Contains(stderr, "internal error"):
			t.Errorf("sim %s anvil.yaml: exit %d, stderr %q; want 0, or 2 and one line matching %s", cmd, code, stderr, refused)
		}
	}
}
