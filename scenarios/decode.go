package scenarios

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"
)

// The strict decoder is in five files: this one walks the YAML node tree and
// the Go value together and records Positions; decode_scalar.go converts
// single values and words their errors; decode_syntax.go words errors about
// the file as a whole; decode_guard.go keeps aliases from expanding without
// end; decode_fields.go reads struct fields and suggests names for unknown
// ones.

// Shorthand is an optional interface for a struct that may also be written
// as one scalar, which fills the field ShorthandField names (by its yaml
// name): a Warhammer side written "trolls" is {unit: trolls}. It lets a
// format grow a list of ids into a list of mappings without breaking the
// files already written, as io/fs grows a file system by optional
// interfaces. The scalar's Position is recorded both at the entry's path
// and at path.<field>, so that an error about the value may be reported at
// either; the mapping form is decoded as strictly as any struct.
type Shorthand interface{ ShorthandField() string }

// shorthandType is Shorthand, for the decoder's reflection.
var shorthandType = reflect.TypeFor[Shorthand]()

// Positions maps a field path ("units[1].profile.WS") to where its value starts
// in the file. The document root is the empty path "".
type Positions map[string]Position

// Position is a 1-based line and column in a scenario file.
type Position struct {
	Line, Column int
	// Unread is the value as written when the decoder could not read it
	// into its number field (99999999999999999999999, 1e300, .nan), so that
	// a range check can say the field's own range ([Checker.Unread]).
	Unread string
}

// at returns an Error located at path's value (falling back to the nearest
// enclosing path that has a Position, then to line 0), with the given message.
// The Error's Path is path itself, even when its Position comes from a parent.
func (p Positions) At(file, path, format string, args ...any) *Error {
	e := &Error{File: file, Path: path, Msg: fmt.Sprintf(format, args...)}
	for q := path; ; q = ParentPath(q) {
		if pos, ok := p[q]; ok {
			e.Line, e.Column = pos.Line, pos.Column
			break
		}
		if q == "" {
			break
		}
	}
	return e
}

// ParentPath drops the last ".name" or "[i]" from path: "units[1].profile"
// gives "units[1]", which gives "units", which gives "".
func ParentPath(path string) string {
	if i := strings.LastIndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return ""
}

// JoinPath appends the field or map key name to path. A name that is not a
// plain word (letters, digits, - and _) is quoted as Go quotes strings, so
// that a path stays on one line whatever the keys hold: rules."a b".
func JoinPath(path, name string) string {
	if !plainWord(name) {
		name = strconv.Quote(name)
	}
	if path == "" {
		return name
	}
	return path + "." + name
}

// plainWord reports whether s is a non-empty run of letters, digits, - and _.
func plainWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return false
		}
	}
	return s != ""
}

// Decode decodes data, which must hold exactly one YAML document, into v
// (a non-nil pointer to a struct) strictly: every mapping key must name a field
// of the target struct (by its `yaml:"name"` tag, or its lower-cased Go name
// when untagged; fields tagged `yaml:"-"` or unexported are not decodable), no
// key may appear twice, and every scalar must fit its field's type. It
// collects every problem it can (not just the first) as an ErrorList in file
// order, each naming file, line, column and the field path. On success it also
// returns the Position of every value it decoded; on failure the Positions
// cover what it got through.
//
// It decodes the types spec.go uses: structs, pointers, slices, maps with
// string keys, bools, strings, integers, floats, and types whose pointer
// implements yaml.Unmarshaler (Roll, Rolls, Amount, Reroll), which decode
// themselves, and structs that implement [Shorthand], which may be one
// scalar instead of a mapping. Null values (`key:` with nothing, or `~`) set the field to its
// zero value. Slices and maps are replaced, not appended to. Anchors and
// aliases are followed; merge keys ("<<") are rejected.
//
// Decode panics if v is not a non-nil pointer to a struct or if the
// struct holds a type it cannot decode (an array, an interface, a map without
// string keys, a channel, an inline field...): those are bugs in the caller,
// not in the file.
func Decode(file string, data []byte, v any) (Positions, ErrorList) {
	return Parse(file, data).decode(target(v))
}

// target is v, which Decode decodes into, as a reflect.Value; it panics as
// Decode says when v cannot be decoded into.
func target(v any) reflect.Value {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("scenarios: Decode needs a non-nil pointer to a struct, got %T", v))
	}
	checkType(rv.Elem().Type())
	return rv
}

