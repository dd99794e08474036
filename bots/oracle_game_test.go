package bots

import (
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/ninjakit/ninjakit/rules/blind"
	"github.com/stretchr/testify/require"
)

// oldBlind and oldBlades are the heuristics with their old Score: the
// same style, value and exactness.
type oldBlind struct{ Blind }

func (oldBlind) Score(s *blind.State, seat rules.Seat, plays []blind.Play, out []float64) []float64 {
	return blindScoreOracle(s, seat, plays, out)
}

type oldBlades struct{ Blades }

func (oldBlades) Score(s *blades.State, seat rules.Seat, plays []blades.Play, out []float64) []float64 {
	return bladesScoreOracle(s, seat, plays, out)
}

// moves plays s to the end with a bot a level and lists the actions.
func moves[S rules.Engine[S, A], A comparable](t *testing.T, s S, h Heuristic[S, A], levels []Level, seed uint64) []string {
	var seats []*Bot[S, A]
	for i, l := range levels {
		seats = append(seats, New(h, Options{Level: l, Seed: seed + uint64(i), Iterations: 60}))
	}
	var out []string
	var to []rules.Seat
	for len(out) < 400 && !s.Over() {
		to = s.ToAct(to[:0])
		d, err := seats[to[0]].Choose(ViewOf(s, to[0]))
		require.NoError(t, err)
		out = append(out, s.Notation(d.Action))
		require.NoError(t, s.Act(to[0], d.Action))
	}
	return out
}

// TestSameChoicesAsOracle: bots on the faster Scores play the very games
// the old Scores played, search and easy alike.
func TestSameChoicesAsOracle(t *testing.T) {
	levels := []Level{Normal, Easy, Hard}
	for g := range 2 {
		seed := 40 + uint64(g)
		require.Equal(t,
			moves(t, blindState(t, 2+g), oldBlind{}, levels[:2+g], seed),
			moves(t, blindState(t, 2+g), Blind{}, levels[:2+g], seed), "blind game %d", g)
		require.Equal(t,
			moves(t, bladesState(t, 2+g, seed), oldBlades{}, levels[:2+g], seed),
			moves(t, bladesState(t, 2+g, seed), Blades{}, levels[:2+g], seed), "blades game %d", g)
	}
}
