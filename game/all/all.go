// Package all registers every game with package scenarios: import it for
// its side effect, as cmd/sim does.
//
//	import _ "github.com/wargamesim/sim/game/all"
//
// Adding a game is one folder under game/ and one line here. The default
// game, of a scenario that names none and of sim with no arguments, is
// named here too.
package all

import (
	_ "github.com/wargamesim/sim/game/conquest/scenario"  // Conquest: The Last Argument of Kings
	_ "github.com/wargamesim/sim/game/warhammer/scenario" // Warhammer Fantasy Battles
	_ "github.com/wargamesim/sim/game/wotr/scenario"      // War of the Ring
	"github.com/wargamesim/sim/scenarios"
)

func init() { scenarios.SetDefaultGame("warhammer") }
