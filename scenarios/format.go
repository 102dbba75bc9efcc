package scenarios

import (
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/wargamesim/sim/engine/options"
)

// Format is the steps of a game's scenario format, for its scenario type
// S, that [Format.Load] takes in order: decode strictly, start units from
// the library, validate, name, build.
type Format[S any] struct {
	// Library starts the units that say from: from the game's library
	// ([UnitLibrary.Use]); nil when the game has none.
	Library func(file string, s *S, pos Positions) ErrorList
	// Validate checks the decoded scenario and returns every problem in
	// file order.
	Validate func(file string, s *S, pos Positions) ErrorList
	// Name is the scenario's name field, which Load fills from the file's
	// name when the file leaves it out.
	Name func(s *S) *string
	// Build turns a valid scenario into a plan.
	Build func(file string, s *S) (*Plan, error)
	// Warn finds what a valid scenario says that is legal but likely not
	// meant, for Plan.Warnings; nil when the format warns of nothing.
	Warn func(file string, s *S, pos Positions) ErrorList
	// Units is the scenario's list of units (a pointer to the slice) and
	// its path ("units"), where a house-rules file's unit fields apply.
	Units func(s *S) (list string, units any)
	// Rules is the ruleset the scenario is loaded under, as LoadWith was
	// given it: when it is a [HouseRules] with unit fields, they are set
	// on every unit that has them, before validation.
	Rules options.Ruleset
}

// Load decodes, validates and builds the scenario doc holds. Problems
// with the file come back as an [ErrorList]; a valid file that does not
// build is a bug, reported with the file's name.
func (f Format[S]) Load(doc *Document) (*Plan, error) {
	file := doc.File
	var s S
	pos, errs := doc.decode(target(&s))
	if f.Library != nil {
		if libErrs := f.Library(file, &s, pos); len(libErrs) > 0 {
			errs = append(errs, libErrs...)
			slices.SortStableFunc(errs, InFileOrder)
		}
	}
	h := unitRules(f.Rules)
	var set map[string]bool
	if h != nil && len(errs) == 0 && f.Units != nil {
		list, units := f.Units(&s)
		set, errs = applyUnitRules(h, list, reflect.ValueOf(units).Elem(), pos)
	}
	if len(errs) > 0 {
		return nil, reword(errs, func() ErrorList { return f.Validate(file, &s, pos) })
	}
	if errs := f.Validate(file, &s, pos); len(errs) > 0 {
		if h != nil {
			blameUnitRules(h, set, errs)
		}
		return nil, errs
	}
	if name := f.Name(&s); *name == "" {
		*name = DefaultName(file)
	}
	p, err := f.Build(file, &s)
	if err != nil {
		return nil, ErrorList{{File: file, Msg: fmt.Sprintf("internal error, please report it: %v", err)}}
	}
	if h != nil {
		// Reports say what the house rules set; a field no unit has is
		// set nowhere, and a warning says so.
		for _, path := range slices.Sorted(maps.Keys(h.Units)) {
			if !appliedAnywhere(set, path) {
				p.Warnings = append(p.Warnings, fmt.Sprintf("%s: units.%s: no unit of %s has this field, so it changes nothing here", h.File, path, file))
				continue
			}
			if p.Rules == nil {
				p.Rules = map[string]string{}
			}
			p.Rules["units."+path] = h.Units[path]
		}
	}
	if f.Warn != nil {
		for _, w := range f.Warn(file, &s, pos) {
			p.Warnings = append(p.Warnings, w.Error())
		}
	}
	return p, nil
}
