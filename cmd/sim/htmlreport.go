//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/internal/atomicfile"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/study"
	"github.com/wargamesim/sim/web"
)

const reportUsage = `Usage: sim report FILE|NAME -o REPORT.html [flags]

Runs a scenario as sim run does and writes one self-contained HTML file
for a blog post: the headline, the tables, the charts inline as SVG, where
the numbers came from (version, seed, trials, ruleset and options), and
the scenario and result embedded, with a link that reopens them in the web
page (docs/web.md).

Flags:
`

func reportCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("report", reportUsage, stdout)
	out := fs.String("o", "", "the HTML file to write (atomically)")
	fs.StringVar(out, "out", "", "the same as -o")
	trials := trialsFlag(fs, 0, "number of trials (default: the scenario's, else 1000000)")
	seed := seedFlag(fs, "random seed (default: the scenario's, else drawn at random and printed)")
	workers := workersFlag(fs)
	exact := fs.Bool("exact", false, "also compute the exact distributions and show them beside the simulated ones")
	rules := fs.String("rules", "", "ruleset to use instead of the scenario's: a preset of its game, a house-rules file, plus options")
	base := fs.String("base", "http://127.0.0.1:8080/", "the web page's address, for the link that reopens the report there")
	quiet := fs.Bool("quiet", false, "no progress bar")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *out == "" {
		return failure.Usagef("report: give one scenario file or built-in name, and the file to write with -o REPORT.html")
	}
	if !strings.HasSuffix(strings.ToLower(*out), ".html") {
		return failure.Usagef("report: -o %s: the report is HTML; name it .html", *out)
	}
	if err := checkDestinations("report", *out, nil, append(rulesFiles(*rules), pos[0])...); err != nil {
		return err
	}
	_, src, err := study.Source(pos[0])
	if err != nil {
		return &failure.Input{Msg: fmt.Sprintf("report: %s: %v", pos[0], err)}
	}
	data, rep, err := runJSON(ctx, pos[0], reportRunFlags(fs, *trials, *seed, *workers, *rules, *exact, *quiet), stdout, stderr)
	if err != nil {
		return err
	}
	plan, err := study.Open(pos[0], *rules)
	if err != nil {
		return err
	}
	rep.Lines = plan.Lines // what was simulated, which the JSON leaves out
	page, err := htmlReport(rep, data, string(src), *rules, *exact, *base)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { _, err := w.Write(page); return err }); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "sim: wrote %s\n", *out)
	return nil
}

// reportRunFlags are the flags of the sim run a report runs, from its own.
func reportRunFlags(fs *flagSet, trials int64, seed uint64, workers int, rules string, exact, quiet bool) []string {
	flags := []string{"--workers", strconv.Itoa(workers)}
	if set(fs, "trials") {
		flags = append(flags, "--trials", strconv.FormatInt(trials, 10))
	}
	if set(fs, "seed") {
		flags = append(flags, "--seed", strconv.FormatUint(seed, 10))
	}
	if rules != "" {
		flags = append(flags, "--rules", rules)
	}
	if exact {
		flags = append(flags, "--exact")
	}
	if quiet {
		flags = append(flags, "--quiet")
	}
	return flags
}

// runJSON runs the scenario as sim run does with flags, into JSON in a
// temporary file, and returns that JSON and the report it holds.
func runJSON(ctx context.Context, scenario string, flags []string, stdout, stderr io.Writer) ([]byte, *report.Report, error) {
	dir, err := os.MkdirTemp("", "sim-report-*")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	js := filepath.Join(dir, "result.json")
	if err := runCmd(ctx, nil, append([]string{scenario, "--format", "json", "--out", js}, flags...), stdout, stderr); err != nil {
		return nil, nil, err
	}
	data, err := os.ReadFile(js)
	if err != nil {
		return nil, nil, err
	}
	var rep report.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, nil, err
	}
	return data, &rep, nil
}

// htmlReport is the report's page: rep as sim run prints it, its charts
// inline, and the scenario src and result JSON embedded.
func htmlReport(rep *report.Report, result []byte, src, rules string, exact bool, base string) ([]byte, error) {
	var text bytes.Buffer
	if err := report.WriteText(&text, rep); err != nil {
		return nil, err
	}
	lines := strings.SplitN(text.String(), "\n", 2)
	var charts []template.HTML
	for _, what := range chartsFor(rep) {
		c, err := runChart(rep, what, plots.Options{})
		if err != nil {
			return nil, err
		}
		var svg bytes.Buffer
		if _, err := c.Render(&svg, "svg"); err != nil {
			return nil, err
		}
		charts = append(charts, template.HTML(svgBody(svg.String()))) // sim's own SVG
	}
	l := web.Link{V: 1, Cmd: "run", YAML: src, Trials: rep.Trials, Seed: strconv.FormatUint(rep.Seed, 10), Rules: rules, Exact: exact}
	frag, err := l.Encode()
	if err != nil {
		return nil, err
	}
	var opts []string
	for k, v := range rep.Rules {
		opts = append(opts, k+"="+v)
	}
	sort.Strings(opts)
	var b bytes.Buffer
	err = reportPage.Execute(&b, map[string]any{
		"Title": rep.Title, "Headline": lines[0], "Tables": strings.TrimLeft(lines[len(lines)-1], "\n"),
		"Charts": charts, "Scenario": src, "Link": base + "#" + frag,
		"Result":  template.JS(strings.ReplaceAll(string(result), "</", `<\/`)), // JSON, which cannot then end the script
		"Version": rep.Version, "Seed": rep.Seed, "Trials": comma(rep.Trials), "Ruleset": rep.Ruleset, "Options": opts,
		"Name": rep.Scenario,
	})
	return b.Bytes(), err
}

// chartsFor is the report's charts: who wins (or the default), and the
// distribution of each side's casualties.
func chartsFor(rep *report.Report) []string {
	whats := []string{""}
	for _, m := range rep.MetricNames() {
		if strings.HasSuffix(m, ".casualties") {
			whats = append(whats, m)
		}
	}
	return whats
}

// svgBody is an SVG document without its XML declaration, to inline in
// HTML.
func svgBody(s string) string {
	if i := strings.Index(s, "<svg"); i >= 0 {
		return s[i:]
	}
	return s
}

var reportPage = template.Must(template.New("report").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="sim {{.Version}}">
<title>{{.Title}}</title>
<style>
body { margin: 0 auto; max-width: 1000px; padding: 16px; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d232a; }
h1 { font-size: 24px; margin: 8px 0; }
.headline { font-size: 19px; font-weight: 600; }
figure { margin: 16px 0; }
figure svg { width: 100%; height: auto; }
pre { overflow-x: auto; font: 13px/1.35 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f4f2ee; padding: 10px; border-radius: 6px; }
.provenance { color: #5b6670; font-size: 14px; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="headline">{{.Headline}}</p>
<p class="provenance">{{.Name}}: sim {{.Version}}, ruleset {{.Ruleset}}{{range .Options}}, {{.}}{{end}}; {{.Trials}} trials, seed {{.Seed}}. The same scenario, trials and seed give the same numbers: <a href="{{.Link}}">open it in sim's web page</a>, or run <code>sim run --from-link</code> with that link.</p>
{{range .Charts}}<figure>{{.}}</figure>
{{end}}<pre>{{.Tables}}</pre>
<details><summary>The scenario</summary><pre>{{.Scenario}}</pre></details>
<script type="application/json" id="sim-result">{{.Result}}</script>
</body>
</html>
`))
