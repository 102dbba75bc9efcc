package scenarios

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Roll is a D6 target written as in the rulebooks: "4+". Zero means not
// given. Which values make sense depends on the field (validate.go).
type Roll int

// UnmarshalYAML reads "4+" (or "none", which leaves the roll unset).
func (r *Roll) UnmarshalYAML(n *yaml.Node) error {
	n = Resolve(n)
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("expected a roll such as 4+, got a %s", KindName(n))
	}
	v := strings.TrimSpace(n.Value)
	if v == "none" {
		*r = 0
		return nil
	}
	num, ok := strings.CutSuffix(v, "+")
	x, err := strconv.Atoi(num)
	if !ok || err != nil {
		if err == nil {
			return fmt.Errorf("write the roll with a plus, as %d+", x)
		}
		return fmt.Errorf("expected a roll such as 4+, got %q", v)
	}
	if x == 0 {
		// 0+ would read as "not given": keep it as an explicit
		// out-of-range value for validation to report. Negative rolls
		// keep their value, which no field accepts either.
		x = invalidRoll
	} else if x < 0 {
		x = max(x, invalidRoll+1)
	}
	*r = Roll(x)
	return nil
}

// invalidRoll stands for a roll of 0+, which no field accepts.
const invalidRoll = math.MinInt

func (r Roll) String() string {
	if r == invalidRoll {
		return "0+"
	}
	return fmt.Sprintf("%d+", int(r))
}

// MarshalYAML writes the roll as "4+".
func (r Roll) MarshalYAML() (any, error) {
	if r == 0 {
		return "none", nil
	}
	return r.String(), nil
}

// Rolls is one roll or a list of them.
type Rolls []Roll

// UnmarshalYAML reads "5+" or [5+, 6+]. A "none" in a list is kept, as 0,
// for validation to report.
func (rs *Rolls) UnmarshalYAML(n *yaml.Node) error {
	n = Resolve(n)
	if n.Kind == yaml.SequenceNode {
		var out []Roll
		for _, c := range n.Content {
			var r Roll
			if err := r.UnmarshalYAML(c); err != nil {
				return err
			}
			out = append(out, r)
		}
		*rs = out
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("expected a roll such as 5+, or a list of them such as [5+, 6+], got a %s", KindName(n))
	}
	var r Roll
	if err := r.UnmarshalYAML(n); err != nil {
		return err
	}
	*rs = nil
	if r != 0 {
		*rs = Rolls{r}
	}
	return nil
}

// Amount is a number of wounds: a whole number, D3 or D6.
type Amount struct {
	N   int // fixed value (Die 0)
	Die int // 3 or 6
}

// UnmarshalYAML reads 2, "D3" or "D6".
func (a *Amount) UnmarshalYAML(n *yaml.Node) error {
	n = Resolve(n)
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("expected a number, D3 or D6, got a %s", KindName(n))
	}
	v := strings.ToUpper(strings.TrimSpace(n.Value))
	if d, ok := strings.CutPrefix(v, "D"); ok {
		die, err := strconv.Atoi(d)
		if err != nil || die != 3 && die != 6 {
			return fmt.Errorf("%q is not a die this rule uses; write D3, D6 or a whole number", n.Value)
		}
		*a = Amount{Die: die}
		return nil
	}
	x, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("expected a number, D3 or D6, got %q", n.Value)
	}
	*a = Amount{N: x}
	return nil
}

// MarshalYAML writes the amount as 2 or "D3".
func (a Amount) MarshalYAML() (any, error) {
	if a.Die != 0 {
		return a.String(), nil
	}
	return a.N, nil
}

func (a Amount) String() string {
	if a.Die != 0 {
		return fmt.Sprintf("D%d", a.Die)
	}
	return strconv.Itoa(a.N)
}

// Reroll is which results of a roll are re-rolled: "failed", one face, or a
// list of faces.
type Reroll struct {
	Failed bool
	Faces  []int
}

// UnmarshalYAML reads failed, 1 or [1, 2].
func (r *Reroll) UnmarshalYAML(n *yaml.Node) error {
	n = Resolve(n)
	face := func(c *yaml.Node) (int, error) {
		c = Resolve(c)
		if c.Kind != yaml.ScalarNode {
			return 0, fmt.Errorf("expected failed, a face 1 to 6 or a list of faces, got a %s in the list", KindName(c))
		}
		x, err := strconv.Atoi(c.Value)
		if err != nil || x < 1 || x > 6 {
			return 0, fmt.Errorf("expected failed, a face 1 to 6 or a list of faces, got %q", c.Value)
		}
		return x, nil
	}
	*r = Reroll{}
	switch {
	case n.Kind == yaml.ScalarNode && n.Value == "failed":
		r.Failed = true
	case n.Kind == yaml.ScalarNode:
		x, err := face(n)
		if err != nil {
			return err
		}
		r.Faces = []int{x}
	case n.Kind == yaml.SequenceNode:
		for _, c := range n.Content {
			x, err := face(c)
			if err != nil {
				return err
			}
			r.Faces = append(r.Faces, x)
		}
	default:
		return fmt.Errorf("expected failed, a face 1 to 6 or a list of faces, got a %s", KindName(n))
	}
	return nil
}

// MarshalYAML writes the re-roll as failed or a list of faces.
func (r Reroll) MarshalYAML() (any, error) {
	if r.Failed {
		return "failed", nil
	}
	return r.Faces, nil
}

// IsZero reports whether nothing is re-rolled.
func (r Reroll) IsZero() bool { return !r.Failed && len(r.Faces) == 0 }

// Resolve returns the node an alias stands for, or n itself. The decoder
// has checked every alias has an anchor and none loops before a type's
// UnmarshalYAML sees it.
func Resolve(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

func KindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "value"
}

// Paths is one file path or a list of them: a scenario's library files.
type Paths []string

// UnmarshalYAML reads "units.yaml" or [a.yaml, b.yaml].
func (ps *Paths) UnmarshalYAML(n *yaml.Node) error {
	n = Resolve(n)
	switch n.Kind {
	case yaml.ScalarNode:
		*ps = Paths{n.Value}
		return nil
	case yaml.SequenceNode:
		var out Paths
		for _, c := range n.Content {
			if c = Resolve(c); c.Kind != yaml.ScalarNode {
				return fmt.Errorf("expected a file path, got a %s", KindName(c))
			}
			out = append(out, c.Value)
		}
		*ps = out
		return nil
	}
	return fmt.Errorf("expected a library file's path, or a list of them, got a %s", KindName(n))
}

// Resolve makes each library path relative to the folder of the scenario
// file that names it; an absolute path stays as it is.
func (ps Paths) Resolve(scenarioFile string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		if filepath.IsAbs(p) || strings.HasPrefix(scenarioFile, "builtin:") {
			out[i] = p
			continue
		}
		out[i] = filepath.Join(filepath.Dir(scenarioFile), p)
	}
	return out
}
