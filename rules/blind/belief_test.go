package blind

import (
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// TestBeliefKeepsObservation plays random games of two to four players and
// at random points draws from a seat's belief: the seat sees the same, and
// the state is one the rules allow, as for Determinize.
func TestBeliefKeepsObservation(t *testing.T) {
	r := rules.NewRand(13, "blind-belief")
	var buf []Play
	for game := range sweep.Count(t, 16, 600) {
		s := newState(t, 2+game%3, 30)
		for !s.Over() {
			if r.IntN(20) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				draw := s.Belief(seat, r)
				for range 3 {
					checkDeterminized(t, s, draw(r), seat)
				}
			}
			buf = randomAct(t, s, r, buf)
		}
	}
}

// TestBeliefNearerTheTruth: in games of random players (who give every
// order alike, as the belief assumes), the belief's draws put the hidden
// ninjas nearer where they stand than the uniform draw does, once the game
// has gone on; with two players the belief is the uniform draw.
func TestBeliefNearerTheTruth(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 15))
	var buf []Play
	var belief, uniform, n float64
	for range 12 {
		s := newState(t, 3, 0)
		for s.g.turn < 45 && !s.Over() {
			buf = randomAct(t, s, r, buf)
		}
		if s.Over() {
			continue
		}
		seat := rules.Seat(r.IntN(3))
		draw := s.Belief(seat, r)
		for range 40 {
			b, u := draw(r), s.Determinize(seat, r)
			for j := range s.g.players {
				if rules.Seat(j) == seat {
					continue
				}
				for k, x := range s.g.players[j].Ninjas {
					if x.Alive {
						belief += float64(distanceOf(x.At, b.g.players[j].Ninjas[k].At))
						uniform += float64(distanceOf(x.At, u.g.players[j].Ninjas[k].At))
						n++
					}
				}
			}
		}
	}
	require.Positive(t, n)
	belief, uniform = belief/n, uniform/n
	t.Logf("mean distance from the truth: belief %.2f, uniform %.2f (%.0f ninjas drawn)", belief, uniform, n)
	require.Less(t, belief, 0.85*uniform)

	s := newState(t, 2, 0)
	for range 20 {
		buf = randomAct(t, s, r, buf)
	}
	a := s.Belief(0, rand.New(rand.NewPCG(1, 2)))(rand.New(rand.NewPCG(3, 4)))
	b := s.Determinize(0, rand.New(rand.NewPCG(3, 4)))
	require.Equal(t, b.g.Position(), a.g.Position())
}

func distanceOf(a, b Square) int {
	return abs(a.Col-b.Col) + abs(a.Row-b.Row)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// BenchmarkBelief works out a seat's belief late in a three-player game of
// random players (turn 150) and draws one sample, as a search's first draw.
func BenchmarkBelief(b *testing.B) {
	r := rand.New(rand.NewPCG(16, 17))
	var buf []Play
	s := newState(b, 3, 0)
	for s.g.turn < 150 && !s.Over() {
		buf = randomAct(b, s, r, buf)
	}
	require.False(b, s.Over())
	for b.Loop() {
		s.Belief(0, r)(r)
	}
}
