package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

func TestBuiltins(t *testing.T) {
	t.Parallel()
	names := scenarios.BuiltinNames()
	if len(names) == 0 {
		t.Fatal("scenarios.BuiltinNames() is empty; the built-in scenarios are not embedded")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, err := scenarios.Builtin(name)
			if err != nil {
				t.Fatalf("scenarios.Builtin(%q): %v", name, err)
			}
			for _, f := range []struct {
				field, got, reason string
			}{
				{"Name", p.Name, "reports name the scenario"},
				{"Title", p.Title, "reports and charts show it"},
				{"Description", p.Description, "sim list and reports show it"},
				{"Lines", strings.Join(p.Lines, "\n"), "reports say what is simulated"},
			} {
				if strings.TrimSpace(f.got) == "" {
					t.Errorf("scenarios.Plan.%s is empty; %s", f.field, f.reason)
				}
			}
			if p.Name != name {
				t.Errorf("scenarios.Plan.Name = %q, want %q: a built-in's name is the one sim list shows", p.Name, name)
			}
			if want := "builtin:" + name; p.File != want {
				t.Errorf("scenarios.Plan.File = %q, want %q", p.File, want)
			}
			if p.Model == nil || p.RulesetName == "" || p.Game == "warhammer" && p.Ruleset == nil {
				t.Errorf("scenarios.Plan of game %q has Model %v, ruleset %q (%v); a model and a ruleset must be set", p.Game, p.Model, p.RulesetName, p.Ruleset)
			}
		})
	}
}

func TestOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.yaml")
	if err := os.WriteFile(good, []byte(validBase), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte(edit("trials: 1000", "trials: 0")), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing")
	builtin := scenarios.BuiltinNames()[0]

	for _, tc := range []struct {
		name, reason string
		arg          string
		wantName     string // the plan's name, when it loads
		wantErr      string // the whole Error() text, when it does not
	}{
		{
			name:     "built-in",
			reason:   "a bare name that is no file is a built-in",
			arg:      builtin,
			wantName: builtin,
		},
		{
			name:     "file",
			reason:   "a path is loaded as a file; the scenario's own name wins over the file's",
			arg:      good,
			wantName: "base",
		},
		{
			name:    "invalid file",
			reason:  "a file's problems are located in that file",
			arg:     bad,
			wantErr: bad + ":3:9: trials: must be 1 to 10000000000, got 0",
		},
		{
			name:    "missing file",
			reason:  "a path with a separator is a file, never a built-in; say how to fix it",
			arg:     missing,
			wantErr: missing + ": no such file; give a scenario file's path, or a built-in name (sim list shows them)",
		},
		{
			name:    "missing .yaml",
			reason:  "a name ending in .yaml is a file even without a separator",
			arg:     "no-such-scenario.yaml",
			wantErr: "no-such-scenario.yaml: no such file; give a scenario file's path, or a built-in name (sim list shows them)",
		},
		{
			name:    "missing .yml",
			reason:  "so is one ending in .yml",
			arg:     "no-such-scenario.yml",
			wantErr: "no-such-scenario.yml: no such file; give a scenario file's path, or a built-in name (sim list shows them)",
		},
		{
			name:   "unknown name",
			reason: "neither a file nor a built-in; the built-ins are listed",
			arg:    "no-such-scenario",
			wantErr: "no-such-scenario: no such file, and no built-in scenario of that name; the built-ins are " +
				strings.Join(scenarios.BuiltinNames(), ", "),
		},
		{
			name:    "directory",
			reason:  "a directory exists but cannot be read as a scenario",
			arg:     dir,
			wantErr: dir + ": cannot read it: is a directory",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, err := scenarios.Open(tc.arg)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("scenarios.Open(%q): %v (%s)", tc.arg, err, tc.reason)
				}
				if p.Name != tc.wantName {
					t.Errorf("scenarios.Open(%q) loaded %q, want %q (%s)", tc.arg, p.Name, tc.wantName, tc.reason)
				}
				return
			}
			var list scenarios.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("scenarios.Open(%q) = %v (%T), want an scenarios.ErrorList (%s)", tc.arg, err, err, tc.reason)
			}
			if err.Error() != tc.wantErr {
				t.Errorf("scenarios.Open(%q) error\n%s\nwant\n%s\n(%s)", tc.arg, err, tc.wantErr, tc.reason)
			}
		})
	}
}

func TestBuiltinUnknown(t *testing.T) {
	t.Parallel()
	_, err := scenarios.Builtin("nope")
	var list scenarios.ErrorList
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("scenarios.Builtin(\"nope\") = %v, want an scenarios.ErrorList of one", err)
	}
	if want := "nope: no built-in scenario of that name; the built-ins are " + strings.Join(scenarios.BuiltinNames(), ", "); err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}
