package blades_test

import (
	"math/rand/v2"
	"testing"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// TestDeterminizeIgnoresThrownCards: seat 1 never sees the cards seats 2
// and 3 were dealt and threw away (ruling E-2), so two games that differ
// only in those cards give seat 1 the same determinization from the same
// seed, dealt hands included.
func TestDeterminizeIgnoresThrownCards(t *testing.T) {
	defer func(was int) { *blades.PlainDeals = was }(*blades.PlainDeals)
	var buf []blades.Play
	for game := range sweep.Count(t, 40, 2000) {
		*blades.PlainDeals = 16 * (game % 2)
		r := rules.NewRand(uint64(game), "blades-thrown")
		g, err := gen.Generate(rulesForPlayouts, gen.Options{Players: 3, Seed: uint64(game), Cards: gen.CardsDealt, PrivateSeed: uint64(game) + 1})
		require.NoError(t, err)
		// The whole deck is dealt: seats 2 and 3 swap an x for a y, and
		// each throws the swapped card away.
		hands := g.Start.Hands
		x, y := -1, -1
		for k := range hands[1] {
			for j := range hands[2] {
				if x < 0 && hands[1][k] > 0 && hands[2][j] > 0 && k != j {
					x, y = k, j
				}
			}
		}
		require.True(t, x >= 0)
		twin := g.Start
		twin.Hands = append([]blades.Hand(nil), hands...)
		twin.Hands[1][x]--
		twin.Hands[1][y]++
		twin.Hands[2][y]--
		twin.Hands[2][x]++
		pa, err := blades.NewPosition(rulesForPlayouts, g.Start)
		require.NoError(t, err)
		pb, err := blades.NewPosition(rulesForPlayouts, twin)
		require.NoError(t, err)
		a, b := blades.NewState(pa), blades.NewState(pb)
		require.NotEqual(t, a.Dealt(1), b.Dealt(1))

		// Everyone keeps the same cards in both games.
		both := [3]blades.Hand{hands[0], hands[1], hands[2]}
		both[1][x]--
		both[2][y]--
		for seat := range 3 {
			var fit []blades.Play
			for _, p := range a.Actions(rules.Seat(seat), buf[:0]) {
				if both[seat].Contains(p.Cards) {
					fit = append(fit, p)
				}
			}
			keep := fit[r.IntN(len(fit))]
			require.NoError(t, a.Act(rules.Seat(seat), keep))
			require.NoError(t, b.Act(rules.Seat(seat), keep))
		}
		for range r.IntN(8) {
			if a.Over() {
				break
			}
			seat := a.ToAct(nil)[0]
			buf = a.Actions(seat, buf[:0])
			p := buf[r.IntN(len(buf))]
			require.NoError(t, a.Act(seat, p))
			require.NoError(t, b.Act(seat, p))
		}
		require.Equal(t, a.Observation(0), b.Observation(0))
		da := a.Determinize(0, rand.New(rand.NewPCG(uint64(game), 9)))
		db := b.Determinize(0, rand.New(rand.NewPCG(uint64(game), 9)))
		checkDeterminized(t, a, da, 0)
		checkDeterminized(t, b, db, 0)
		require.Equal(t, da.Position().String(), db.Position().String())
		for seat := range rules.Seat(3) {
			require.Equal(t, da.Dealt(seat), db.Dealt(seat), "seat %d's dealt hand", seat+1)
			if seat != 0 {
				require.True(t, da.Dealt(seat).Contains(da.Position().Hand(seat)))
			}
		}
	}
}
