//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/web"
)

const serveUsage = `Usage: sim serve [--addr HOST:PORT]

Serves sim's web page (docs/web.md) on this machine, printing its address:
the simulator running in the browser, with permalinks. It builds the
page's engine from sim's source with the go command (run it in the sim
repository), then serves until Ctrl-C. The page computes everything in
the browser; the server only hands out its files.

Flags:
`

func serveCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", serveUsage, stdout)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on; the default is this machine alone (loopback)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return failure.Usagef("serve takes no arguments")
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return failure.Usagef("serve: --addr %q: give HOST:PORT, such as 127.0.0.1:8080", *addr)
	}
	root, err := web.ModuleRoot(ctx)
	if err != nil {
		return &failure.Input{Msg: "serve: " + err.Error()}
	}
	// Listen before the build, so that a busy or bad address is said at once.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return &failure.Input{Msg: fmt.Sprintf("serve: cannot listen on %s (%v); give another with --addr, such as 127.0.0.1:8081", *addr, err)}
	}
	defer ln.Close()
	dir, err := os.MkdirTemp("", "sim-page-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fmt.Fprintln(stderr, "sim: building the page's engine (go build, GOOS=js GOARCH=wasm)…")
	if err := web.Build(ctx, root, dir); err != nil {
		return err
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(stderr, "sim: listening on %s: other machines can open the page\n", *addr)
	}
	srv := &http.Server{Handler: web.Handler(dir), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "sim: serving the page at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
		return nil
	}
}

const siteUsage = `Usage: sim site -o DIR

Writes sim's web page (docs/web.md) into DIR, a new or empty folder, as
static files that any static web host serves as they are. It builds the
page's engine from sim's source with the go command (run it in the sim
repository).

Flags:
`

func siteCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("site", siteUsage, stdout)
	out := fs.String("o", "", "the folder to write the page into (new or empty)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 || *out == "" {
		return failure.Usagef("site: give the folder to write with -o DIR, and nothing else")
	}
	root, err := web.ModuleRoot(ctx)
	if err != nil {
		return &failure.Input{Msg: "site: " + err.Error()}
	}
	if err := web.WriteSite(ctx, root, *out); err != nil {
		return &failure.Input{Msg: "site: " + err.Error()}
	}
	fmt.Fprintf(stdout, "sim: wrote the page into %s (%d files); serve it with any static web server\n", *out, len(web.Files()))
	return nil
}

// runLink runs what a page link holds (sim run --from-link), with the
// flags given beside it (extra) after the link's, so that they win.
func runLink(ctx context.Context, link string, extra []string, stdout, stderr io.Writer) error {
	l, err := web.DecodeLink(link)
	if err != nil {
		return &failure.Input{Msg: "run: --from-link: " + err.Error()}
	}
	dir, err := os.MkdirTemp("", "sim-link-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	write := func(name, yaml string) (string, error) {
		file := filepath.Join(dir, name)
		return file, os.WriteFile(file, []byte(yaml), 0o600)
	}
	if l.Cmd == "compare" && l.Compare == "" {
		l.Compare = scenarios.GameDefaults().Compare // as the page compares by default
	}
	file, variant := l.Scenario, ""
	if l.YAML != "" {
		if file, err = write("scenario.yaml", l.YAML); err != nil {
			return err
		}
	}
	if l.Variant != "" {
		if variant, err = write("variant.yaml", l.Variant); err != nil {
			return err
		}
	}
	return run(ctx, append(l.Args(file, variant), extra...), stdout, stderr)
}

// showLink prints a page link to a built-in scenario (sim show --link).
func showLink(stdout io.Writer, name, base string, trials int64, seed uint64) error {
	l := web.Link{V: 1, Cmd: "run", Scenario: name, Trials: trials, Seed: fmt.Sprint(seed)}
	frag, err := l.Encode()
	if err != nil {
		return &failure.Input{Msg: "show --link: " + err.Error()}
	}
	_, err = fmt.Fprintf(stdout, "%s#%s\n", base, frag)
	return err
}
