package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wargamesim/sim/web"
)

// The page in a real browser (issue 16): headless Chromium, driven by
// chromedp, against the page served as sim serve serves it. The tests need
// the chromium command (Debian's chromium package; .ci/run installs it):
// without it they skip, unless SIM_BROWSER_TESTS=require, as in CI, makes
// its absence a failure. Screenshots at 1280x800 and 390x844 go to
// $SIM_SCREENSHOTS, or to a temporary folder the log names.

// page is the page served, a browser tab on it, and sim built for this
// machine, to hold the page's numbers to.
type page struct {
	url, sim string
	ctx      context.Context
}

// built is the page's engine and sim for this machine, built once for
// the package's tests into a folder TestMain removes.
var built struct {
	once     sync.Once
	dir, sim string
	err      error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

func build() (dir, sim string, err error) {
	built.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
		defer cancel()
		root, err := web.ModuleRoot(ctx)
		if err != nil {
			built.err = err
			return
		}
		if built.dir, built.err = os.MkdirTemp("", "sim-page-test-*"); built.err != nil {
			return
		}
		if built.err = web.Build(ctx, root, built.dir); built.err != nil {
			return
		}
		built.sim = filepath.Join(built.dir, "sim")
		cmd := exec.CommandContext(ctx, "go", "build", "-o", built.sim, "./cmd/sim")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build ./cmd/sim: %v\n%s", err, out)
		}
	})
	return built.dir, built.sim, built.err
}

func newPage(t *testing.T) *page {
	t.Helper()
	browser := findChromium(t)
	dir, sim, err := build()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	t.Cleanup(cancel)
	srv := httptest.NewServer(web.Handler(dir))
	t.Cleanup(srv.Close)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(launcher(t, browser)), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.WindowSize(1280, 800))
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf))
	t.Cleanup(bcancel)
	p := &page{url: srv.URL + "/", sim: sim, ctx: bctx}
	p.open(t, p.url)
	return p
}

// findChromium is the browser's path, or skips the test (fails it where
// SIM_BROWSER_TESTS=require).
func findChromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("SIM_BROWSER_TESTS") == "require" {
		t.Fatal("no chromium on PATH (apt-get install chromium), and SIM_BROWSER_TESTS=require")
	}
	t.Skip("no chromium on PATH: the browser tests need it (apt-get install chromium)")
	return ""
}

// launcher wraps the browser in a script that lifts the soft limit on
// address space that .ci/run sets for the tests (ulimit -S -v): Chromium
// reserves far more address space than it uses.
func launcher(t *testing.T, browser string) string {
	path := filepath.Join(t.TempDir(), "chromium")
	script := fmt.Sprintf("#!/bin/sh\nulimit -S -v unlimited 2>/dev/null\nexec %q \"$@\"\n", browser)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func (p *page) do(t *testing.T, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// get runs an action that returns a value.
func get[T any](t *testing.T, p *page, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(p.ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// text is the text of the element sel.
func (p *page) text(t *testing.T, sel string) string {
	t.Helper()
	return get(t, p, chromedp.TextContent(chromedp.CSS(sel)))
}

// open loads url and waits for the page to be ready: its engine loaded,
// its lists filled, its buttons working.
func (p *page) open(t *testing.T, url string) {
	t.Helper()
	p.do(t, chromedp.Navigate(url), waitText("#status", "Ready."))
}

// waitText waits until the element's text contains want.
func waitText(sel, want string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		var got string
		for {
			if s, err := chromedp.TextContent(chromedp.CSS(sel))(ctx, t); err == nil {
				got = s
				if strings.Contains(got, want) {
					return nil
				}
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("waiting for %q in %s (it says %q): %w", want, sel, got, ctx.Err())
			case <-time.After(100 * time.Millisecond):
			}
		}
	})
}

func set(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.SetValue(chromedp.CSS(sel), value)
}

func click(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }

// clearStatus empties the page's status line, so that a wait for what a
// click says next cannot see what the last one said.
func clearStatus() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](`document.getElementById("status").textContent = ""`)(ctx, t)
		return err
	})
}

// choose picks the option value of the select with the id given.
func choose(id, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](fmt.Sprintf("document.getElementById(%q).value = %q", id, value))(ctx, t)
		return err
	})
}

// runPage sets the trials and seed, runs, and returns the headline and the
// tables the page shows.
func (p *page) runPage(t *testing.T, trials, seed string) (headline, tables string) {
	t.Helper()
	p.do(t, set("#trials", trials), set("#seed", seed), clearStatus(), click("#run"), waitText("#status", "Done"))
	return p.text(t, "#headline"), p.text(t, "#output")
}

