package scenarios

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// maxDecodeNodes bounds the YAML nodes one decodeStrict call visits, counting a
// node again each time an alias expands it. It stops "billion laughs" files,
// where a few lines of anchors and aliases expand to billions of values; a real
// scenario has a few hundred nodes.
const maxDecodeNodes = 100000

// positions maps a field path ("units[1].profile.WS") to where its value starts
// in the file. The document root is the empty path "".
type positions map[string]position

// position is a 1-based line and column in a scenario file.
type position struct{ Line, Column int }

// at returns an Error located at path's value (falling back to the nearest
// enclosing path that has a position, then to line 0), with the given message.
// The Error's Path is path itself, even when its position comes from a parent.
func (p positions) at(file, path, format string, args ...any) *Error {
	e := &Error{File: file, Path: path, Msg: fmt.Sprintf(format, args...)}
	for q := path; ; q = parentPath(q) {
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

// parentPath drops the last ".name" or "[i]" from path: "units[1].profile"
// gives "units[1]", which gives "units", which gives "".
func parentPath(path string) string {
	if i := strings.LastIndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return ""
}

// decodeStrict decodes data, which must hold exactly one YAML document, into v
// (a non-nil pointer to a struct) strictly: every mapping key must name a field
// of the target struct (by its `yaml:"name"` tag; fields tagged `yaml:"-"` or
// unexported are not decodable), no key may appear twice, and every scalar must
// fit its field's type. It collects every problem it can (not just the first)
// as an ErrorList in file order, each naming file, line, column and the field
// path. On success it also returns the position of every value it decoded; on
// failure the positions cover what it got through.
//
// Null values (`key:` with nothing, or `~`) set the field to its zero value.
// Slices and maps are replaced, not appended to. Types whose pointer implements
// yaml.Unmarshaler or encoding.TextUnmarshaler decode themselves, as do yaml.Node
// and interface fields. Anchors and aliases are followed; merge keys ("<<") are
// rejected.
//
// decodeStrict panics if v is not a non-nil pointer to a struct or if the struct
// holds a type it cannot decode (a map without string keys, a channel, a func,
// a complex number, an inline field that is not a struct): those are bugs in the
// caller, not in the file.
func decodeStrict(file string, data []byte, v any) (positions, ErrorList) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("scenarios: decodeStrict needs a non-nil pointer to a struct, got %T", v))
	}
	checkType(rv.Elem().Type())
	d := &decoder{file: file, pos: positions{}, active: map[*yaml.Node]bool{}}

	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			d.errs = append(d.errs, d.emptyFile())
		} else {
			d.errs = append(d.errs, d.syntaxError(err))
		}
		return d.pos, d.errs
	}
	var second *Error
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == io.EOF:
	case err != nil:
		second = d.syntaxError(err)
	default:
		second = &Error{File: file, Line: extra.Line, Column: extra.Column,
			Msg: "the file holds more than one YAML document; keep one per file"}
	}

	switch root := docRoot(&doc); {
	case root == nil || root.Kind == yaml.ScalarNode && root.ShortTag() == nullTag:
		d.errs = append(d.errs, d.emptyFile())
	case root.Kind != yaml.MappingNode:
		d.pos[""] = position{root.Line, root.Column}
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

const (
	nullTag  = "!!null"
	boolTag  = "!!bool"
	intTag   = "!!int"
	floatTag = "!!float"
	strTag   = "!!str"
	mergeTag = "!!merge"
)

var (
	nodeType                = reflect.TypeFor[yaml.Node]()
	durationType            = reflect.TypeFor[time.Duration]()
	unmarshalerType         = reflect.TypeFor[yaml.Unmarshaler]()
	obsoleteUnmarshalerType = reflect.TypeFor[interface {
		UnmarshalYAML(unmarshal func(any) error) error
	}]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// decoder walks a YAML node tree and a Go value together.
type decoder struct {
	file    string
	pos     positions
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

func (d *decoder) emptyFile() *Error {
	return &Error{File: d.file,
		Msg: `the file is empty; a scenario needs at least "units" and "fight" (see docs/scenarios.md)`}
}

var yamlLine = regexp.MustCompile(`^line (\d+): `)

// syntaxError turns a parser error such as "yaml: line 4: did not find
// expected key" into an Error on that line (line 0 when yaml gives none).
func (d *decoder) syntaxError(err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	return &Error{File: d.file, Line: line, Msg: "YAML syntax error: " + msg}
}

// spend counts one visit to n against maxDecodeNodes and reports false, with
// one error for the whole file, once the budget is gone.
func (d *decoder) spend(n *yaml.Node, path string) bool {
	if d.stopped {
		return false
	}
	d.visited++
	if d.visited <= maxDecodeNodes {
		return true
	}
	d.stopped = true
	d.errorAt(n, path, "the file expands to more than %d values, most likely through anchors (&) "+
		"and aliases (*) that repeat each other; write the values out or use fewer aliases", maxDecodeNodes)
	return false
}

// enter starts expanding alias n, reporting false (with an error) if n is
// already being expanded, which would never end. The caller deletes n from
// d.active when done.
func (d *decoder) enter(n *yaml.Node, path string) bool {
	if n.Alias == nil {
		d.errorAt(n, path, "alias *%s has no matching anchor &%s", n.Value, n.Value)
		return false
	}
	if d.active[n] {
		d.errorAt(n, path, "alias *%s is used inside the value of its own anchor &%s, "+
			"which would never end; remove the alias", n.Value, n.Value)
		return false
	}
	d.active[n] = true
	return true
}

// spendTree counts every node below n, following aliases, as yaml's own
// Decode will visit them; it reports false if the budget runs out or an alias
// loops.
func (d *decoder) spendTree(n *yaml.Node, path string) bool {
	if n.Kind == yaml.AliasNode {
		if !d.enter(n, path) {
			return false
		}
		defer delete(d.active, n)
		return d.spend(n.Alias, path) && d.spendTree(n.Alias, path)
	}
	for _, c := range n.Content {
		if !d.spend(c, path) || !d.spendTree(c, path) {
			return false
		}
	}
	return true
}

// walk records where n starts and decodes it into v, the value at path.
func (d *decoder) walk(n *yaml.Node, v reflect.Value, path string) {
	d.pos[path] = position{n.Line, n.Column}
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
	t := v.Type()
	switch {
	case t == nodeType:
		if d.spendTree(n, path) {
			v.Set(reflect.ValueOf(*n))
		}
		return
	case implements(t, unmarshalerType), implements(t, obsoleteUnmarshalerType):
		d.selfDecode(n, v, path)
		return
	case implements(t, textUnmarshalerType):
		if n.Kind != yaml.ScalarNode {
			d.fail(path, "expected a single value, got %s", describe(n))
			return
		}
		d.selfDecode(n, v, path)
		return
	case t == durationType:
		d.duration(n, v, path)
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		d.structure(n, v, path)
	case reflect.Map:
		d.mapping(n, v, path)
	case reflect.Slice, reflect.Array:
		d.sequence(n, v, path)
	case reflect.Interface:
		d.selfDecode(n, v, path)
	default:
		d.scalar(n, v, path)
	}
}

// selfDecode hands n to yaml's own Decode, for types that decode themselves,
// and reports its error at path.
func (d *decoder) selfDecode(n *yaml.Node, v reflect.Value, path string) {
	if !d.spendTree(n, path) {
		return
	}
	if err := n.Decode(v.Addr().Interface()); err != nil {
		d.fail(path, "%s", yamlMessage(err))
	}
}

// yamlMessage strips the "yaml: " prefixes and "line N: " noise from err.
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
	if n.Kind != yaml.MappingNode {
		d.fail(path, "expected a mapping (key: value lines), got %s", describe(n))
		return
	}
	info := fieldsOf(v.Type())
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content) && !d.stopped; i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		name, ok := d.key(k, path)
		if !ok {
			continue
		}
		fpath := joinPath(path, name)
		if line, dup := seen[name]; dup {
			d.errorAt(k, fpath, "duplicate field %q (first given on line %d); remove one", name, line)
			continue
		}
		seen[name] = k.Line
		f, ok := info.byName[name]
		if !ok {
			d.errorAt(k, fpath, "%s", unknownField(name, info.names))
			continue
		}
		d.walk(val, v.FieldByIndex(f), fpath)
	}
}

