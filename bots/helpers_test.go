package bots

import (
	"testing"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/ninjakit/ninjakit/rules/blind"
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
