package plots

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/report"
)

// provenance is the subtitle of a chart of one report: "ogres-vs-arrows ·
// ruleset 6th · 1,000,000 trials · seed 42". Rule options set on top of
// the ruleset follow it ("ruleset 6th with regeneration=save"). An
// interrupted run says "partial: 12,288 of 1,000,000 trials", in a warning
// colour; an exact solution (no trials) says "exact solution" and has no
// seed.
func provenance(r *report.Report) []piece {
	ps := segments(r.Scenario, ruleset(r))
	switch {
	case r.Trials == 0:
		ps = append(ps, segments("exact solution")...)
	case !r.Complete:
		ps = append(ps, piece{text: "partial: " + thousands(r.Trials) + " of " + plural(r.Requested, "trial"), color: warnColor, sep: " · "})
	default:
		ps = append(ps, segments(plural(r.Trials, "trial"))...)
	}
	if r.Trials > 0 {
		ps = append(ps, segments("seed "+strconv.FormatUint(r.Seed, 10))...)
	}
	return ps
}

// ruleset is "ruleset 6th", with the rule options set on top of it, in
// order of name.
func ruleset(r *report.Report) string {
	if r.Ruleset == "" {
		return ""
	}
	return report.RulesetText(r.Ruleset, r.Rules)
}

// provenanceOf is the subtitle of a chart of several reports: what they
// share is said once ("ruleset 6th", "100,000 trials each"), what differs
// is listed ("rulesets 6th, 8th"), and partial runs are named by their
// label, in a warning colour.
func provenanceOf(rs []*report.Report, labels []string) []piece {
	distinct := func(f func(*report.Report) string) []string {
		var vs []string
		for _, r := range rs {
			if v := f(r); v != "" && !slices.Contains(vs, v) {
				vs = append(vs, v)
			}
		}
		return vs
	}
	var texts []string
	switch vs := distinct(func(r *report.Report) string { return r.Scenario }); len(vs) {
	case 0:
	case 1:
		texts = append(texts, vs[0])
	default:
		texts = append(texts, "scenarios "+strings.Join(vs, ", "))
	}
	switch vs := distinct(ruleset); len(vs) {
	case 0:
	case 1:
		texts = append(texts, vs[0])
	default:
		for i, v := range vs {
			vs[i] = strings.TrimPrefix(v, "ruleset ")
		}
		sep := ", "
		if slices.ContainsFunc(vs, func(v string) bool { return strings.Contains(v, ",") }) {
			sep = "; " // rule options are listed with commas
		}
		texts = append(texts, "rulesets "+strings.Join(vs, sep))
	}

	var sampled []*report.Report
	for _, r := range rs {
		if r.Trials > 0 {
			sampled = append(sampled, r)
		}
	}
	trials := distinct(func(r *report.Report) string {
		if r.Trials == 0 {
			return ""
		}
		return plural(r.Trials, "trial")
	})
	switch {
	case len(sampled) == 0:
		texts = append(texts, "exact solutions")
	case len(sampled) < len(rs):
		texts = append(texts, "exact solutions and "+strings.Join(trials, ", "))
	case len(trials) == 1 && len(rs) > 1:
		texts = append(texts, trials[0]+" each")
	default:
		texts = append(texts, strings.Join(trials, ", "))
	}
	seeds := distinct(func(r *report.Report) string {
		if r.Trials == 0 {
			return ""
		}
		return strconv.FormatUint(r.Seed, 10)
	})
	switch len(seeds) {
	case 0:
	case 1:
		texts = append(texts, "seed "+seeds[0])
	default:
		texts = append(texts, "seeds "+strings.Join(seeds, ", "))
	}
	ps := segments(texts...)
	for i, r := range rs {
		if r.Trials > 0 && !r.Complete {
			ps = append(ps, piece{
				text:  fmt.Sprintf("partial: %s, %s of %s", labels[i], thousands(r.Trials), plural(r.Requested, "trial")),
				color: warnColor, sep: " · ",
			})
		}
	}
	return ps
}

// titleOf is the chart's title: the option, or else the report's title,
// or else its scenario's name.
func titleOf(r *report.Report, o Options) string {
	switch {
	case o.Title != "":
		return o.Title
	case r.Title != "":
		return r.Title
	}
	return r.Scenario
}

// subtitleOf is the chart's subtitle: the option, or else the report's
// provenance.
func subtitleOf(r *report.Report, o Options) []piece {
	if o.Subtitle != "" {
		return segments(o.Subtitle)
	}
	return provenance(r)
}
