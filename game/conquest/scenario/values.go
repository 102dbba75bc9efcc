package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/scenarios"

	"go.yaml.in/yaml/v3"
)

// Amount is a number of Heal Points: a whole number, or dice such
// as D3, D6, 2D6 or D6+1.
type Amount struct {
	N     int // added to the dice
	Dice  int // how many dice
	Sides int // 3 or 6
}

// UnmarshalYAML reads 6, "D6", "2D6" or "D6+1".
func (a *Amount) UnmarshalYAML(n *yaml.Node) error {
	n = scenarios.Resolve(n)
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("expected a number or dice such as D6 or 2D6, got a %s", scenarios.KindName(n))
	}
	v := strings.ToUpper(strings.ReplaceAll(n.Value, " ", ""))
	if x, err := strconv.Atoi(v); err == nil {
		*a = Amount{N: x}
		return nil
	}
	dice, rest, ok := strings.Cut(v, "D")
	if !ok {
		return fmt.Errorf("expected a number or dice such as D6 or 2D6, got %q", n.Value)
	}
	out := Amount{Dice: 1}
	if dice != "" {
		k, err := strconv.Atoi(dice)
		if err != nil || k < 1 {
			return fmt.Errorf("%q: write the number of dice before the D, as 2D6", n.Value)
		}
		out.Dice = k
	}
	sides, plus, hasPlus := strings.Cut(rest, "+")
	s, err := strconv.Atoi(sides)
	if err != nil || s != 3 && s != 6 {
		return fmt.Errorf("%q is not a die the rules use; write D3 or D6, as D6 or 2D6", n.Value)
	}
	out.Sides = s
	if hasPlus {
		x, err := strconv.Atoi(plus)
		if err != nil || x < 0 {
			return fmt.Errorf("%q: write what is added as a whole number, as D6+1", n.Value)
		}
		out.N = x
	}
	*a = out
	return nil
}

// MarshalYAML writes the amount as 6 or "2D6".
func (a Amount) MarshalYAML() (any, error) {
	if a.Dice == 0 {
		return a.N, nil
	}
	return a.String(), nil
}

func (a Amount) String() string {
	s := ""
	switch {
	case a.Dice == 0:
		return strconv.Itoa(a.N)
	case a.Dice == 1:
		s = fmt.Sprintf("D%d", a.Sides)
	default:
		s = fmt.Sprintf("%dD%d", a.Dice, a.Sides)
	}
	if a.N > 0 {
		s += fmt.Sprintf("+%d", a.N)
	}
	return s
}

// max is the largest value of the amount.
func (a Amount) max() int { return a.N + a.Dice*a.Sides }
