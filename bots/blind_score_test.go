package bots

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/rules/blind"
	"github.com/stretchr/testify/require"
)

// wildOrders are up to four orders of any kind to any ninja, such as Act
// refuses (two for one ninja, a dead one, a walk off the grid) or takes in
// an order the listing never gives (slashes first): Score must rate them as
// the oracle does too.
func wildOrders(t *testing.T, s *blind.State, r *rand.Rand) blind.Play {
	seat := s.Game().ToAct()
	w := []string{seat.String(), "orders"}
	for range 1 + r.IntN(blind.Ninjas) {
		o := fmt.Sprintf("%d:%s", 1+r.IntN(blind.Ninjas), []string{"m", "s", "x", "t:n", "t:e", "t:s", "t:w"}[r.IntN(7)])
		w = append(w, o)
	}
	p, err := s.ParseAction(seat, strings.Join(w, " "))
	require.NoError(t, err)
	return p
}

// TestBlindScoreMatchesOracle: the Score that keeps its terms by square
// gives every play of random positions (2 to 4 players, every stage) the
// very score the old one gave, bit for bit.
func TestBlindScoreMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 5))
	positions, plays := 0, 0
	for game := range 12 {
		players := 2 + game%3
		s := blindState(t, players)
		for !s.Over() {
			seats := s.ToAct(nil)
			if len(seats) == 0 {
				break
			}
			seat := seats[0]
			d := s.Determinize(seat, r)
			acts := d.Actions(seat, nil)
			listed := len(acts)
			if !acts[0].Start() {
				for range 8 {
					acts = append(acts, wildOrders(t, d, r))
				}
			}
			want := blindScoreOracle(d, seat, acts, nil)
			got := Blind{}.Score(d, seat, acts, nil)
			require.Len(t, got, len(want))
			for i := range want {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("game %d, %s: %s scores %v, the oracle %v", game, d.Observation(seat), d.Notation(acts[i]), got[i], want[i])
				}
			}
			positions++
			plays += len(acts)
			require.NoError(t, s.Act(seat, acts[r.IntN(listed)]))
		}
	}
	t.Logf("%d positions, %d plays", positions, plays)
	require.Greater(t, positions, 500)
}

// blindMidgame is a two-player position after ten random plays, from the
// seat to act's determinization, with that seat's plays.
func blindMidgame(b *testing.B) (*blind.State, []blind.Play) {
	s := blindState(b, 2)
	r := rand.New(rand.NewPCG(3, 4))
	_, err := s.RandomPlayout(r, 10)
	require.NoError(b, err)
	seat := s.Game().ToAct()
	d := s.Determinize(seat, r)
	return d, d.Actions(seat, nil)
}

// BenchmarkBlindScore rates every play of a turn, as the search does when
// it expands a node: the old Score (oracle) against the new.
func BenchmarkBlindScore(b *testing.B) {
	d, acts := blindMidgame(b)
	seat := d.Game().ToAct()
	out := make([]float64, 0, len(acts))
	b.Run("oracle", func(b *testing.B) {
		for b.Loop() {
			out = blindScoreOracle(d, seat, acts, out[:0])
		}
	})
	b.Run("new", func(b *testing.B) {
		for b.Loop() {
			out = Blind{}.Score(d, seat, acts, out[:0])
		}
	})
}