// cli runs sim built for this machine and returns its headline and tables
// as the page shows them.
func (p *page) cli(t *testing.T, args ...string) (headline, tables string) {
	t.Helper()
	out, err := exec.Command(p.sim, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("sim %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	lines := strings.Split(string(out), "\n")
	return lines[0], strings.TrimLeft(strings.Join(lines[1:], "\n"), "\n")
}

func TestPageInBrowser(t *testing.T) {
	p := newPage(t)
	shots := os.Getenv("SIM_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	t.Logf("screenshots in %s", shots)

	// Same seed, same numbers: the page and sim run.
	head, tables := p.runPage(t, "20000", "3")
	wantHead, wantTables := p.cli(t, "run", "trolls-vs-knights", "--trials", "20000", "--seed", "3", "--quiet")
	if head != wantHead || strings.TrimSpace(tables) != strings.TrimSpace(wantTables) {
		t.Errorf("the page shows\n%s\n%s\nsim run shows\n%s\n%s", head, tables, wantHead, wantTables)
	}
	checkDownloads(t, p)
	screenshot(t, p, filepath.Join(shots, "page-1280x800.png"), 1280, 800)
	screenshot(t, p, filepath.Join(shots, "page-390x844.png"), 390, 844)

	// A field edit changes the result: the 8th-edition preset.
	p.do(t, set("#rules", "8th"), clearStatus(), click("#run"), waitText("#output", "ruleset 8th"), waitText("#status", "Done"))
	ruled := p.text(t, "#headline")
	if ruled == head {
		t.Errorf("under 8th the headline is unchanged: %s", ruled)
	}
	wantRuled, _ := p.cli(t, "run", "trolls-vs-knights", "--trials", "20000", "--seed", "3", "--rules", "8th", "--quiet")
	if ruled != wantRuled {
		t.Errorf("under 8th the page says %q, sim run %q", ruled, wantRuled)
	}

	// A link reproduces the numbers: in a fresh page, and in sim run
	// --from-link.
	p.do(t, clearStatus(), click("#link"), waitText("#status", "Link"))
	url := get(t, p, chromedp.Location())
	if !strings.Contains(url, "#v1.") {
		t.Fatalf("the link %q holds no #v1. fragment", url)
	}
	p.do(t, chromedp.Navigate("about:blank"), chromedp.Navigate(url), waitText("#status", "Done"))
	again := p.text(t, "#headline")
	if again != ruled {
		t.Errorf("the link's page says %q, the page that made it %q", again, ruled)
	}
	fromLink, _ := p.cli(t, "run", "--from-link", url)
	if fromLink != ruled {
		t.Errorf("sim run --from-link says %q, the page %q", fromLink, ruled)
	}
}

// Bad YAML shows its problem beside the line, and Cancel stops a long run.
func TestPageErrorsAndCancel(t *testing.T) {
	p := newPage(t)
	bad := "name: broken\nruleset: 6th\nunits:\n  - id: a\n    profile: {M: 4, WS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}\n    models: -4\n"
	p.do(t, click("#editor summary"), set("#yaml", bad), clearStatus(), click("#run"), waitText("#status", "problem"))
	problems := p.text(t, "#problems")
	// Line 6 of bad holds "models: -4"; line 1 starts the file, which has
	// no fight.
	for _, want := range []string{"line 6: units[0].models", "line 1: fight: missing"} {
		if !strings.Contains(problems, want) {
			t.Errorf("the problems list %q lacks %q", problems, want)
		}
	}
	// Beside the lines too: the editor's gutter marks line 1 (no fight),
	// 5 (the profile has no BS) and 6.
	marked := get(t, p, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("#gutter .bad")).map(e => e.textContent).join(",")`))
	if marked != "1,5,6" {
		t.Errorf("the gutter marks lines %q, want 1,5,6", marked)
	}
	shots := os.Getenv("SIM_SCREENSHOTS")
	if shots != "" {
		screenshot(t, p, filepath.Join(shots, "page-problems-1280x800.png"), 1280, 800)
	}

	p.open(t, p.url)
	p.do(t, set("#trials", "10000000"), click("#run"), waitText("#status", "trials"), click("#cancel"), waitText("#status", "Cancelled"))
	head, _ := p.runPage(t, "2000", "5")
	if !strings.Contains(head, "win") {
		t.Errorf("after a cancelled run, a new one says %q", head)
	}
}

// screenshot saves the page as a person sees it at width x height.
func screenshot(t *testing.T, p *page, path string, width, height int64) {
	t.Helper()
	var opts []chromedp.EmulateViewportOption
	if width < 600 {
		opts = append(opts, chromedp.EmulateMobile)
	}
	p.do(t, chromedp.EmulateViewport(width, height, opts...), chromedp.Sleep(300*time.Millisecond))
	png := get(t, p, chromedp.CaptureScreenshot())
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	p.do(t, chromedp.ResetViewport())
}

// The page's time to its first result: opening a link to trolls-vs-knights
// at 100,000 trials, which the page runs as it loads (docs/web.md quotes
// it). It is logged, not checked: it depends on the machine.
func TestPageTimeToFirstResult(t *testing.T) {
	p := newPage(t)
	l := web.Link{V: 1, Cmd: "run", Scenario: "trolls-vs-knights", Trials: 100_000, Seed: "1"}
	frag, err := l.Encode()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	p.do(t, chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"#"+frag), waitText("#status", "Done"))
	t.Logf("first result of trolls-vs-knights, 100,000 trials, from opening the page: %v (the page: %s)", time.Since(start).Round(10*time.Millisecond), p.text(t, "#status"))
	want, _ := p.cli(t, "run", "trolls-vs-knights", "--trials", "100000", "--seed", "1", "--quiet")
	if got := p.text(t, "#headline"); got != want {
		t.Errorf("the page says %q, sim run %q", got, want)
	}
}

// A link to a fight of several units (hammer-and-anvil) opens the page on
// it and runs to sim run's headline, the armies' names in it: a shared
// link is how its answer travels (docs/scenarios.md, "What the hammer
// adds").
func TestPageLinkSeveralUnits(t *testing.T) {
	p := newPage(t)
	l := web.Link{V: 1, Cmd: "run", Scenario: "hammer-and-anvil", Trials: 20000, Seed: "1"}
	frag, err := l.Encode()
	if err != nil {
		t.Fatal(err)
	}
	p.do(t, chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"#"+frag), waitText("#status", "Done"))
	want, _ := p.cli(t, "run", "hammer-and-anvil", "--trials", "20000", "--seed", "1", "--quiet")
	if got := p.text(t, "#headline"); got != want || !strings.HasPrefix(got, "Empire Halberdiers and Knights win ") {
		t.Errorf("the page says %q, sim run %q", got, want)
	}
}

// A fight of several units written in the editor (the army form, ids of
// its own) runs as sim run runs the same file: the page passes the YAML
// through, so what the format loads the page runs (plan §4, "Web").
func TestPageEditorSeveralUnits(t *testing.T) {
	p := newPage(t)
	yaml := `name: two-on-one
ruleset: 6th
units:
  - {id: halbs, from: empire_halberdiers}
  - {id: riders, from: empire_knights, models: 5}
  - {id: ladz, from: orc_boyz, models: 25}
fight:
  type: close_combat
  sides:
    - id: reik
      name: The Reikland
      units:
        - {unit: halbs, fights: [{unit: ladz}]}
        - {unit: riders, charged: true, fights: [{unit: ladz, at: flank, models: 3}]}
    - id: waaagh
      units:
        - {unit: ladz, fights: [{unit: halbs, models: 5}, {unit: riders, models: 4}]}
`
	file := filepath.Join(t.TempDir(), "two-on-one.yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	p.do(t, click("#editor summary"), set("#yaml", yaml))
	head, tables := p.runPage(t, "5000", "7")
	wantHead, wantTables := p.cli(t, "run", file, "--trials", "5000", "--seed", "7", "--quiet")
	if head != wantHead || !strings.HasPrefix(head, "The Reikland win ") {
		t.Errorf("the page says %q, sim run %q", head, wantHead)
	}
	if !strings.Contains(tables, "riders.casualties") || strings.TrimSpace(tables) != strings.TrimSpace(wantTables) {
		t.Errorf("the page's tables differ from sim run's:\n%s\nwant\n%s", tables, wantTables)
	}
}

// A fight built from the unit library runs as sim run runs its YAML, and a
// variant of it compares as sim compare compares the two files.
func TestPageBuilderAndVariant(t *testing.T) {
	p := newPage(t)
	p.do(t, click("#builder summary"), choose("unitA", "chaos_warriors"), set("#modelsA", "10"),
		choose("unitB", "clanrats"), set("#modelsB", "20"), choose("charger", "a"), click("#build"), waitText("#status", "Built"))
	yaml := get(t, p, chromedp.Evaluate[string](`document.getElementById("yaml").value`))
	for _, want := range []string{"from: chaos_warriors", "models: 10", "from: clanrats", "models: 20", "charger: chaos_warriors"} {
		if !strings.Contains(yaml, want) {
			t.Errorf("the built YAML lacks %q:\n%s", want, yaml)
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "scenario.yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	head, _ := p.runPage(t, "5000", "2")
	if want, _ := p.cli(t, "run", file, "--trials", "5000", "--seed", "2", "--quiet"); head != want {
		t.Errorf("the built fight: the page says %q, sim run %q", head, want)
	}

	variant := strings.Replace(yaml, "models: 20", "models: 30", 1)
	vfile := filepath.Join(dir, "variant.yaml")
	if err := os.WriteFile(vfile, []byte(variant), 0o644); err != nil {
		t.Fatal(err)
	}
	p.do(t, click(`input[value="variant"]`), set("#variant", variant), clearStatus(), click("#run"), waitText("#status", "Done"))
	_, tables := p.text(t, "#headline"), p.text(t, "#output")
	_, want := p.cli(t, "compare", file, vfile, "--trials", "5000", "--seed", "2", "--quiet")
	if strings.TrimSpace(tables) != strings.TrimSpace(want) {
		t.Errorf("the variant: the page shows\n%s\nsim compare shows\n%s", tables, want)
	}
	if shots := os.Getenv("SIM_SCREENSHOTS"); shots != "" {
		screenshot(t, p, filepath.Join(shots, "page-variant-1280x800.png"), 1280, 800)
	}
}

// checkDownloads runs what the JSON and PNG downloads run, for the form as
// it stands (trolls-vs-knights, 20,000 trials, seed 3): the JSON is sim run
// --format json's, timing aside, and the chart is a PNG.
func checkDownloads(t *testing.T, p *page) {
	t.Helper()
	js := get(t, p, chromedp.Evaluate[string](`(async () => {
		const r = await call(args(form(), "json", "/out/chart.png"), {[SCENARIO]: document.getElementById("yaml").value}, ["/out/chart.png"]);
		const png = r.files["/out/chart.png"];
		return JSON.stringify({code: r.code, json: r.stdout, png: png ? Array.from(png.slice(0, 8)) : []});
	})()`, chromedp.EvalAwaitPromise))
	var got struct {
		Code int
		JSON string
		PNG  []byte
	}
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(p.sim, "run", "trolls-vs-knights", "--trials", "20000", "--seed", "3", "--quiet", "--format", "json").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got.Code != 0 || withoutTiming(t, got.JSON) != withoutTiming(t, string(out)) {
		t.Errorf("the JSON download (exit %d) differs from sim run --format json:\n%s", got.Code, got.JSON)
	}
	if string(got.PNG) != "\x89PNG\r\n\x1a\n" {
		t.Errorf("the PNG download starts %q, not with PNG's signature", got.PNG)
	}
}

// withoutTiming is sim's JSON without its timing, the one part that
// differs between identical runs.
func withoutTiming(t *testing.T, js string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, js)
	}
	delete(m, "timing")
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sim site's files, served by a plain static file server (Go's
// http.FileServer, as any static host would), give the same page: the
// link to trolls-vs-knights runs to sim run's numbers.
func TestSiteOnAStaticServer(t *testing.T) {
	p := newPage(t)
	dir, _, err := build()
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	for _, n := range web.Files() {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil { // an embedded file: take it from the page served
			res, err := http.Get(p.url + n)
			if err != nil {
				t.Fatal(err)
			}
			data, err = io.ReadAll(res.Body)
			res.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(site, n), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(site)))
	t.Cleanup(srv.Close)
	l := web.Link{V: 1, Cmd: "run", Scenario: "trolls-vs-knights", Trials: 20000, Seed: "3"}
	frag, err := l.Encode()
	if err != nil {
		t.Fatal(err)
	}
	p.do(t, chromedp.Navigate(srv.URL+"/#"+frag), waitText("#status", "Done"))
	want, _ := p.cli(t, "run", "trolls-vs-knights", "--trials", "20000", "--seed", "3", "--quiet")
	if got := p.text(t, "#headline"); got != want {
		t.Errorf("the static site says %q, sim run %q", got, want)
	}
}

// Every game runs in the page as on the terminal: a War of the Ring and a
// Conquest built-in give sim run's headline and tables for the same seed,
// and so does a Warhammer fight of several units (hammer-and-anvil), whose
// armies' names and units' rows the page must show as sim run does.
func TestPageOtherGames(t *testing.T) {
	p := newPage(t)
	for _, name := range []string{"wotr-captain-duel", "conquest-guard-vs-drones", "hammer-and-anvil"} {
		p.do(t, choose("builtin", name), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			// the select's change loads the built-in's YAML
			_, err := chromedp.Evaluate[any](`loadBuiltin()`, chromedp.EvalAwaitPromise)(ctx, tg)
			return err
		}))
		head, tables := p.runPage(t, "4000", "11")
		wantHead, wantTables := p.cli(t, "run", name, "--trials", "4000", "--seed", "11", "--quiet")
		if head != wantHead || strings.TrimSpace(tables) != strings.TrimSpace(wantTables) {
			t.Errorf("%s: the page shows\n%s\n%s\nsim run shows\n%s\n%s", name, head, tables, wantHead, wantTables)
		}
	}
}
