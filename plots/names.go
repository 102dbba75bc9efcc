package plots

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wargamesim/sim/report"
)

// namesOf gathers the units' names of several reports (a comparison's
// columns), for labels: the first report to name a unit wins.
func namesOf(rs []*report.Report) map[string]string {
	names := map[string]string{}
	for _, r := range rs {
		for id, n := range r.Names {
			if _, ok := names[id]; !ok {
				names[id] = n
			}
		}
	}
	return names
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
