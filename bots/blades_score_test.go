package bots

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// TestBladesScoreMatchesOracle: bladesRemoved lists what Removed lists for
// every legal move, and the Score that uses it gives every play of random games (2 to 5
// players, keeps and moves) the very score the old one, which asked
// Removed, gave, bit for bit.
func TestBladesScoreMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 6))
	positions, bombs, lines := 0, 0, 0
	for game := range 40 {
		s := bladesState(t, 2+game%4, 900+uint64(game))
		for moves := 0; !s.Over() && moves < 200; moves++ {
			seat := s.ToAct(nil)[0]
			d := s.Determinize(seat, r)
			acts := d.Actions(seat, nil)
			want := bladesScoreOracle(d, seat, acts, nil)
			got := Blades{}.Score(d, seat, acts, nil)
			require.Len(t, got, len(want))
			p := d.Position()
			for i, a := range acts {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("game %d: %s scores %v, the oracle %v", game, d.Notation(a), got[i], want[i])
				}
				if a.Keep {
					continue
				}
				if !slices.Equal(bladesRemoved(p, a.Move, nil), p.Removed(a.Move)) {
					t.Fatalf("game %d: %s removes %v, Removed says %v", game, d.Notation(a), bladesRemoved(p, a.Move, nil), p.Removed(a.Move))
				}
				switch a.Move.Action {
				case blades.PlayBomb:
					bombs++
				case blades.Attack, blades.PlayDoubleKick, blades.PlayTripleKick:
					lines++
				}
			}
			positions++
			require.NoError(t, s.Act(seat, acts[r.IntN(len(acts))]))
		}
	}
	t.Logf("%d positions, %d bombs, %d attacks and kicks", positions, bombs, lines)
	require.Greater(t, bombs, 1000)
	require.Greater(t, lines, 1000)
}

// BenchmarkBladesScore rates every move of a full hand's first turn, as
// the search does at each new node below a keep: the old Score (oracle)
// against the new.
func BenchmarkBladesScore(b *testing.B) {
	s := bladesState(b, 2, 71)
	for seat := range 2 {
		acts := s.Actions(blades.Seat(seat), nil)
		require.NoError(b, s.Act(blades.Seat(seat), acts[len(acts)-1]))
	}
	seat := s.ToAct(nil)[0]
	acts := s.Actions(seat, nil)
	out := make([]float64, 0, len(acts))
	b.Run("oracle", func(b *testing.B) {
		for b.Loop() {
			out = bladesScoreOracle(s, seat, acts, out[:0])
		}
	})
	b.Run("new", func(b *testing.B) {
		for b.Loop() {
			out = Blades{}.Score(s, seat, acts, out[:0])
		}
	})
}

// TestBladesValueCountsExposedNinjas: with three players Value takes
// bladesThreat off a seat's count for each of its ninjas beside one of its
// hunter's (Hunters, the seat before), and with two, four or five players it
// is the plain lead over the best rival; in random games, every seat.
func TestBladesValueCountsExposedNinjas(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 8))
	exposed := 0
	for game := range 16 {
		players := 2 + game%4
		s := bladesState(t, players, 700+uint64(game))
		for moves := 0; !s.Over() && moves < 200; moves++ {
			seat := s.ToAct(nil)[0]
			p := s.Position()
			at := make([]float64, players)
			for i, x := range p.Outcome().Scores {
				at[i] = float64(x)
				if players != 3 {
					continue
				}
				own, hunter := p.Colour(blades.Seat(i)), p.Hunters(blades.Seat(i))[0]
				for _, c := range p.Board().Cells() {
					if col, ok := p.At(c); !ok || col != own {
						continue
					}
					for d := blades.North; d <= blades.West; d++ {
						if n := p.Board().Neighbour(c, d); n != blades.NoCell {
							if col, ok := p.At(n); ok && col == hunter {
								at[i] -= bladesThreat
								exposed++
								break
							}
						}
					}
				}
			}
			got := Blades{}.Value(s, nil)
			for i := range players {
				rival := math.Inf(-1)
				for j := range players {
					if j != i {
						rival = max(rival, at[j])
					}
				}
				require.InDelta(t, math.Tanh((at[i]-rival)/bladesValueGap), got[i], 1e-12, "game %d seat %d", game, i)
			}
			acts := s.Actions(seat, nil)
			require.NoError(t, s.Act(seat, acts[r.IntN(len(acts))]))
		}
	}
	require.Positive(t, exposed)
}
