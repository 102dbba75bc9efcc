package main

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/wargamesim/sim/web"
)

// sim report writes one HTML page with sim run's numbers: its headline
// and tables as sim run prints them for the same seed, a chart a side's
// casualties and one of who wins, inline, the result JSON that sim run
// --format json writes, and a link that sim run --from-link runs to the
// same numbers.
func TestReport(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "r.html")
	if code, _, errs := sim(t, ctx, "report", "trolls-vs-knights", "-o", out, "--trials", "20000", "--seed", "3"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(out)
	must(t, err)
	page := string(data)
	_, text, _ := sim(t, ctx, "run", "trolls-vs-knights", "--trials", "20000", "--seed", "3", "--quiet")
	head, tables, _ := strings.Cut(text, "\n")
	if !strings.Contains(page, `<p class="headline">`+html.EscapeString(head)+`</p>`) {
		t.Errorf("the report lacks sim run's headline %q", head)
	}
	pre := regexp.MustCompile(`(?s)<pre>(.*?)</pre>`).FindStringSubmatch(page)
	if pre == nil || strings.TrimSpace(html.UnescapeString(pre[1])) != strings.TrimSpace(tables) {
		t.Errorf("the report's tables differ from sim run's:\n%v\nwant\n%s", pre, tables)
	}
	if n := strings.Count(page, "<svg"); n != 3 {
		t.Errorf("%d charts inline, want 3 (who wins, each side's casualties)", n)
	}
	js := regexp.MustCompile(`(?s)<script type="application/json" id="sim-result">(.*?)</script>`).FindStringSubmatch(page)
	_, want, _ := sim(t, ctx, "run", "trolls-vs-knights", "--trials", "20000", "--seed", "3", "--format", "json")
	if js == nil || withoutTiming(t, js[1]) != withoutTiming(t, want) {
		t.Errorf("the embedded result differs from sim run --format json's")
	}
	var r struct{ Seed uint64 }
	if js != nil {
		must(t, json.Unmarshal([]byte(js[1]), &r))
	}
	link := regexp.MustCompile(`href="([^"]+)"`).FindStringSubmatch(page)
	if link == nil {
		t.Fatal("the report has no link to the page")
	}
	l, err := web.DecodeLink(html.UnescapeString(link[1]))
	if err != nil {
		t.Fatal(err)
	}
	if l.Trials != 20000 || l.Seed != "3" || r.Seed != 3 {
		t.Errorf("the link holds %d trials and seed %s (the result, seed %d)", l.Trials, l.Seed, r.Seed)
	}
	if _, got, _ := sim(t, ctx, "run", "--from-link", html.UnescapeString(link[1])); got != text {
		t.Errorf("the report's link runs to\n%s\nwant\n%s", got, text)
	}
}

func TestReportUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"report", "trolls-vs-knights"},
		{"report", "trolls-vs-knights", "-o", filepath.Join(t.TempDir(), "r.txt")},
		{"report", "-o", filepath.Join(t.TempDir(), "r.html")},
		{"report", "no-such-scenario", "-o", filepath.Join(t.TempDir(), "r.html")},
	} {
		if code, _, errs := sim(t, context.Background(), args...); code != 2 || errs == "" {
			t.Errorf("sim %s: exit %d (%q), want 2 and a message", strings.Join(args, " "), code, errs)
		}
	}
}
