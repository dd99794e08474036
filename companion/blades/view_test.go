package blades

import (
	"testing"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/stretchr/testify/require"
)

// TestEdgesMatchThePrintedSheet: the companion names the same edge for each
// seat as the setup sheet and the generator's text do.
func TestEdgesMatchThePrintedSheet(t *testing.T) {
	for players := 2; players <= 5; players++ {
		o := Options{Players: players, Seed: 42, Cards: "none"}
		tb, err := Start(o, 99)
		require.NoError(t, err)
		s, err := gen.Generate(tb.rules, gen.Options{Players: players, Seed: 42, Cards: gen.CardsNone})
		require.NoError(t, err)
		v, err := s.View(tb.rules, "", false)
		require.NoError(t, err)
		require.Equal(t, v.Edges()+"\n", tb.Edges(), "%d players", players)
	}
}
