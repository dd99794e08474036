package knights

import (
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// TestRandomGamesReachEveryRule makes sure the random games of the property
// test are worth something: between them they play every kind of action,
// every answer and every phase, in both the 3-6 player game and the duel.
func TestRandomGamesReachEveryRule(t *testing.T) {
	seen := map[string]int{}
	for i := range 400 {
		players := 2 + i%5
		r := rules.NewRand(uint64(i), "test/cover")
		g, err := NewGame(Config{Players: players}, r)
		require.NoError(t, err)
		duel := players == 2
		for step := 0; step < stepCap && !g.Outcome().Over(); step++ {
			legal := g.LegalActions()
			a := legal[r.IntN(len(legal))]
			key := a.Type().String()
			if len(a.plays) > 0 && a.typ != ActDiscard && a.typ != ActShow && a.typ != ActPayCards && a.typ != ActTake {
				key += " " + a.plays[0].As.String()
				if a.plays[0].Card == Jester {
					key += " (jester)"
				}
			}
			if a.fort {
				key += " fort"
			}
			if a.burn {
				key += " burn"
			}
			if g.phase == PhaseSteal && a.typ == ActRespond {
				key = "steal " + key
			}
			if duel {
				key = "duel " + key
			}
			seen[key]++
			seen["phase "+g.phase.String()]++
			require.NoError(t, g.Apply(a))
		}
	}
	for _, want := range []string{
		"fortify castle", "fortify archer", "fortify minstrel", "fortify archer (jester)",
		"attack peasant", "attack soldier", "attack knight", "attack king", "attack queen", "attack ninja", "attack dragon",
		"attack archer", "attack archer fort", "attack dragon burn", "attack ladder", "attack catapult", "attack king (jester)",
		"respond peasant", "respond king", "respond traitor", "respond princess", "respond executioner", "respond minstrel",
		"steal respond highwayman", "steal respond highwayman (jester)",
		"special herald", "special merchant", "special monk", "show", "take", "pay gems", "pay cards", "discard", "pass",
		"duel keep", "duel give", "duel redeal", "duel fortify minstrel", "duel respond minstrel", "duel discard",
		"duel special herald", "duel special merchant", "duel special monk", "duel pay gems", "duel pay cards",
		"phase purge", "phase draft", "phase steal", "phase tax", "phase show", "phase take",
	} {
		require.Positive(t, seen[want], "random games never played %q", want)
	}
}