// decode is [Decode] of the parsed document into rv, from target.
func (doc *Document) decode(rv reflect.Value) (Positions, ErrorList) {
	d := &decoder{file: doc.File, pos: Positions{}, active: map[*yaml.Node]bool{}}
	if doc.err != nil {
		if doc.err == io.EOF {
			d.errs = append(d.errs, d.emptyFile())
		} else {
			d.errs = append(d.errs, d.syntaxError(doc.Data, doc.err))
		}
		return d.pos, d.errs
	}
	var second *Error
	switch err := doc.extraErr; {
	case err == io.EOF:
	case err != nil:
		second = d.syntaxError(doc.Data, err)
	default:
		second = &Error{File: doc.File, Line: doc.extra.Line, Column: doc.extra.Column,
			Msg: "the file holds more than one YAML document; keep one per file"}
	}

	switch root := docRoot(&doc.root); {
	case root == nil || root.Kind == yaml.ScalarNode && root.ShortTag() == nullTag:
		d.errs = append(d.errs, d.emptyFile())
	case root.Kind != yaml.MappingNode:
		d.pos[""] = Position{Line: root.Line, Column: root.Column}
		d.errorAt(root, "", "the top level must be a mapping (key: value lines), got %s", describe(root))
	default:
		d.walk(root, rv.Elem(), "")
	}
	if second != nil {
		d.errs = append(d.errs, second)
	}
	slices.SortStableFunc(d.errs, func(a, b *Error) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
	if len(d.errs) == 0 {
		return d.pos, nil
	}
	return d.pos, d.errs
}

// docRoot returns the one value a parsed document holds, or nil.
func docRoot(doc *yaml.Node) *yaml.Node {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil
	}
	return doc.Content[0]
}

// decoder walks a YAML node tree and a Go value together.
type decoder struct {
	file    string
	pos     Positions
	errs    ErrorList
	visited int                 // nodes visited so far, aliases expanded
	stopped bool                // visited passed maxDecodeNodes; stop walking
	active  map[*yaml.Node]bool // alias nodes being expanded, to catch cycles
}

// errorAt reports a problem located at node n, such as a key.
func (d *decoder) errorAt(n *yaml.Node, path, format string, args ...any) {
	d.errs = append(d.errs, &Error{File: d.file, Line: n.Line, Column: n.Column, Path: path,
		Msg: fmt.Sprintf(format, args...)})
}

// fail reports a problem with the whole value at path, located where walk
// recorded it: at the alias, for a value given by alias, since that is where
// the value is used.
func (d *decoder) fail(path, format string, args ...any) {
	p := d.pos[path]
	d.errs = append(d.errs, &Error{File: d.file, Line: p.Line, Column: p.Column, Path: path,
		Msg: fmt.Sprintf(format, args...)})
}

// walk records where n starts and decodes it into v, the value at path.
func (d *decoder) walk(n *yaml.Node, v reflect.Value, path string) {
	d.pos[path] = Position{Line: n.Line, Column: n.Column}
	d.value(n, v, path)
}

