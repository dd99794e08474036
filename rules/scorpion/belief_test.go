package scorpion

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// drawnWhereTheRecordAllows checks that every intruder on the board in d
// (a guards' sample of s) stands at a pair of s's record, and out of an
// awake guard's zone whenever the record leaves him such a zone and he is
// neither seen nor the one answering guards: where the uniform draw puts
// him (E-6).
func drawnWhereTheRecordAllows(t *testing.T, s, d *State) {
	t.Helper()
	g := d.g
	calm := s.b.all().without(s.awakeZones())
	for i := range g.in {
		in := &g.in[i]
		if !in.onBoard() || s.g.in[i].Return {
			continue
		}
		m := in.Noise
		if g.phase == PhaseIntruders {
			m = in.Moves
		}
		z := s.b.index[in.Zone]
		require.True(t, s.k.at[i][m].has(z), "%s drawn at %s, %d moved: not in the record", Role(i)+RoleNinja, in.Zone, m)
		asked := len(g.pending) > 0 && g.pending[0].Kind == pEncounter && g.pending[0].Who == Role(i)+RoleNinja
		if !in.Revealed && !asked && len(s.k.pairs(i, calm)) > 0 {
			require.True(t, calm.has(z), "%s drawn at %s, a guard's zone", Role(i)+RoleNinja, in.Zone)
		}
	}
}

// TestDeterminizeLikelyKeepsObservation plays random games and, at random
// points, draws the guards' likely samples: the seat sees the same and
// may do the same, every count is kept, each intruder stands where the
// record allows, and the sample plays on to its end. For an intruder the
// draw is Determinize's, exactly.
func TestDeterminizeLikelyKeepsObservation(t *testing.T) {
	r := rules.NewRand(29, "scorpion-likely")
	var buf []Play
	believed := 0
	for game := range sweep.Count(t, 20, 300) {
		s := newState(t, 1+game%2, uint64(300+game))
		played := false
		for !s.Over() {
			if r.IntN(8) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				role, _ := s.Role(seat)
				seed := r.Uint64()
				d := s.DeterminizeLikely(seat, rand.New(rand.NewPCG(seed, 2)))
				checkDeterminized(t, s, d, seat)
				if role.Side() == Intruders {
					u := s.Determinize(seat, rand.New(rand.NewPCG(seed, 2)))
					require.Equal(t, mustJSON(u.g.View(RoleModerator)), mustJSON(d.g.View(RoleModerator)))
				} else if s.current() != nil {
					believed++
					require.True(t, d.likely)
					drawnWhereTheRecordAllows(t, s, d)
					if !played {
						played = true
						_, _, err := rules.RandomPlayout(d, r, nil, 1<<20)
						require.NoError(t, err)
						require.True(t, d.Over(), "the sample plays to its end")
					}
				}
			}
			buf = randomAct(t, s, r, buf)
		}
	}
	require.Positive(t, believed, "no likely draw was made from a belief: the test would prove nothing")
}

// TestBeliefMadeOnlyByTheTable: the state the table plays makes a belief
// each turn; a sample keeps the one it was drawn from, played on past
// the turn it holds for, and then draws for the guards as Determinize.
func TestBeliefMadeOnlyByTheTable(t *testing.T) {
	s := midGame(t, 1, 11, 60)
	for s.current() == nil && !s.Over() {
		randomAct(t, s, rules.NewRand(3, "belief"), nil)
	}
	require.NotNil(t, s.current())
	seat, _ := s.Seat(RoleGuard)
	d := s.DeterminizeLikely(seat, rand.New(rand.NewPCG(1, 1)))
	bel := d.bel
	require.Same(t, s.bel, bel)
	turn := d.g.turn
	r := rules.NewRand(4, "belief")
	for !d.Over() && d.g.turn < turn+2 {
		randomAct(t, d, r, nil)
		require.Same(t, bel, d.bel, "a sample made a belief of its own")
	}
	require.Nil(t, d.current(), "a belief holds for one turn")
	a := d.DeterminizeLikely(seat, rand.New(rand.NewPCG(2, 2)))
	b := d.Determinize(seat, rand.New(rand.NewPCG(2, 2)))
	require.Equal(t, mustJSON(a.g.View(RoleModerator)), mustJSON(b.g.View(RoleModerator)))
}

