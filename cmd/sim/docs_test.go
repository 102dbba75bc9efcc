package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// docCommand is a command a document shows: its arguments, a file its
// output is redirected to, and whether the document shows it failing.
type docCommand struct {
	line     int
	args     []string
	redirect string
	fails    bool
}

// docCommands finds the commands of a markdown file: in code blocks, lines
// "$ sim ..." (the example output follows, and says whether it fails), and
// the README's "./sim ..." and "go run ./cmd/sim ...". A trailing "# ..."
// comment and a "| ..." pipe are dropped, and "> FILE" is kept as the
// file the output goes to.
func docCommands(t *testing.T, path string) []docCommand {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var cmds []docCommand
	inCode := false
	prefix := regexp.MustCompile(`^(\$ sim|\./sim|go run \./cmd/sim)( |$)`)
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
			continue
		}
		m := prefix.FindStringSubmatch(l)
		if !inCode || m == nil {
			continue
		}
		text := strings.TrimPrefix(l, m[1])
		if j := strings.Index(text, " #"); j >= 0 {
			text = text[:j]
		}
		if j := strings.Index(text, "|"); j >= 0 {
			text = text[:j]
		}
		c := docCommand{line: i + 1}
		if before, after, ok := strings.Cut(text, ">"); ok {
			text, c.redirect = before, strings.TrimSpace(after)
		}
		c.args = strings.Fields(text)
		c.fails = m[1] == "$ sim" && i+1 < len(lines) && shownFailing(lines[i+1])
		cmds = append(cmds, c)
	}
	return cmds
}

// located is how sim validate and other errors start: FILE:LINE.
var located = regexp.MustCompile(`^\S+\.ya?ml:\d+`)

// shownFailing reports whether the first line of an example's output is
// an error: "sim: ..." (not "sim: drew FILE" or a warning), or a located
// problem as sim validate lists them.
func shownFailing(out string) bool {
	if strings.HasPrefix(out, "sim: drew ") || strings.HasPrefix(out, "sim: wrote ") || strings.HasPrefix(out, "sim: warning: ") {
		return false
	}
	return strings.HasPrefix(out, "sim: ") || located.MatchString(out)
}

// quick keeps a documented command fast: at most 2,000 trials for the
// commands that run trials.
func quick(args []string) []string {
	if len(args) == 0 {
		args = []string{"run", defaultScenario()} // what sim alone runs
	}
	switch args[0] {
	case "run", "compare", "sweep", "matrix":
	default:
		return args
	}
	for i, a := range args {
		if a == "--trials" && i+1 < len(args) {
			if n, err := strconv.ParseInt(args[i+1], 10, 64); err == nil && n > 2000 {
				args[i+1] = "2000"
			}
			return args
		}
	}
	return append(args, "--trials", "2000")
}

// The files the documents' examples name, as a reader would have them.
var docFixtures = map[string]string{
	"no-challenges.yaml": "name: no-challenges\npreset: 6th\nunits:\n  challenge.issue: never\n",
	"house.yaml":         "name: regen-as-save\npreset: 6th\ndescription: 6th edition, with 8th edition's Regeneration.\nrules:\n  regeneration: save\n  flaming_removes_regeneration: phase\n",
	"bad.yaml":           "name: bad\npreset: 6th\nrule:\n  regeneration: save\n",
	"orcs.yaml":          "name: orcs\nunits:\n  - id: orcs\n    modles: 10\n",
	"broken.yaml": "name: broken\nunits:\n  - id: knights\n    from: empire_knight\n  - id: trolls\n    from: trolls\n" +
		"    models: 3\n    modles: 3\nfight: {type: close_combat, sides: [knights, trolls]}\n",
	"kotr-vs-trolls.yaml": "name: kotr-vs-trolls\nunits:\n  - {id: kotr, from: knights_of_the_realm}\n  - {id: trolls, from: trolls}\n" +
		"fight: {type: close_combat, sides: [kotr, trolls], charger: kotr}\n",
}

// importFixtures are the battlescribe package's fixtures under the names
// docs/import.md gives them.
var importFixtures = map[string]string{"army.cat": "Fixture Army.cat", "system.gst": "Fixture System.gst",
	"warband.ros": "Fixture Warband.ros", "warband.json": "Fixture Warband.json"}

// Every command the README and the docs show runs, and exits as they show
// it: 0, or an error where the example prints one (issue 13, item 9).
func TestDocumentedCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every documented command")
	}
	docs, _ := filepath.Glob("../../docs/*.md")
	docs = append([]string{"../../README.md"}, docs...)
	for i := range docs {
		docs[i], _ = filepath.Abs(docs[i]) // before the test moves to a fresh folder
	}
	fixtures := map[string]string{}
	for name, from := range importFixtures {
		fixtures[name], _ = filepath.Abs(fixture(from))
	}
	total := 0
	for _, doc := range docs {
		cmds := docCommands(t, doc)
		if len(cmds) == 0 {
			continue
		}
		dir := t.TempDir()
		for name, text := range docFixtures {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for name, from := range fixtures { // docs/import.md's
			data, err := os.ReadFile(from)
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, name), data, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		t.Chdir(dir)
		for _, c := range cmds {
			if len(c.args) > 0 && (c.args[0] == "serve" || c.args[0] == "site") {
				continue // they build the page from the repository; TestServeAndSite runs them
			}
			total++
			code, stdout, stderr := sim(t, context.Background(), quick(c.args)...)
			where := filepath.Base(doc) + ":" + strconv.Itoa(c.line) + ": sim " + strings.Join(c.args, " ")
			switch {
			case c.fails && code == 0:
				t.Errorf("%s: exit 0, but the document shows it failing", where)
			case !c.fails && code != 0:
				t.Errorf("%s: exit %d: %s", where, code, stderr)
			}
			if c.redirect != "" {
				if err := os.WriteFile(c.redirect, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if total < 30 {
		t.Errorf("found %d documented commands; the parser is missing some", total)
	}
}
