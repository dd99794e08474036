package scorpion

import (
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func newState(t testing.TB, guards int, seed uint64) *State {
	g, err := New(dflt, guards, seed)
	require.NoError(t, err)
	return NewState(g)
}

// randomAct plays one uniformly random listed play of a random seat to
// act, and returns the seat.
func randomAct(t testing.TB, s *State, r *rand.Rand, buf []Play) []Play {
	to := s.ToAct(nil)
	require.NotEmpty(t, to)
	seat := to[r.IntN(len(to))]
	buf = s.Actions(seat, buf[:0])
	require.NotEmpty(t, buf, "seat %s has nothing to do: %s", seat, s.Observation(seat))
	p := buf[r.IntN(len(buf))]
	require.NoError(t, s.Act(seat, p), string(p))
	return buf
}

// truthKept checks the record is sound: every intruder on the board is at
// a pair the record allows (the moves of this turn in the intruders'
// phase, last turn's noise otherwise).
func truthKept(t *testing.T, s *State) {
	t.Helper()
	g := s.g
	if g.phase == PhaseSetup || g.phase == PhaseOver {
		return
	}
	for i := range g.in {
		in := &g.in[i]
		if !in.onBoard() {
			continue
		}
		m := in.Noise
		if g.phase == PhaseIntruders {
			m = in.Moves
		}
		l := s.logs[len(s.roles)-2]
		require.True(t, s.k.at[i][m].has(s.b.index[in.Zone]), "the record lost the %s at %s, %d zone(s) moved (%s, turn %d)\n%v",
			Role(i)+RoleNinja, in.Zone, m, g.phase, g.turn, l[max(0, len(l)-12):])
	}
}

// checkDeterminized: seat sees the same and may do the same, and every
// count of the game is kept: figures, sleeping guards, hidden things,
// each guard player's cards of each kind, each intruder's cards, ropes.
func checkDeterminized(t *testing.T, s, d *State, seat rules.Seat) {
	t.Helper()
	require.Equal(t, s.Observation(seat), d.Observation(seat))
	require.Equal(t, s.Actions(seat, nil), d.Actions(seat, nil))
	a, b := s.g, d.g
	require.Equal(t, len(a.figs), len(b.figs))
	require.Equal(t, total(a.sleeping), total(b.sleeping))
	for z, n := range b.sleeping {
		require.LessOrEqual(t, n, dflt.Setup.SleepingPerBarracks, z)
	}
	count := func(h map[string]string) map[string]int {
		m := map[string]int{}
		for _, v := range h {
			m[v]++
		}
		return m
	}
	require.Equal(t, count(a.hidden), count(b.hidden))
	for z := range b.hidden {
		require.True(t, b.hideable(z), z)
	}
	for _, p := range a.guardRoles() {
		x, y := a.hands[p], b.hands[p]
		require.Equal(t, total(x.Hand), total(y.Hand))
		require.Equal(t, total(x.Drawn), total(y.Drawn))
		both := func(h *hand) map[string]int {
			m := minus(h.Hand, nil)
			for c, n := range h.Deck {
				m[c] += n
			}
			return minus(m, nil)
		}
		require.Equal(t, both(x), both(y))
		require.Equal(t, x.Discard, y.Discard)
		_, ok := fits(y.Drawn, y.Hand)
		require.True(t, ok, "drawn cards are in the hand")
	}
	for i := range a.in {
		x, y := &a.in[i], &b.in[i]
		require.Equal(t, total(x.Hand), total(y.Hand))
		if y.Hand != nil {
			_, ok := fits(y.Hand, pool(a.intruderCards(Role(i)+RoleNinja)))
			require.True(t, ok)
		}
		require.Equal(t, x.onBoard(), y.onBoard())
		if y.onBoard() {
			_, ok := dflt.Zone(y.Zone)
			require.True(t, ok || y.Zone == passageID, y.Zone)
		}
	}
	if a.in[0].Mission != "" && !a.in[0].Dead && !a.in[1].Dead {
		require.NotEqual(t, b.in[0].Mission, b.in[1].Mission)
	}
	require.Equal(t, len(a.ropes), len(b.ropes))
	if a.passage[0] != "" {
		require.NotEqual(t, b.passage[0], b.passage[1])
	}
}

// TestDeterminizeKeepsObservation plays random games with one and with
// two guard players and, at random points, determinizes for a random
// seat: the seat sees the same and may do the same, every count is kept,
// and the determinized game plays on to its end. After every step the
// record still holds where the intruders truly are.
func TestDeterminizeKeepsObservation(t *testing.T) {
	r := rules.NewRand(19, "scorpion-determinize")
	var buf []Play
	lost := recordLost.Load()
	seats := map[Role]int{}
	for game := range sweep.Count(t, 30, 500) {
		s := newState(t, 1+game%2, uint64(game))
		played := false
		for !s.Over() {
			truthKept(t, s)
			if r.IntN(10) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				role, _ := s.Role(seat)
				seats[role]++
				d := s.Determinize(seat, r)
				checkDeterminized(t, s, d, seat)
				if !played {
					played = true
					_, _, err := rules.RandomPlayout(d, r, nil, 1<<20)
					require.NoError(t, err)
					require.True(t, d.Over(), "the determinized game ends")
				}
			}
			buf = randomAct(t, s, r, buf)
		}
		require.Len(t, s.Returns(nil), s.Players())
	}
	require.Equal(t, lost, recordLost.Load(), "the record never lost an intruder")
	require.Len(t, seats, 5, "every role was determinized for: %v", seats)
}
