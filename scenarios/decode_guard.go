package scenarios

import "go.yaml.in/yaml/v3"

// maxDecodeNodes bounds the YAML nodes one Decode call visits, counting a
// node again each time an alias expands it. It stops "billion laughs" files,
// where a few lines of anchors and aliases expand to billions of values; a real
// scenario has a few hundred nodes.
const maxDecodeNodes = 100000

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

// spendTree counts every node below n, following aliases, as a type's own
// UnmarshalYAML may visit them; it reports false if the budget runs out or an
// alias loops.
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
