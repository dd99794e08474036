package bots

import (
	"testing"

	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// BenchmarkBladesKeep is a normal bot's first decision of a two-player
// game: what to keep of the full hand dealt, its slowest.
func BenchmarkBladesKeep(b *testing.B) {
	s := bladesState(b, 2, 71)
	bot := New(Blades{}, Options{Level: Normal, Seed: 71, Iterations: 3000})
	for b.Loop() {
		_, err := bot.Choose(ViewOf[*blades.State, blades.Play](s, 0))
		require.NoError(b, err)
	}
}
