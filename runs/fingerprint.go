package runs

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
	"go.yaml.in/yaml/v3"
)

// fingerprint is a hash of what a command's results depend on: sim's
// version and dice, the command and its arguments (without --workers and
// --quiet, which change no number), and the bytes of every file it names,
// with the library files its scenarios name.
func fingerprint(command []string, version string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", version, engine.StreamVersion)
	for _, a := range command {
		fmt.Fprintf(h, "%s\x00", a)
	}
	for _, path := range inputFiles(command) {
		data, err := scenarios.ReadLimited(path, scenarios.MaxFileSize)
		if err != nil {
			return "", &failure.Input{Msg: err.Error()}
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.Base(path), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// inputFiles are the files a command line names (any argument, or part of
// one between commas and after "=", that is a file), and the library files
// the scenario files among them name, sorted and once each.
func inputFiles(command []string) []string {
	var files []string
	add := func(p string) {
		if p != "" && fileExists(p) && !slices.Contains(files, p) {
			files = append(files, p)
		}
	}
	for _, a := range command[1:] {
		for _, part := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == '=' }) {
			add(part)
			for _, lib := range libraryFiles(part) {
				add(lib)
			}
		}
	}
	slices.Sort(files)
	return files
}

// libraryFiles are the library files a scenario file names, resolved
// from its folder; none if it is not a scenario file or names none.
func libraryFiles(path string) []string {
	if !fileExists(path) || !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml") {
		return nil
	}
	data, err := scenarios.ReadLimited(path, scenarios.MaxFileSize)
	if err != nil {
		return nil
	}
	var doc struct {
		Library scenarios.Paths `yaml:"library"`
	}
	if yaml.Unmarshal(data, &doc) != nil {
		return nil
	}
	return doc.Library.Resolve(path)
}

// fileExists reports whether path is a regular file.
func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
