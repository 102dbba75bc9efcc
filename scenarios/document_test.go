package scenarios

import (
	"maps"
	"os"
	"path/filepath"
	"testing"

	"go.yaml.in/yaml/v3"
)

// What a load asked of a scenario's bytes before a Document parsed them
// once, each look a parse of its own: the oracles a Document must agree
// with.

func unmarshalGame(data []byte) string {
	var top struct {
		Game string `yaml:"game"`
	}
	if yaml.Unmarshal(data, &top) != nil {
		return ""
	}
	return top.Game
}

func unmarshalTopKeys(data []byte) map[string]yaml.Kind {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	keys := map[string]yaml.Kind{}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		keys[m.Content[i].Value] = m.Content[i+1].Kind
	}
	return keys
}

func unmarshalLine(data []byte, name string) int {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) == nil && len(doc.Content) == 1 {
		m := doc.Content[0]
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == name {
				return m.Content[i+1].Line
			}
		}
	}
	return 1
}

func unmarshalPreset(data []byte) string {
	var top struct {
		Ruleset string `yaml:"ruleset"`
	}
	if yaml.Unmarshal(data, &top) == nil && top.Ruleset != "" {
		return top.Ruleset
	}
	if g, err := Lookup(OrDefault(unmarshalGame(data), DefaultGame())); err == nil && g.Rules() != nil {
		return g.Rules().DefaultPreset()
	}
	return defaultPreset()
}

// FuzzDocumentReadsAsUnmarshal checks that a Document, parsed once, gives
// every look a load takes before the strict decode (the game field and its
// line, the top-level keys, the preset a rules file that is a scenario
// names) as yaml.Unmarshal of the
// same bytes gives it: the game a file is handed to, and whether it is a
// house-rules file, are as they were when each look parsed the file
// anew. Its seeds are the built-in scenarios of every game, the test
// files of cmd/sim, and files that do not parse or fit.
func FuzzDocumentReadsAsUnmarshal(f *testing.F) {
	for _, pattern := range []string{"../game/*/scenario/builtin/*.yaml", "../cmd/sim/testdata/*.yaml"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	for _, seed := range []string{
		"", "# only a comment\n", "---\n", "~\n", "game\n", "- game\n- wotr\n",
		"game: wotr\n", "game: [wotr]\n", "game: {name: wotr}\n", "game: 7\n", "game: ~\n", "game: yes\n",
		"game: wotr\ngame: conquest\n", "<<: {game: wotr}\n", "a: &g wotr\ngame: *g\n", "game: *nope\n",
		"game: conquest\n---\ngame: wotr\n", "game: wotr\n---\n: [\n", "game: 'wotr\n", "game: wotr\n bad: 1\n",
		"preset: 6th\nrules: {fear: none}\n", "preset: 8th\nunits: {regeneration: 5+}\n", "preset: 8th\nunits: [{id: a}]\n",
		"ruleset: 8th\nunits: []\n", "ruleset: [8th]\n", "name: !!binary aGk=\ngame: wotr\n", "? [a, b]\n: 1\ngame: wotr\n",
		"\xef\xbb\xbfgame: wotr\n", "game: wotr\r\nunits: []\r\n", "\tgame: wotr\n", "game: \"\\u00e9\"\n",
		aliasBomb("units", 6), aliasBomb("game", 8),
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc := Parse("f.yaml", data)
		if got, want := doc.game(), unmarshalGame(data); got != want {
			t.Errorf("game %q, yaml.Unmarshal reads %q", got, want)
		}
		if got, want := doc.topKeys(), unmarshalTopKeys(data); !maps.Equal(got, want) || (got == nil) != (want == nil) {
			t.Errorf("top-level keys %v, yaml.Unmarshal reads %v", got, want)
		}
		if got, want := doc.line("game"), unmarshalLine(data, "game"); got != want {
			t.Errorf("game on line %d, yaml.Unmarshal reads line %d", got, want)
		}
		if got, want := scenarioPreset(doc), unmarshalPreset(data); got != want {
			t.Errorf("a scenario's preset %q, yaml.Unmarshal reads %q", got, want)
		}
	})
}
