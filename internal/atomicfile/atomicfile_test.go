package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Write puts the whole file in place, or leaves what was there: a render
// that fails leaves neither a half-written file nor a temporary one.
func TestWrite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "first"); return err }); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("render failed")
	err := Write(path, func(w io.Writer) error { io.WriteString(w, "half"); return failed })
	if !errors.Is(err, failed) || !strings.HasPrefix(err.Error(), "writing "+path+": ") {
		t.Errorf("a failed render: %v, want it wrapped as writing %s: ...", err, path)
	}
	if got, _ := os.ReadFile(path); string(got) != "first" {
		t.Errorf("after a failed write the file holds %q, want the previous %q", got, "first")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the output alone", len(entries))
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("the output's mode: %v, %v; want 0644", fi.Mode(), err)
	}
	if err := Write(filepath.Join(dir, "no", "such.txt"), func(io.Writer) error { return nil }); err == nil || !strings.HasPrefix(err.Error(), "cannot write ") {
		t.Errorf("a write into a missing folder: %v, want cannot write ...", err)
	}
}

// removeAll removes the temporary files still being written, keeps the
// ones already renamed into place, and refuses to create more.
func TestTempFilesRemoveAll(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := &tempFiles{names: map[string]bool{}}
	writing, _, err := p.create(dir, ".a.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	renamed, done, err := p.create(dir, ".b.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	final := filepath.Join(dir, "b.json")
	renamed.Close()
	if err := os.Rename(renamed.Name(), final); err != nil {
		t.Fatal(err)
	}
	done()
	p.removeAll()
	writing.Close()
	if _, err := os.Stat(writing.Name()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file being written is still there: %v", err)
	}
	if _, err := os.Stat(final); err != nil {
		t.Errorf("the finished file was removed: %v", err)
	}
	if _, _, err := p.create(dir, ".c.*.tmp"); !errors.Is(err, ErrStopping) {
		t.Errorf("create after removeAll: %v, want ErrStopping", err)
	}
}
