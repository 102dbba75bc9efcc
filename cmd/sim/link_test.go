package main

import (
	"context"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/web"
)

// A page link runs in sim run --from-link exactly as its fields say:
// sim show --link's link to trolls-vs-knights at 20,000 trials and seed 3
// gives sim run's output for those flags, byte for byte, and flags given
// beside the link win.
func TestRunFromLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	code, link, errs := sim(t, ctx, "show", "trolls-vs-knights", "--link", "--trials", "20000", "--seed", "3")
	if code != 0 || !strings.HasPrefix(link, "http://127.0.0.1:8080/#v1.") {
		t.Fatalf("sim show --link: exit %d, %q, %s", code, link, errs)
	}
	_, want, _ := sim(t, ctx, "run", "trolls-vs-knights", "--trials", "20000", "--seed", "3", "--quiet")
	code, got, errs := sim(t, ctx, "run", "--from-link", strings.TrimSpace(link))
	if code != 0 || got != want {
		t.Errorf("sim run --from-link: exit %d, stderr %s\n%s\nwant\n%s", code, errs, got, want)
	}
	_, want, _ = sim(t, ctx, "run", "trolls-vs-knights", "--trials", "20000", "--seed", "4", "--quiet", "--format", "csv")
	if _, got, _ := sim(t, ctx, "run", "--from-link="+strings.TrimSpace(link), "--seed", "4", "--format", "csv"); got != want {
		t.Errorf("sim run --from-link with --seed 4 --format csv gave\n%s\nwant\n%s", got, want)
	}

	// A link holding its scenario's YAML runs it from a file of its own.
	_, src, _ := sim(t, ctx, "show", "ogres-vs-arrows")
	l := web.Link{V: 1, Cmd: "run", YAML: src, Trials: 5000, Seed: "8"}
	frag, err := l.Encode()
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ = sim(t, ctx, "run", "ogres-vs-arrows", "--trials", "5000", "--seed", "8", "--quiet")
	if code, got, errs := sim(t, ctx, "run", "--from-link", "#"+frag); code != 0 || got != want {
		t.Errorf("a link with YAML: exit %d, %s\n%s\nwant\n%s", code, errs, got, want)
	}
}

// A compare link with no rulesets compares the default game's, as the
// page does: the link older pages wrote ("6th,8th" was their fixed default)
// runs as sim compare with the default game's Defaults().Compare.
func TestRunFromCompareLinkWithoutRulesets(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	frag, err := (&web.Link{V: 1, Cmd: "compare", Scenario: defaultScenario(), Trials: 3000, Seed: "5"}).Encode()
	if err != nil {
		t.Fatal(err)
	}
	rules := scenarios.GameDefaults().Compare
	if rules == "" {
		t.Fatal("the default game gives no rulesets to compare")
	}
	_, want, _ := sim(t, ctx, "compare", defaultScenario(), "--trials", "3000", "--seed", "5", "--quiet", "--rules", rules)
	if code, got, errs := sim(t, ctx, "run", "--from-link", "#"+frag); code != 0 || got != want {
		t.Errorf("a compare link with no rulesets: exit %d, %s\n%s\nwant\n%s", code, errs, got, want)
	}
}

// A bad link is bad input: exit status 2 and a message that says why.
func TestRunFromBadLink(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ link, want string }{
		{"http://127.0.0.1:8080/", "#v1."},
		{"#v1.AAAA", "damaged"},
	} {
		code, _, errs := sim(t, context.Background(), "run", "--from-link", c.link)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("--from-link %q: exit %d, %q; want 2 and %q", c.link, code, errs, c.want)
		}
	}
	if code, _, errs := sim(t, context.Background(), "run", "--from-link"); code != 2 || !strings.Contains(errs, "give the page's link") {
		t.Errorf("--from-link with no link: exit %d, %q", code, errs)
	}
}