// unknownField says that name is not a field, suggests the closest field and
// lists them all.
func unknownField(name string, names []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "unknown field %q", name)
	if s := suggest(name, names); s != "" {
		fmt.Fprintf(&b, "; did you mean %q?", s)
	}
	if len(names) == 0 {
		b.WriteString(" (no fields are allowed here)")
	} else {
		fmt.Fprintf(&b, " (fields here: %s)", strings.Join(names, ", "))
	}
	return b.String()
}

// suggest returns the name closest to key by case-insensitive Levenshtein
// distance, or "" when none is close: within 2 edits (and fewer edits than the
// name has letters) or differing only in case. Ties go to the earlier name.
func suggest(key string, names []string) string {
	best, bestDist := "", math.MaxInt
	lk := strings.ToLower(key)
	for _, name := range names {
		dist := levenshtein(lk, strings.ToLower(name))
		near := dist == 0 || dist <= 2 && dist < utf8.RuneCountInString(name)
		if near && dist < bestDist {
			best, bestDist = name, dist
		}
	}
	return best
}

// levenshtein returns the edit distance between a and b in runes.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// mapping decodes the mapping n into a fresh map with string keys.
func (d *decoder) mapping(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.MappingNode {
		d.fail(path, "expected a mapping (key: value lines), got %s", describe(n))
		return
	}
	t := v.Type()
	m := reflect.MakeMapWithSize(t, len(n.Content)/2)
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content) && !d.stopped; i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		name, ok := d.key(k, path)
		if !ok {
			continue
		}
		kpath := joinPath(path, name)
		if line, dup := seen[name]; dup {
			d.errorAt(k, kpath, "duplicate key %q (first given on line %d); remove one", name, line)
			continue
		}
		seen[name] = k.Line
		kv := reflect.New(t.Key()).Elem()
		kv.SetString(name)
		ev := reflect.New(t.Elem()).Elem()
		d.walk(val, ev, kpath)
		m.SetMapIndex(kv, ev)
	}
	v.Set(m)
}

