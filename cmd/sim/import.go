package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/wargamesim/sim/battlescribe"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
)

const importUsage = `Usage: sim import FILE [-o units.yaml] [flags]

Reads a BattleScribe catalogue (.cat, .catz), game system (.gst, .gstz) or
roster (.ros, .rosz), or a New Recruit JSON roster (.json), and writes a
unit library: every unit and character with its profile, equipment, special
rules and points, and its source (file and entry). A catalogue gives each
unit at its smallest size with what it must take, and lists in a comment
what else it may take; a roster gives the player's units as chosen. What
the engine does not model is listed on each unit under not_simulated; an
entry left out is listed at the end, with why. A catalogue needs its game
system (.gst) in the same folder, as the data repositories have them.

A characteristic, rule or equipment name sim does not know can be given
its meaning in an alias file, one NAME = MEANING a line ("Mv = M",
"Ithilmar Barding = barding"), with --aliases FILE.

Use the library with library: units.yaml in a scenario (from: NAME), sim
units --library units.yaml, or sim matrix --library units.yaml
(docs/import.md).

Flags:
`

func importCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("import", importUsage, stdout)
	out := fs.String("o", "", "write the library to this file (atomically) instead of standard output")
	gameName := fs.String("game", scenarios.DefaultGame(), "the game the data is for: "+strings.Join(scenarios.Importing(), ", ")+" (the games sim imports yet)")
	aliases := fs.String("aliases", "", "a file of names the data uses and what each means, one NAME = MEANING a line (docs/import.md)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return failure.Usagef("import: give one file: a BattleScribe catalogue, game system or roster, or a New Recruit JSON roster")
	}
	g, err := scenarios.Lookup(*gameName)
	if err != nil {
		return failure.Usagef("import: %v", err)
	}
	im, ok := g.(scenarios.Importer)
	if !ok {
		return failure.Usagef("import: sim cannot import %s data yet: %s; the games it imports: %s", g.Title(), lacks(g), strings.Join(scenarios.Importing(), ", "))
	}
	inputs := []string{pos[0]}
	if *aliases != "" {
		inputs = append(inputs, *aliases)
	}
	if err := checkDestinations("import", *out, nil, inputs...); err != nil {
		return err
	}
	doc, err := battlescribe.Open(pos[0])
	if err != nil {
		return importError(pos[0], err)
	}
	if other := scenarios.DataOf(doc.GameSystem, g); other != nil {
		return &failure.Input{Msg: fmt.Sprintf("import: %s: a %s of %q, which is %s data, not %s; %s",
			pos[0], doc.Kind, doc.GameSystem, other.Title(), g.Title(), otherAdvice(other))}
	}
	lib, err := importWith(im, doc, *aliases)
	if err != nil {
		return importError(pos[0], err)
	}
	if len(lib.Units) == 0 && doc.Library && len(lib.Skipped) == 0 {
		return &failure.Input{Msg: fmt.Sprintf("import: %s: a library catalogue: it holds shared entries (items, lores, rules) for the catalogues that link it, and no unit of its own; import a catalogue that links it", pos[0])}
	}
	if len(lib.Units) == 0 && len(lib.Skipped) == 0 {
		return &failure.Input{Msg: fmt.Sprintf("import: %s: no unit or character to import: the %s offers no entry with a model profile", pos[0], strings.Replace(doc.Kind, "gameSystem", "game system", 1))}
	}
	if len(lib.Units) == 0 {
		why := lib.Skipped
		if len(why) > 5 {
			why = append(why[:5:5], fmt.Sprintf("and %d more", len(lib.Skipped)-5))
		}
		return &failure.Input{Msg: fmt.Sprintf("import: %s: no unit or character to import; its entries were left out: %s", pos[0], strings.Join(why, "; "))}
	}
	data, err := lib.Marshal(g.Name(), "sim import "+quoteArg(pos[0]))
	if err != nil {
		return err
	}
	if err := emit(*out, stdout, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return err
	}
	if *out != "" {
		fmt.Fprintf(stderr, "sim: wrote %s: %d units and characters from %s (%d entries left out, listed at its end)\n",
			*out, len(lib.Units), pos[0], len(lib.Skipped))
	}
	if lib.Summary != "" {
		fmt.Fprintf(stderr, "sim: note: %s\n", lib.Summary)
	}
	return nil
}

// importWith imports doc, with the alias file named (if any).
func importWith(im scenarios.Importer, doc *battlescribe.Document, aliases string) (scenarios.ImportedLibrary, error) {
	if aliases == "" {
		return im.Import(doc)
	}
	ai, ok := im.(scenarios.AliasImporter)
	if !ok {
		return scenarios.ImportedLibrary{}, failure.Usagef("import: --aliases: this game's import reads no alias file")
	}
	data, err := os.ReadFile(aliases)
	if err != nil {
		return scenarios.ImportedLibrary{}, &failure.Input{Msg: fmt.Sprintf("import: --aliases: %v", err)}
	}
	return ai.ImportAliases(doc, aliases, data)
}

// lacks is what a game's import lacks, in words.
func lacks(g scenarios.Game) string {
	if r, ok := g.(scenarios.SystemReader); ok && r.ImportLacks() != "" {
		return r.ImportLacks()
	}
	return "it has no import"
}

// otherAdvice is what to do with another game's data: import it with
// --game where sim imports that game, else what is missing.
func otherAdvice(g scenarios.Game) string {
	if _, ok := g.(scenarios.Importer); ok {
		return "import it with --game " + g.Name()
	}
	return "sim cannot import it yet: " + lacks(g)
}

// importError is a problem with the file read: bad input, exit status 2.
func importError(path string, err error) error {
	var bs *battlescribe.Error
	if errors.As(err, &bs) {
		return &failure.Input{Msg: "import: " + bs.Error()}
	}
	if errors.Is(err, fs.ErrNotExist) {
		return &failure.Input{Msg: fmt.Sprintf("import: %s: no such file", path)}
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return &failure.Input{Msg: "import: " + pe.Error()}
	}
	return err
}

// quoteArg writes a path as a shell would need it.
func quoteArg(s string) string {
	if strings.ContainsAny(s, " '\"$") {
		return `"` + s + `"`
	}
	return s
}
