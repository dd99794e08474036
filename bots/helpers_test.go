package bots

import (
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/data"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/ninjakit/ninjakit/rules/blind"
	"github.com/ninjakit/ninjakit/rules/knights"
	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// bladesState deals a Flying Blades game with hidden hands, before anyone
// has chosen what to keep.
func bladesState(tb testing.TB, players int, seed uint64) *blades.State {
	r := blades.DefaultRules()
	s, err := gen.Generate(r, gen.Options{Players: players, Seed: seed, Cards: gen.CardsDealt, PrivateSeed: seed + 1})
	require.NoError(tb, err)
	p, err := blades.NewPosition(r, s.Start)
	require.NoError(tb, err)
	return blades.NewState(p)
}

// blindState starts a What Blind Ninjas game with a turn limit, so that
// games between weak bots end.
func blindState(tb testing.TB, players int) *blind.State {
	g, err := blind.NewGame(blind.Options{Players: players, Turns: 30})
	require.NoError(tb, err)
	return blind.NewState(g)
}

func bladesBots(levels []Level, seed uint64, iterations int) []*Bot[*blades.State, blades.Play] {
	var out []*Bot[*blades.State, blades.Play]
	for i, l := range levels {
		out = append(out, New(Blades{}, Options{Level: l, Seed: seed + uint64(i), Iterations: iterations}))
	}
	return out
}

func blindBots(levels []Level, seed uint64, iterations int) []*Bot[*blind.State, blind.Play] {
	var out []*Bot[*blind.State, blind.Play]
	for i, l := range levels {
		out = append(out, New(Blind{}, Options{Level: l, Seed: seed + uint64(i), Iterations: iterations}))
	}
	return out
}

// knightsState deals a digital Of Knights and Ninjas game.
func knightsState(tb testing.TB, players int, seed uint64) *knights.State {
	g, err := knights.NewGame(knights.Config{Players: players, Mode: knights.Digital}, rand.New(rand.NewPCG(seed, 0)))
	require.NoError(tb, err)
	s, err := knights.NewState(g)
	require.NoError(tb, err)
	return s
}

var scorpionData = data.DefaultScorpion()

// scorpionH is the Scorpion Clan heuristic on the default map.
var scorpionH = NewScorpion(scorpionData)

// scorpionState starts a Scorpion Clan game with guards guard players,
// before set-up.
func scorpionState(tb testing.TB, guards int, seed uint64) *scorpion.State {
	g, err := scorpion.New(scorpionData, guards, seed)
	require.NoError(tb, err)
	return scorpion.NewState(g)
}
