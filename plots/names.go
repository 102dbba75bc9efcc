package plots

import (
	"fmt"
	"slices"
	"strings"
)

// quantities says in words, with their unit, what the metrics of
// docs/output.md ("Metrics and events") and of a fight count. A metric is
// named "<unit id>.<quantity>", or just "<quantity>" for one about the
// whole fight.
var quantities = map[string]string{
	"unsaved":                  "unsaved wounds",
	"wounds":                   "wounds",
	"casualties":               "models lost",
	"wounds_carried":           "wounds carried by the damaged model",
	"regenerated":              "wounds regenerated",
	"combat_result":            "combat result (points)",
	"combat_result_difference": "combat result difference (points)",
	"rounds":                   "rounds fought",
}

// metricLabel is the axis title of a metric: its quantity in words and,
// for a unit's metric, the metric's name to tie the chart to the report:
// "models lost (ogres.casualties)". An unknown quantity is its name with
// spaces for underscores.
func metricLabel(name string) string {
	unit, q, ok := strings.Cut(name, ".")
	if !ok {
		q, unit = name, ""
	}
	words, known := quantities[q]
	if !known {
		words = strings.ReplaceAll(q, "_", " ")
	}
	if unit == "" {
		return words
	}
	return words + " (" + name + ")"
}

// outcomes words the events of docs/output.md and of a fight: "%s" is the
// unit id, a plural noun in the built-in scenarios ("knights win").
var outcomes = map[string]string{
	"wins":              "%s win",
	"breaks":            "%s break",
	"destroyed":         "%s destroyed",
	"caught":            "%s caught",
	"lost_regeneration": "%s lose Regeneration",
}

// eventLabel is the label of an event's bar: "ogres.destroyed" gives
// "ogres destroyed"; an event it does not know keeps its name.
func eventLabel(name string) string {
	unit, ev, ok := strings.Cut(name, ".")
	if f, known := outcomes[ev]; ok && known {
		return fmt.Sprintf(f, unit)
	}
	return name
}

// notFound is the error for a name missing from a report: it names what
// was asked for and lists, sorted, what there is.
func notFound[V any](kind, name string, have map[string]V) error {
	names := make([]string, 0, len(have))
	for k := range have {
		names = append(names, k)
	}
	slices.Sort(names)
	if len(names) == 0 {
		return fmt.Errorf("plots: no %s %q: the report has no %ss", kind, name, kind)
	}
	return fmt.Errorf("plots: no %s %q in the report; it has %s", kind, name, strings.Join(names, ", "))
}
