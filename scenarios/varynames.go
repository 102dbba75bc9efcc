package scenarios

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// NamedPath is path (as SetField takes it) with each item of a list
// written by its key in brackets, for labels: the item's id, else the
// unit it stands for (its unit field), else the item itself where it is a
// single value. "fight.sides[0].units[1].charge_distance" is
// "fight.sides[empire].units[knights].charge_distance", and
// "units.knights.models" is "units[knights].models". An item with no key
// keeps its index; a path that does not fit the data is returned as it
// is.
func NamedPath(data []byte, path string) string {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return path
	}
	segs, err := splitPath(path)
	if err != nil {
		return path
	}
	var b strings.Builder
	n := doc.Content[0]
	for i, seg := range segs {
		if n == nil { // fields the scenario leaves out, which SetField adds
			return b.String() + "." + strings.Join(segs[i:], ".")
		}
		switch n.Kind {
		case yaml.MappingNode:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(seg)
			n = mappingValue(n, seg)
		case yaml.SequenceNode:
			item, err := listItem(n, seg)
			if err != nil {
				return path
			}
			key := itemKey(item)
			if key == "" {
				key = strings.Trim(seg, "[]")
			}
			b.WriteString("[" + key + "]")
			n = item
		default:
			return path
		}
	}
	return b.String()
}

// mappingValue is the value of key in mapping n, or nil.
func mappingValue(n *yaml.Node, key string) *yaml.Node {
	for j := 0; j+1 < len(n.Content); j += 2 {
		if n.Content[j].Value == key {
			return n.Content[j+1]
		}
	}
	return nil
}

// itemKey is what names a list's item: its id, else its unit, else the
// item where it is a single value; "" for none.
func itemKey(item *yaml.Node) string {
	if item.Kind == yaml.ScalarNode {
		return item.Value
	}
	if item.Kind != yaml.MappingNode {
		return ""
	}
	for _, k := range []string{"id", "unit"} {
		if v := mappingValue(item, k); v != nil && v.Kind == yaml.ScalarNode {
			return v.Value
		}
	}
	return ""
}
