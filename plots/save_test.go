package plots

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSave writes a chart in each format and checks the file: its format,
// its mode, and that no temporary file is left beside it.
func TestSave(t *testing.T) {
	ch, err := Outcomes(ogresReport(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, why string
		prefix    string // the file's first bytes
	}{
		{"chart.svg", "SVG by extension", "<?xml"},
		{"chart.png", "PNG by extension", "\x89PNG"},
		{"CHART.PNG", "extensions in any case", "\x89PNG"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, tt.name)
			if err := os.WriteFile(path, []byte("an older chart, to be replaced"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := ch.Save(path); err != nil {
				t.Fatalf("%s: %v", tt.why, err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(b, []byte(tt.prefix)) {
				t.Errorf("%s: file starts %q, want %q", tt.why, b[:min(len(b), 8)], tt.prefix)
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm() != 0o644 {
				t.Errorf("mode %v, want 0644", fi.Mode().Perm())
			}
			assertOnly(t, dir, tt.name)
		})
	}
}

// TestSaveFails checks that a path Save cannot write gives an error and
// leaves nothing behind.
func TestSaveFails(t *testing.T) {
	ch, err := Outcomes(ogresReport(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tests := []struct {
		name, why string
		path      string
		wantErr   []string
	}{
		{"pdf", "an extension there is no writer for: the error names those there are",
			filepath.Join(dir, "chart.pdf"), []string{"chart.pdf", "cannot write .pdf", ".svg or .png"}},
		{"no extension", "a path without an extension",
			filepath.Join(dir, "chart"), []string{"no extension", ".svg", ".png"}},
		{"missing directory", "the temporary file cannot be made",
			filepath.Join(dir, "missing", "chart.svg"), []string{"missing"}},
		{"directory", "the path is a directory: the rename fails, the temporary file goes",
			mkdir(t, filepath.Join(dir, "taken.svg")), []string{"taken.svg"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ch.Save(tt.path)
			if err == nil {
				t.Fatalf("%s: Save succeeded", tt.why)
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%s: error %q does not contain %q", tt.why, err, w)
				}
			}
		})
	}
	assertOnly(t, dir, "taken.svg")
}

func mkdir(t *testing.T, path string) string {
	t.Helper()
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// assertOnly fails unless dir holds exactly the named entries.
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}

// TestFormatOf checks the format chosen by extension.
func TestFormatOf(t *testing.T) {
	tests := []struct {
		path, want, why string
	}{
		{"a.svg", "svg", "SVG"},
		{"dir.png/a.Svg", "svg", "the last extension, in any case"},
		{"a.png", "png", "PNG"},
		{"a.svg.png", "png", "only the last extension counts"},
		{"a.jpg", "", "no JPEG"},
		{"a", "", "no extension"},
	}
	for _, tt := range tests {
		got, err := FormatOf(tt.path)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("FormatOf(%q) = %q, %v; want %q (%s)", tt.path, got, err, tt.want, tt.why)
		}
	}
}

// TestRenderUnknownFormat checks Render's error for a format it lacks.
func TestRenderUnknownFormat(t *testing.T) {
	ch, err := Outcomes(ogresReport(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := ch.Render(&buf, "pdf"); err == nil || !strings.Contains(err.Error(), "svg or png") || buf.Len() != 0 {
		t.Errorf("Render(pdf) = %v with %d bytes written, want an error naming svg and png, nothing written", err, buf.Len())
	}
}
