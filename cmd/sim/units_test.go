package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
)

func TestUnitsList(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if err := unitsCmd(nil, &out, &errb); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	names := warhammerLibrary(t).Names()
	if len(lines) != len(names) {
		t.Fatalf("sim units printed %d lines for %d library units:\n%s", len(lines), len(names), out.String())
	}
	for i, name := range names {
		if f := strings.Fields(lines[i]); len(f) == 0 || f[0] != name {
			t.Errorf("line %d is %q, want it to start with %s: one line a unit, sorted by name", i, lines[i], name)
		}
	}
	// The columns' widths depend on the longest entry; compare the words.
	for _, tc := range []struct {
		name, want, reason string
	}{
		{"knights_errant", "knights_errant cavalry M4 WS3 BS3 S3 T3 W1 I3 A1 Ld7 save 2+ 20 pts Bretonnia, 6th edition",
			"heavy armour, shield, warhorse and barding save on 2+ (seed 002's table; the catalogues' equipment)"},
		{"trolls", "trolls monstrous_infantry M6 WS3 BS1 S5 T4 W3 I1 A3 Ld4 save none 50 pts Orcs & Goblins, 6th edition",
			"no armour is no save"},
		{"empire_knights", "empire_knights cavalry M4 WS4 BS3 S3 T3 W1 I3 A1 Ld8 save 1+ 23 pts The Empire, 6th edition",
			"saves better than 2+ are shown as they are (seed 002)"},
	} {
		i := strings.Index(out.String(), tc.name+" ")
		if i < 0 {
			t.Errorf("no line for %s", tc.name)
			continue
		}
		line, _, _ := strings.Cut(out.String()[i:], "\n")
		if line = strings.Join(strings.Fields(line), " "); line != tc.want {
			t.Errorf("line for %s:\n got %q\nwant %q\n(%s)", tc.name, line, tc.want, tc.reason)
		}
	}
}

// warhammerLibrary is the Warhammer unit library, as the registry gives it.
func warhammerLibrary(t *testing.T) scenarios.Library {
	t.Helper()
	g, err := scenarios.Lookup("warhammer")
	if err != nil || g.Library() == nil {
		t.Fatalf("no Warhammer library: %v", err)
	}
	return g.Library()
}

func TestUnitsShow(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"knights_errant", "knights_errant.yaml"} {
		var out, errb bytes.Buffer
		if err := unitsCmd([]string{arg}, &out, &errb); err != nil {
			t.Fatal(err)
		}
		data, _ := warhammerLibrary(t).Source("knights_errant")
		if out.String() != string(data) {
			t.Errorf("sim units %s printed\n%s\nwant the library file\n%s", arg, out.String(), data)
		}
	}
}

func TestUnitsUsage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"knights_erant"}, `units: no library unit "knights_erant"; the library has ` + strings.Join(warhammerLibrary(t).Names(), ", ")},
		{[]string{"--game", "kow"}, `units: unknown game "kow"; use ` + strings.Join(scenarios.GameNames(), ", ")}, // every registered game
		{[]string{"trolls", "ogre_bulls"}, "units: give at most one library unit name"},
		{[]string{"--seed", "1"}, "units: unknown flag -seed (see sim units --help)"},
	} {
		var out, errb bytes.Buffer
		err := unitsCmd(tc.args, &out, &errb)
		var u *failure.Usage
		if !errors.As(err, &u) || err.Error() != tc.want {
			t.Errorf("sim units %s: %v, want the usage error %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
	var out bytes.Buffer
	if err := unitsCmd([]string{"--help"}, &out, &out); !errors.Is(err, errHelp) || !strings.HasPrefix(out.String(), "Usage: sim units") {
		t.Errorf("sim units --help: %v, printed %q", err, out.String())
	}
}