// sequence decodes the list n into a fresh slice, or into an array of the
// same length.
func (d *decoder) sequence(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.SequenceNode {
		d.fail(path, "expected a list, got %s", describe(n))
		return
	}
	items := len(n.Content)
	if v.Kind() == reflect.Array {
		if items != v.Len() {
			d.fail(path, "expected a list of exactly %d items, got %d", v.Len(), items)
			items = min(items, v.Len())
		}
		v.SetZero()
	} else {
		v.Set(reflect.MakeSlice(v.Type(), items, items))
	}
	for i := 0; i < items && !d.stopped; i++ {
		d.walk(n.Content[i], v.Index(i), path+"["+strconv.Itoa(i)+"]")
	}
}

// duration decodes a time.Duration, which yaml writes as text like "90s".
func (d *decoder) duration(n *yaml.Node, v reflect.Value, path string) {
	const want = "a duration such as 90s or 1m30s"
	if n.Kind != yaml.ScalarNode {
		d.fail(path, "expected %s, got %s", want, describe(n))
		return
	}
	if n.Decode(v.Addr().Interface()) != nil {
		d.badScalar(n, path, want, strTag)
	}
}

// scalar decodes the single value n into v, a bool, number or string.
func (d *decoder) scalar(n *yaml.Node, v reflect.Value, path string) {
	want, wantTag := "text", strTag
	switch v.Kind() {
	case reflect.Bool:
		want, wantTag = "true or false", boolTag
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		want, wantTag = "a whole number", intTag
	case reflect.Float32, reflect.Float64:
		want, wantTag = "a number", floatTag
	}
	if n.Kind != yaml.ScalarNode {
		d.fail(path, "expected %s, got %s", want, describe(n))
		return
	}
	tag := n.ShortTag()
	switch {
	case wantTag == boolTag && tag != boolTag:
		// yaml.v3 would take yes/no/on/off here; YAML 1.2 reads them as text.
		d.badScalar(n, path, want, wantTag)
		return
	case wantTag == intTag && tag == floatTag:
		d.wholeFloat(n, v, path)
		return
	case v.Kind() == reflect.Float32:
		var f float64
		if n.Decode(&f) == nil && !math.IsInf(f, 0) && math.Abs(f) > math.MaxFloat32 {
			d.fail(path, "%s is too large; expected a number between -3.4e38 and 3.4e38", n.Value)
			return
		}
	}
	if n.Decode(v.Addr().Interface()) == nil {
		return
	}
	if wantTag == intTag {
		var i int64
		var u uint64
		switch {
		case n.Decode(&i) == nil:
			d.outOfRange(n, v, path, i < 0)
			return
		case n.Decode(&u) == nil:
			d.outOfRange(n, v, path, false)
			return
		}
	}
	d.badScalar(n, path, want, wantTag)
}

// wholeFloat decodes a number written with a point or exponent ("3.0",
// "1e3", "99999999999999999999") into the integer v, if it is whole and fits.
func (d *decoder) wholeFloat(n *yaml.Node, v reflect.Value, path string) {
	var f float64
	if n.Decode(&f) != nil || math.IsInf(f, 0) || math.IsNaN(f) || f != math.Trunc(f) {
		d.badScalar(n, path, "a whole number", intTag)
		return
	}
	const two63, two64 = 1 << 63, 1 << 64
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if f < -two63 || f >= two63 || v.OverflowInt(int64(f)) {
			d.outOfRange(n, v, path, f < 0)
			return
		}
		v.SetInt(int64(f))
	default:
		if f < 0 || f >= two64 || v.OverflowUint(uint64(f)) {
			d.outOfRange(n, v, path, f < 0)
			return
		}
		v.SetUint(uint64(f))
	}
}