// value decodes n into the settable v.
func (d *decoder) value(n *yaml.Node, v reflect.Value, path string) {
	if !d.spend(n, path) {
		return
	}
	if n.Kind == yaml.AliasNode {
		if d.enter(n, path) {
			d.value(n.Alias, v, path)
			delete(d.active, n)
		}
		return
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == nullTag {
		v.SetZero()
		return
	}
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	if implements(v.Type(), unmarshalerType) {
		d.selfDecode(n, v, path)
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		if implements(v.Type(), shorthandType) && n.Kind != yaml.MappingNode {
			d.shorthand(n, v, path)
			return
		}
		d.structure(n, v, path)
	case reflect.Map:
		d.mapping(n, v, path)
	case reflect.Slice:
		d.sequence(n, v, path)
	default:
		from := len(d.errs)
		d.scalar(n, v, path)
		if k := v.Kind(); k >= reflect.Int && k <= reflect.Float64 {
			d.unreadable(n, path, from)
		}
	}
}

// selfDecode hands n to v's own UnmarshalYAML and reports its error at path.
// The whole tree below n is counted first, aliases expanded, since the
// method may follow every alias in it. When n is a list ("ward: [5+, 4+]"),
// the Position of each item is recorded too, so that validation can point
// at one.
func (d *decoder) selfDecode(n *yaml.Node, v reflect.Value, path string) {
	if !d.spendTree(n, path) {
		return
	}
	if n.Kind == yaml.SequenceNode {
		for i, c := range n.Content {
			d.pos[path+"["+strconv.Itoa(i)+"]"] = Position{Line: c.Line, Column: c.Column}
		}
	}
	if err := v.Addr().Interface().(yaml.Unmarshaler).UnmarshalYAML(n); err != nil {
		d.fail(path, "%s", yamlMessage(err))
		d.unreadable(n, path, len(d.errs)-1)
	}
}

// key resolves the mapping key k and reports its text, or false after
// reporting why it cannot be a field name or map key.
func (d *decoder) key(k *yaml.Node, path string) (string, bool) {
	if !d.spend(k, path) {
		return "", false
	}
	r := k
	if k.Kind == yaml.AliasNode {
		if k.Alias == nil {
			d.errorAt(k, path, "alias *%s has no matching anchor &%s", k.Value, k.Value)
			return "", false
		}
		r = k.Alias
	}
	switch {
	case r.Kind != yaml.ScalarNode:
		d.errorAt(k, path, "a key must be a single value, got %s", describe(r))
		return "", false
	case r.ShortTag() == mergeTag:
		d.errorAt(k, path, `merge keys ("<<") are not supported; write the fields out`)
		return "", false
	}
	return r.Value, true
}

// structure decodes the mapping n into the struct v, one field per key.
func (d *decoder) structure(n *yaml.Node, v reflect.Value, path string) {
	info := fieldsOf(v.Type())
	d.entries(n, path, "field", func(name, fpath string, k, val *yaml.Node) {
		f, ok := info.byName[name]
		if !ok {
			d.errorAt(k, fpath, "%s", unknownField(name, info.names))
			return
		}
		d.walk(val, v.Field(f), fpath)
	})
}

// shorthand decodes the scalar n into the field of the Shorthand struct v
// that it names, recorded at path.<field> as well as at path. Anything but
// a scalar is reported as neither form.
func (d *decoder) shorthand(n *yaml.Node, v reflect.Value, path string) {
	name := shorthandField(v.Type())
	if n.Kind != yaml.ScalarNode {
		d.fail(path, "expected a single value (its %s) or a mapping (key: value lines), got %s", name, describe(n))
		return
	}
	fpath := JoinPath(path, name)
	d.pos[fpath] = d.pos[path]
	d.value(n, v.Field(fieldsOf(v.Type()).byName[name]), fpath)
}

// shorthandField is the yaml name of the field that the Shorthand struct
// type t is written as; it panics if t has no such field, a bug in t.
func shorthandField(t reflect.Type) string {
	name := reflect.New(t).Interface().(Shorthand).ShorthandField()
	if _, ok := fieldsOf(t).byName[name]; !ok {
		panic(fmt.Sprintf("scenarios: %s.ShorthandField names %q, which is not one of its fields", t, name))
	}
	return name
}

// mapping decodes the mapping n into a fresh map with string keys.
func (d *decoder) mapping(n *yaml.Node, v reflect.Value, path string) {
	t := v.Type()
	m := reflect.MakeMapWithSize(t, len(n.Content)/2)
	if !d.entries(n, path, "key", func(name, kpath string, _, val *yaml.Node) {
		kv := reflect.New(t.Key()).Elem()
		kv.SetString(name)
		ev := reflect.New(t.Elem()).Elem()
		d.walk(val, ev, kpath)
		m.SetMapIndex(kv, ev)
	}) {
		return
	}
	v.Set(m)
}

// entries calls each for every key of the mapping n, in file order, with
// the key's name and path, the key and its value, until decoding stops. A
// key that is not a plain value, or that repeats an earlier one (what
// names it in the error: "field", "key"), is reported and skipped. It
// returns false, having reported it, when n is not a mapping.
func (d *decoder) entries(n *yaml.Node, path, what string, each func(name, kpath string, k, val *yaml.Node)) bool {
	if n.Kind != yaml.MappingNode {
		d.fail(path, "expected a mapping (key: value lines), got %s", describe(n))
		return false
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content) && !d.stopped; i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		name, ok := d.key(k, path)
		if !ok {
			continue
		}
		kpath := JoinPath(path, name)
		if line, dup := seen[name]; dup {
			d.errorAt(k, kpath, "duplicate %s %q (first given on line %d); remove one", what, name, line)
			continue
		}
		seen[name] = k.Line
		each(name, kpath, k, val)
	}
	return true
}

// sequence decodes the list n into a fresh slice.
func (d *decoder) sequence(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.SequenceNode {
		d.fail(path, "expected a list, got %s", describe(n))
		return
	}
	items := len(n.Content)
	v.Set(reflect.MakeSlice(v.Type(), items, items))
	for i := 0; i < items && !d.stopped; i++ {
		d.walk(n.Content[i], v.Index(i), path+"["+strconv.Itoa(i)+"]")
	}
}

// describe names the kind of n for messages: "a mapping", "a list" or "a
// single value".
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		if n.Alias != nil {
			return describe(n.Alias)
		}
	}
	return "a single value"
}
