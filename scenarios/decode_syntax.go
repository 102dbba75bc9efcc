package scenarios

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The messages for problems with the file as a whole: empty, not YAML, or a
// value a type's own UnmarshalYAML rejected with one of yaml's errors.

// emptyFile is the error for a file with no content but comments.
func (d *decoder) emptyFile() *Error {
	return &Error{File: d.file,
		Msg: `the file is empty; a scenario needs at least "units" and "fight" (see docs/scenarios.md)`}
}

var yamlLine = regexp.MustCompile(`^line (\d+): `)

// syntaxError turns a parser error such as "yaml: line 4: did not find
// expected key" into an Error on the line of the problem (line 0 when yaml
// gives none). data is the whole file.
func (d *decoder) syntaxError(data []byte, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
		line = problemLine(data, err, line)
	}
	if msg == "found unexpected end of stream" {
		// yaml.v3's scanner says this only of a quoted value left open.
		msg += " inside a quoted value; add its closing quote"
	}
	return &Error{File: d.file, Line: line, Msg: "YAML syntax error: " + msg}
}

// maxSearchBytes bounds the files problemLine searches: larger ones keep
// yaml's line. A search parses about log2(lines) prefixes of the file.
const maxSearchBytes = 64 << 10

// problemLine returns the line on which the parser met the problem err
// reports for data. yaml.v3 gives the line where the enclosing block starts
// when it knows one (for a mis-indented key on line 7 of a list starting on
// line 4, "line 4: did not find expected '-' indicator"), which is not where
// the file needs fixing. The parser reads line by line, so the shortest
// prefix of the file, from line on, that fails with the very same error
// ends on the line that made it fail; prefixes that long or longer fail
// alike, so a binary search finds it. Lines past the end of the file, which
// yaml gives for a quote left open, are left as they are.
func problemLine(data []byte, err error, line int) int {
	if len(data) > maxSearchBytes {
		return line
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	lo, hi := line, len(lines) // the whole file, hi lines, fails with err
	for lo < hi {
		mid := lo + (hi-lo)/2
		if e := parseError(bytes.Join(lines[:mid], nil)); e != nil && e.Error() == err.Error() {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// parseError returns the syntax error of data's first two documents, which
// Decode reads, or nil.
func parseError(data []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for range 2 {
		var n yaml.Node
		if err := dec.Decode(&n); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
	return nil
}

// yamlMessage is the text of an error from a type's own UnmarshalYAML, with
// the "yaml: " prefixes and "line N: " noise of yaml's errors stripped (an
// UnmarshalYAML may call Node.Decode).
func yamlMessage(err error) string {
	var parts []string
	if te := (*yaml.TypeError)(nil); errors.As(err, &te) {
		parts = te.Errors
	} else {
		parts = strings.Split(err.Error(), "\n")
	}
	var out []string
	for _, p := range parts {
		for p0 := ""; p0 != p; {
			p0 = p
			p = strings.TrimSpace(p)
			p = strings.TrimPrefix(p, "yaml: ")
			p = strings.TrimPrefix(p, "unmarshal errors:")
			p = yamlLine.ReplaceAllString(p, "")
		}
		if p != "" {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return "invalid value"
	}
	return strings.Join(out, "; ")
}
