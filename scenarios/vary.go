package scenarios

import (
	"bytes"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Vary is one parameter of a sweep: a field of a scenario and the values it
// takes.
type Vary struct {
	Path   string // as written: units.knights.models, rules.rank_bonus_width, fight.max_rounds
	Values []int
	Roll   bool // the values are rolls: written "4+"
}

// MaxVaryValues is the most values one --vary gives.
const MaxVaryValues = 100

// ParseVary reads PATH=FROM..TO[:STEP], such as units.trolls.regeneration=2+..6+
// or units.knights.models=3..10:1. At most MaxVaryValues values; FROM and
// TO may be any int, and the count is taken without overflow.
func ParseVary(spec string) (Vary, error) {
	v, lo, hi, step, err := ParseRange(spec)
	if err != nil {
		return Vary{}, err
	}
	// hi-lo as an int overflows for a range wider than half of int's, so
	// count in uint64, where it fits (lo ≤ hi), and write the count, which
	// may be 2^64, with big.
	steps := (uint64(hi) - uint64(lo)) / uint64(step)
	if steps >= MaxVaryValues {
		n := new(big.Int).Add(new(big.Int).SetUint64(steps), big.NewInt(1))
		return Vary{}, fmt.Errorf("--vary %q: too many values (%s); at most %d (use a STEP, or a narrower range)", spec, n, MaxVaryValues)
	}
	// lo + i·step lies in lo..hi, so it fits an int; Go's int arithmetic
	// wraps, so computing it so is exact even where i·step alone does not fit.
	for i := range int(steps) + 1 {
		v.Values = append(v.Values, lo+i*step)
	}
	return v, nil
}

// ParseRange reads PATH=FROM..TO[:STEP] as ParseVary does, but lists no
// values: it returns the field (Values empty), both ends and the step, for
// a search that picks its own values in the range (sim balance), however
// wide.
func ParseRange(spec string) (v Vary, lo, hi, step int, err error) {
	path, rng, ok := strings.Cut(spec, "=")
	if !ok || path == "" {
		return Vary{}, 0, 0, 0, fmt.Errorf("--vary %q: write PATH=FROM..TO[:STEP], e.g. units.knights.models=3..10", spec)
	}
	rng, stepText, hasStep := strings.Cut(rng, ":")
	from, to, ok := strings.Cut(rng, "..")
	if !ok {
		return Vary{}, 0, 0, 0, fmt.Errorf("--vary %q: the range must be FROM..TO, e.g. 3..10 or 2+..6+", spec)
	}
	roll := strings.HasSuffix(from, "+") || strings.HasSuffix(to, "+")
	lo, err1 := strconv.Atoi(strings.TrimSuffix(from, "+"))
	hi, err2 := strconv.Atoi(strings.TrimSuffix(to, "+"))
	step = 1
	var err3 error
	if hasStep {
		step, err3 = strconv.Atoi(stepText)
	}
	switch {
	case err1 != nil || err2 != nil:
		return Vary{}, 0, 0, 0, fmt.Errorf("--vary %q: FROM and TO must be whole numbers (or rolls such as 4+)", spec)
	case err3 != nil || step < 1:
		return Vary{}, 0, 0, 0, fmt.Errorf("--vary %q: STEP must be a whole number of 1 or more", spec)
	case lo > hi:
		return Vary{}, 0, 0, 0, fmt.Errorf("--vary %q: FROM is above TO; write the smaller first", spec)
	}
	return Vary{Path: path, Roll: roll}, lo, hi, step, nil
}

// Text writes value as the field takes it: "4+" for a roll.
func (v Vary) Text(value int) string {
	if v.Roll {
		return strconv.Itoa(value) + "+"
	}
	return strconv.Itoa(value)
}

// SetField returns the scenario data with the field at path set to value.
// A path is field names joined by dots; in a list of units, a unit is named
// by its id (units.knights.models) or its index (units[0].models). A field
// the scenario leaves out is added, with any mappings on the way to it.
func SetField(data []byte, path, value string) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, fmt.Errorf("the scenario does not decode as one YAML document: run sim validate on it")
	}
	segs, err := splitPath(path)
	if err != nil {
		return nil, err
	}
	n := doc.Content[0]
	for i, seg := range segs {
		last := i == len(segs)-1
		switch n.Kind {
		case yaml.MappingNode:
			var next *yaml.Node
			for j := 0; j+1 < len(n.Content); j += 2 {
				if n.Content[j].Value == seg {
					next = n.Content[j+1]
				}
			}
			if next == nil {
				next = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
				if last {
					next = &yaml.Node{Kind: yaml.ScalarNode}
				}
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: seg}, next)
			}
			n = next
		case yaml.SequenceNode:
			item, err := listItem(n, seg)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			n = item
		default:
			return nil, fmt.Errorf("%s: %q is a single value, not a mapping or list; check the path", path, strings.Join(segs[:i], "."))
		}
	}
	if n.Kind != yaml.ScalarNode && !(n.Kind == yaml.MappingNode && len(n.Content) == 0) {
		return nil, fmt.Errorf("%s: this field holds a mapping or list; sweep a single value inside it", path)
	}
	if isRollField(data, segs[len(segs)-1]) && !strings.HasSuffix(value, "+") {
		value += "+" // regeneration=2..6 means 2+..6+
	}
	*n = yaml.Node{Kind: yaml.ScalarNode, Value: value}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// isRollField reports whether the scenario's game writes the field name
// as a roll ([Game.RollFields]): a sweep then writes "4+" for it even when
// its range was written without the plus.
func isRollField(data []byte, name string) bool {
	g, err := GameOf(data)
	return err == nil && slices.Contains(g.RollFields(), name)
}

// splitPath splits units[0].models or units.knights.models into segments.
func splitPath(path string) ([]string, error) {
	var segs []string
	for _, part := range strings.Split(path, ".") {
		name, idx, hasIdx := strings.Cut(part, "[")
		if name != "" {
			segs = append(segs, name)
		}
		if hasIdx {
			idx, ok := strings.CutSuffix(idx, "]")
			if !ok {
				return nil, fmt.Errorf("%s: a [ without its ]", path)
			}
			segs = append(segs, "["+idx+"]")
		}
		if name == "" && !hasIdx {
			return nil, fmt.Errorf("%s: an empty field name", path)
		}
	}
	return segs, nil
}

// listItem finds the item of a list named by seg: "[2]" by index, or an id.
func listItem(list *yaml.Node, seg string) (*yaml.Node, error) {
	if idx, ok := strings.CutPrefix(seg, "["); ok {
		idx = strings.TrimSuffix(idx, "]")
		if i, err := strconv.Atoi(idx); err == nil {
			if i < 0 || i >= len(list.Content) {
				return nil, fmt.Errorf("index %d is outside the list of %d", i, len(list.Content))
			}
			return list.Content[i], nil
		}
		seg = idx
	}
	var ids []string
	for _, item := range list.Content {
		if item.Kind != yaml.MappingNode {
			continue
		}
		for j := 0; j+1 < len(item.Content); j += 2 {
			if item.Content[j].Value == "id" {
				ids = append(ids, item.Content[j+1].Value)
				if item.Content[j+1].Value == seg {
					return item, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("no unit has the id %q; the ids are %s", seg, strings.Join(ids, ", "))
}