// outOfRange reports that the whole number n does not fit the integer v.
func (d *decoder) outOfRange(n *yaml.Node, v reflect.Value, path string, negative bool) {
	bits := v.Type().Bits()
	lo, hi := "0", strconv.FormatUint(math.MaxUint64>>(64-bits), 10)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lo = strconv.FormatInt(math.MinInt64>>(64-bits), 10)
		hi = strconv.FormatInt(math.MaxInt64>>(64-bits), 10)
	}
	size := "large"
	if negative {
		size = "small"
	}
	d.fail(path, "%s is too %s; expected a whole number from %s to %s", n.Value, size, lo, hi)
}

// badScalar reports that n is not the value wanted, saying why when a tag or
// quotes made it so.
func (d *decoder) badScalar(n *yaml.Node, path, want, wantTag string) {
	got := n.Value
	if utf8.RuneCountInString(got) > 40 {
		got = string([]rune(got)[:37]) + "..."
	}
	msg := fmt.Sprintf("expected %s, got %q", want, got)
	bare := yaml.Node{Kind: yaml.ScalarNode, Value: n.Value}
	switch {
	case n.Style&yaml.TaggedStyle != 0:
		msg += " tagged " + n.Tag
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 && wantTag != strTag &&
		(bare.ShortTag() == wantTag || wantTag == floatTag && bare.ShortTag() == intTag):
		msg += "; quotes make it text, so remove them"
	}
	d.fail(path, "%s", msg)
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

// joinPath appends the field or map key name to path.
func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// implements reports whether *t, and so an addressable t, implements iface.
func implements(t, iface reflect.Type) bool {
	return reflect.PointerTo(t).Implements(iface)
}

// structFields is the decodable fields of a struct type, by yaml name.
type structFields struct {
	names  []string         // in struct order, as the user writes them
	byName map[string][]int // name to reflect field index
}

var (
	fieldsCache  sync.Map // reflect.Type to *structFields
	checkedTypes sync.Map // reflect.Type to true
)

// fieldsOf returns the decodable fields of the struct type t, honouring
// `yaml:"name"`, `yaml:"-"`, omitempty and inline as yaml.v3 does.
func fieldsOf(t reflect.Type) *structFields {
	if f, ok := fieldsCache.Load(t); ok {
		return f.(*structFields)
	}
	sf := &structFields{byName: map[string][]int{}}
	addFields(sf, t, nil)
	f, _ := fieldsCache.LoadOrStore(t, sf)
	return f.(*structFields)
}

// addFields adds t's decodable fields to sf, prefixing their indexes with
// prefix (the index of the inline field holding them, if any).
func addFields(sf *structFields, t reflect.Type, prefix []int) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		if tag == "" && !strings.Contains(string(f.Tag), ":") {
			tag = string(f.Tag)
		}
		if tag == "-" {
			continue
		}
		name, flags, _ := strings.Cut(tag, ",")
		index := append(slices.Clone(prefix), i)
		if slices.Contains(strings.Split(flags, ","), "inline") && (f.IsExported() || f.Anonymous) {
			if f.Type.Kind() != reflect.Struct {
				panic(fmt.Sprintf("scenarios: field %s.%s: only structs can be inline", t, f.Name))
			}
			addFields(sf, f.Type, index)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		if _, dup := sf.byName[name]; dup {
			panic(fmt.Sprintf("scenarios: struct %s has two fields named %q", t, name))
		}
		sf.byName[name] = index
		sf.names = append(sf.names, name)
	}
}

// checkType panics if t holds a type decodeStrict cannot decode.
func checkType(t reflect.Type) {
	if _, ok := checkedTypes.Load(t); ok {
		return
	}
	checkTypeIn(t, map[reflect.Type]bool{})
	checkedTypes.Store(t, true)
}

// checkTypeIn is checkType for t, skipping types already in seen, so that
// recursive types end.
func checkTypeIn(t reflect.Type, seen map[reflect.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	if t == nodeType || t == durationType || implements(t, unmarshalerType) ||
		implements(t, obsoleteUnmarshalerType) || implements(t, textUnmarshalerType) {
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		checkTypeIn(t.Elem(), seen)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			panic(fmt.Sprintf("scenarios: cannot decode %s: map keys must be strings", t))
		}
		checkTypeIn(t.Elem(), seen)
	case reflect.Struct:
		sf := fieldsOf(t)
		for _, name := range sf.names {
			checkTypeIn(t.FieldByIndex(sf.byName[name]).Type, seen)
		}
	case reflect.Bool, reflect.String, reflect.Interface,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
	default:
		panic(fmt.Sprintf("scenarios: cannot decode a %s from YAML", t))
	}
}
