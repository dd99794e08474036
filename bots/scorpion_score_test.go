package bots

import (
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// BenchmarkScorpionScore rates every play of the seat to act at the
// positions of random games (every fifth action after set-up, 60 in all),
// as easy decisions and the search's playouts do: the tour's legs read
// cached rows while the board stays the same.
func BenchmarkScorpionScore(b *testing.B) {
	type position struct {
		s     *scorpion.State
		plays []scorpion.Play
	}
	var at []position
	for seed := uint64(1); len(at) < 60; seed++ {
		s := scorpionState(b, 1, seed)
		r := rand.New(rand.NewPCG(seed, 1))
		for step := 0; !s.Over() && len(at) < 60; step++ {
			p := s.ToAct(nil)[0]
			plays := s.Actions(p, nil)
			if s.Phase() != scorpion.PhaseSetup && step%5 == 0 {
				at = append(at, position{s.Clone(), plays})
			}
			require.NoError(b, s.Act(p, plays[r.IntN(len(plays))]))
		}
	}
	var out []float64
	b.ResetTimer()
	for b.Loop() {
		for _, q := range at {
			out = scorpionH.Score(q.s, q.s.ToAct(nil)[0], q.plays, out[:0])
		}
	}
}
