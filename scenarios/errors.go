package scenarios

import (
	"fmt"
	"strings"
)

// Error is one problem in a scenario file: where it is, which field, what is
// wrong and how to fix it. Its text has the shape compilers use, so editors can
// jump to it:
//
//	trolls.yaml:12:7: units[1].profile.WS: must be 1 to 10, got 0
type Error struct {
	File   string // the file as the user named it, or "builtin:NAME"
	Line   int    // 1-based; 0 when the problem concerns the whole file
	Column int    // 1-based; 0 when unknown
	Path   string // the field, e.g. "units[1].profile.WS"; "" for the whole file
	Msg    string // what is wrong and how to fix it

	unread bool // the decoder's, about a number it could not read ([Position.Unread])
	ranged bool // a range check's, about such a number
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	b.WriteString(": ")
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ErrorList is every problem found in one file, in file order. Its Error method
// gives the first problem on one line and says how many more there are; use
// the list itself (as sim validate does) to show them all.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more; sim validate lists them all)", l[0].Error(), len(l)-1)
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