// believedStart is a new game past set-up, its guards' first turn played
// out (the belief made from the start rules) and the intruders' phase
// passed standing still: the record now allows every pair three steps
// from a start zone.
func believedStart(t *testing.T) *State {
	s := newState(t, 1, 8)
	for _, seat := range []rules.Seat{0, 1, 2} {
		require.NoError(t, s.Act(seat, "random"))
		require.NoError(t, s.Act(seat, "ready"))
	}
	for s.g.phase != PhaseAlert || s.g.turn != 2 {
		seat := s.ToAct(nil)[0]
		p := s.Actions(seat, nil)[0]
		for _, q := range s.Actions(seat, nil) {
			if q == "done" {
				p = q
			}
		}
		require.NoError(t, s.Act(seat, p))
	}
	require.NotNil(t, s.current())
	return s
}

// TestLikelyDrawFollowsTheBelief: on a constructed position (the first
// turn, intruders unseen), the guards' likely draw puts the ninja at each
// pair the record allows as often as the belief weighs it (chi-square at
// the 0.1% level): at the belief's likeliest pair twice as often as
// the uniform draw at least, and nearer the hiding zones on average.
func TestLikelyDrawFollowsTheBelief(t *testing.T) {
	s := believedStart(t)
	seat, _ := s.Seat(RoleGuard)
	calm := s.b.all().without(s.awakeZones())
	opts := s.k.pairs(0, calm)
	require.Greater(t, len(opts), 20)
	bel := s.current()
	want := map[pair]float64{}
	tot := 0.0
	for _, p := range opts {
		want[p] = bel.weight(s.b, 0, p.m, p.z)
		tot += want[p]
	}
	var top pair
	for p, w := range want {
		if w > want[top] {
			top = p
		}
	}
	goal := s.goalSteps(false)
	r := rand.New(rand.NewPCG(6, 6))
	const n = 20000
	got := map[pair]int{}
	steps := [2]float64{}
	atTop := 0
	for range n {
		d := s.DeterminizeLikely(seat, r)
		in := d.g.in[0]
		p := pair{s.b.index[in.Zone], in.Noise}
		got[p]++
		steps[0] += float64(goal[p.z])
		u := s.Determinize(seat, r).g.in[0]
		steps[1] += float64(goal[s.b.index[u.Zone]])
		if (pair{s.b.index[u.Zone], u.Noise}) == top {
			atTop++
		}
	}
	stat := 0.0
	for p, w := range want {
		e := n * w / tot
		stat += (float64(got[p]) - e) * (float64(got[p]) - e) / e
	}
	for p := range got {
		require.Contains(t, want, p, "drawn at a pair the record does not allow")
	}
	df := float64(len(want) - 1)
	crit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
	require.Less(t, stat, crit, "chi-square %.1f over %d pairs", stat, len(want))
	require.Greater(t, got[top], 2*atTop, "the likeliest pair: %d likely draws, %d uniform", got[top], atTop)
	likely, uniform := steps[0]/n, steps[1]/n
	require.Less(t, likely, uniform, "steps to the nearest hiding zone: likely %.2f, uniform %.2f", likely, uniform)
}

// TestBeliefIsPublic: the belief reads the public record only. At random
// points of the guards' phases of random games, a twin the guards cannot
// tell apart from the table's game (the intruders elsewhere, other
// missions, hands and ropes) predicts exactly the same belief, and its
// likely draw with the same seed is the same sample.
func TestBeliefIsPublic(t *testing.T) {
	r := rules.NewRand(8, "belief-public")
	var buf []Play
	checked := 0
	for game := range sweep.Count(t, 10, 100) {
		s := newState(t, 1+game%2, uint64(500+game))
		seat, _ := s.Seat(s.g.guardRoles()[0])
		for !s.Over() {
			if s.g.phase > PhaseSetup && s.g.phase < PhaseIntruders && r.IntN(4) == 0 {
				twin := s.Determinize(seat, r)
				require.Equal(t, s.predict(), twin.predict())
				seed := r.Uint64()
				a := s.DeterminizeLikely(seat, rand.New(rand.NewPCG(seed, 5)))
				b := twin.DeterminizeLikely(seat, rand.New(rand.NewPCG(seed, 5)))
				require.Equal(t, mustJSON(a.g.View(RoleModerator)), mustJSON(b.g.View(RoleModerator)))
				checked++
			}
			buf = randomAct(t, s, r, buf)
		}
	}
	require.Positive(t, checked)
}
