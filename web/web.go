// Package web is sim's web page: the simulator running in the visitor's
// browser, with no server computing anything (docs/web.md).
//
// The page is a few hand-written files (static/: HTML, CSS, plain
// JavaScript) around sim itself built for the browser: cmd/sim compiled
// with GOOS=js GOARCH=wasm, whose main (cmd/sim/wasm.go) runs the same
// commands as the terminal on files kept in memory (static/memfs.js), in
// a Web Worker so that the page stays responsive. The page and the CLI
// therefore give the same numbers for the same scenario, flags and seed.
//
// [Build] compiles that engine with the go command from sim's source and
// copies the Go toolchain's wasm_exec.js beside it (the two must come
// from the same Go); [Handler] serves the page from loopback (sim serve);
// [WriteSite] writes it as static files (sim site).
package web

import (
	"bufio"
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

//go:embed static
var static embed.FS

// modulePath is sim's module, whose source Build compiles.
const modulePath = "github.com/wargamesim/sim"

// Built are the files Build writes beside the embedded ones.
var Built = []string{"sim.wasm", "wasm_exec.js"}

// ModuleRoot returns the directory of sim's source that the working
// directory is in, as the go command finds it, or an error that says how
// to get there.
func ModuleRoot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("the page's engine is built from sim's source with the go command, which failed (%v): install Go (go.dev/dl) and run this in the sim repository", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("the page's engine is built from sim's source: run this in the sim repository (the folder with its go.mod), or host the files sim site writes there")
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	if !declares(data, modulePath) {
		return "", fmt.Errorf("%s is not sim's (module %s): run this in the sim repository", gomod, modulePath)
	}
	return filepath.Dir(gomod), nil
}

// declares reports whether a go.mod file declares module mod.
func declares(gomod []byte, mod string) bool {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] == "module" && strings.Trim(f[1], `"`) == mod {
			return true
		}
	}
	return false
}

// Build compiles the page's engine from the source at root into
// dir/sim.wasm and copies the same Go's wasm_exec.js beside it.
func Build(ctx context.Context, root, dir string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "sim.wasm"), "./cmd/sim")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var errs bytes.Buffer
	cmd.Stderr = &errs
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the page's engine (GOOS=js GOARCH=wasm go build ./cmd/sim): %v\n%s", err, errs.String())
	}
	out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	js, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("the Go toolchain's wasm_exec.js: %v", err)
	}
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644)
}

// Files lists the page's files: the embedded ones, then Built.
func Files() []string {
	var names []string
	fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, strings.TrimPrefix(p, "static/"))
		}
		return nil
	})
	return append(names, Built...)
}

// open returns the content of the page's file name: embedded, or built
// into dir.
func open(dir, name string) ([]byte, error) {
	for _, b := range Built {
		if name == b {
			return os.ReadFile(filepath.Join(dir, name))
		}
	}
	return static.ReadFile(path.Join("static", name))
}

// Policy is the page's Content-Security-Policy: its own files only, the
// engine's WebAssembly allowed to compile, nothing framed, no plug-ins.
const Policy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; " +
	"img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the page: the embedded files, and the engine Build wrote
// into dir. It serves those files alone, with GET or HEAD, each with the
// page's Content-Security-Policy.
func Handler(dir string) http.Handler {
	known := map[string]bool{}
	for _, n := range Files() {
		known[n] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "the page is read only", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		if !known[name] {
			http.NotFound(w, r)
			return
		}
		data, err := open(dir, name)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", Policy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		h.Set("Content-Type", contentType(name))
		w.Write(data)
	})
}

// contentType is the media type of one of the page's files.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".wasm":
		return "application/wasm"
	case ".svg":
		return "image/svg+xml"
	}
	return "application/octet-stream"
}

// WriteSite writes the page into out, a folder that must not exist yet or
// be empty, building its engine from the source at root. The files are
// written to a folder beside out and moved into place at the end, so a
// failed build leaves nothing half written.
func WriteSite(ctx context.Context, root, out string) error {
	if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
		return fmt.Errorf("%s is a file: give a new or empty folder", out)
	}
	if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty: give a new or empty folder", out)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	parent := filepath.Dir(filepath.Clean(out))
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(out)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write beside %s: %v", out, err)
	}
	defer os.RemoveAll(tmp)
	if err := Build(ctx, root, tmp); err != nil {
		return err
	}
	for _, n := range Files() {
		data, err := open(tmp, n)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tmp, n), data, 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	os.Remove(out) // an empty folder, if it was there
	return os.Rename(tmp, out)
}
