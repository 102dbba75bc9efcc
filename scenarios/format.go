package scenarios

import (
	"fmt"
	"slices"
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
}

// Load decodes, validates and builds the scenario in data, read from
// file. Problems with the file come back as an [ErrorList]; a valid file
// that does not build is a bug, reported with the file's name.
func (f Format[S]) Load(file string, data []byte) (*Plan, error) {
	var s S
	pos, errs := Decode(file, data, &s)
	if f.Library != nil {
		if libErrs := f.Library(file, &s, pos); len(libErrs) > 0 {
			errs = append(errs, libErrs...)
			slices.SortStableFunc(errs, InFileOrder)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if errs := f.Validate(file, &s, pos); len(errs) > 0 {
		return nil, errs
	}
	if name := f.Name(&s); *name == "" {
		*name = DefaultName(file)
	}
	p, err := f.Build(file, &s)
	if err != nil {
		return nil, ErrorList{{File: file, Msg: fmt.Sprintf("internal error, please report it: %v", err)}}
	}
	if f.Warn != nil {
		for _, w := range f.Warn(file, &s, pos) {
			p.Warnings = append(p.Warnings, w.Error())
		}
	}
	return p, nil
}
