package bots

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/ninjakit/ninjakit/rules/blind"
	"github.com/ninjakit/ninjakit/rules/knights"
	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

func TestParseLevel(t *testing.T) {
	for l := Random; l <= Hard; l++ {
		got, err := ParseLevel(" " + l.String() + " ")
		require.NoError(t, err)
		require.Equal(t, l, got)
	}
	_, err := ParseLevel("expert")
	require.ErrorContains(t, err, "choose random, easy, normal or hard")
	require.Equal(t, 300*time.Millisecond, Normal.Think())
	require.Equal(t, 1500*time.Millisecond, Hard.Think())
	require.Equal(t, 100*time.Millisecond, Normal.ThinkScaled(500*time.Millisecond))
}

func TestWilson(t *testing.T) {
	low, high := Wilson(0, 0)
	require.Equal(t, [2]float64{0, 1}, [2]float64{low, high})
	// Reference values of the 95% Wilson interval.
	low, high = Wilson(20, 40)
	require.InDelta(t, 0.352, low, 0.001)
	require.InDelta(t, 0.648, high, 0.001)
	low, high = Wilson(40, 40)
	require.InDelta(t, 0.912, low, 0.001)
	require.Equal(t, 1.0, high)
}

func TestPercentile(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	require.Equal(t, 50*time.Millisecond, Percentile(ds, 0.5))
	require.Equal(t, 99*time.Millisecond, Percentile(ds, 0.99))
	require.Equal(t, time.Duration(0), Percentile(nil, 0.5))
}

// TestSearchFindsTheWin: from 10 stones the only winning take leaves a
// multiple of four; a search that knows nothing of the game finds it, and
// from 8 (a lost position) it knows it is losing.
func TestSearchFindsTheWin(t *testing.T) {
	for _, l := range []Level{Normal, Hard} {
		b := New(nimNoHint{}, Options{Level: l, Seed: 3, Iterations: 3000})
		d, err := b.Choose(ViewOf(&nim{stones: 10}, 0))
		require.NoError(t, err)
		require.Equal(t, 2, d.Action)
		require.Greater(t, d.WinChance(), 0.8)
		d, err = b.Choose(ViewOf(&nim{stones: 8}, 0))
		require.NoError(t, err)
		require.Less(t, d.WinChance(), 0.5)
	}
}

// TestPlayReportsRefusal: an action the engine refuses stops the game with
// an error naming the seat, the bot and the action, at every level.
func TestPlayReportsRefusal(t *testing.T) {
	for l := Random; l <= Hard; l++ {
		b := New(nimNoHint{}, Options{Level: l, Seed: 1, Iterations: 10})
		_, err := Play(&nim{stones: 5, refuse: true}, []*Bot[*nim, int]{b, b}, 100)
		require.ErrorIs(t, err, rules.ErrIllegal, l.String())
		require.ErrorContains(t, err, "refused")
	}
	_, err := New(nimNoHint{}, Options{Level: Easy}).Choose(ViewOf(&nim{stones: 5, turn: 1}, 0))
	require.ErrorIs(t, err, ErrNoAction)
}

// decide is every level's choice for seat on s, with a small iteration cap
// (smaller in the sample). Under the cap hard runs normal's code with
// another seed (the levels differ only in their think time), so the sample
// leaves hard to the sweep.
func decide[S rules.Engine[S, A], A comparable](t *testing.T, h Heuristic[S, A], s S, seat rules.Seat, seed uint64) []A {
	t.Helper()
	var out []A
	top, iterations := Normal, 6
	if sweep.Full() {
		top, iterations = Hard, 12
	}
	for l := Random; l <= top; l++ {
		d, err := New(h, Options{Level: l, Seed: seed, Iterations: iterations}).Choose(ViewOf(s, seat))
		require.NoError(t, err)
		out = append(out, d.Action)
	}
	return out
}

// checkTwins plays a game with bots of every level and, at sampled steps
// (one in every, all under the sweep), builds a twin of the state for each seat to act (a determinization from
// that seat: everything it cannot see redrawn) and checks that every level
// chooses the same on both, and the same again when asked twice. It
// returns how often the twin differed from the real state in what another
// seat sees, so a test can tell that the twins were real twins, and the
// seats checked.
func checkTwins[S rules.Engine[S, A], A comparable](t *testing.T, h Heuristic[S, A], s S, levels []Level, seed uint64, limit, every int) (steps, differ int, checked map[rules.Seat]bool) {
	t.Helper()
	seats := make([]*Bot[S, A], len(levels))
	for i, l := range levels {
		seats[i] = New(h, Options{Level: l, Seed: seed + uint64(i), Iterations: 12})
	}
	r := rand.New(rand.NewPCG(seed, 99))
	checked = map[rules.Seat]bool{}
	for step := 0; !s.Over() && step < limit; step++ {
		to := s.ToAct(nil)
		if sweep.Every(step, every, int(seed)) {
			for _, seat := range to {
				twin := s.Determinize(seat, r)
				require.Equal(t, s.Observation(seat), twin.Observation(seat))
				for j := range s.Players() {
					if rules.Seat(j) != seat && s.Observation(rules.Seat(j)) != twin.Observation(rules.Seat(j)) {
						differ++
						break
					}
				}
				real := decide(t, h, s, seat, seed+7)
				require.Equal(t, real, decide(t, h, twin, seat, seed+7), "step %d, seat %s", step, seat)
				require.Equal(t, real, decide(t, h, s, seat, seed+7), "step %d, seat %s asked again", step, seat)
				steps++
				checked[seat] = true
			}
		}
		d, err := seats[to[0]].Choose(ViewOf(s, to[0]))
		require.NoError(t, err)
		require.NoError(t, s.Act(to[0], d.Action))
	}
	return steps, differ, checked
}

// TestNoPeeking: a bot's choice depends only on what its seat knows (and
// its seed): on a twin that differs in everything else, every level makes
// the same choice, step by step through whole games.
func TestNoPeeking(t *testing.T) {
	games := sweep.Count(t, 2, 6)
	for g := range games {
		seed := uint64(g + 1)
		steps, differ, _ := checkTwins(t, Blades{}, bladesState(t, 2+g%2, seed), []Level{Normal, Easy, Random}[:2+g%2], seed, 400, 3)
		require.Positive(t, steps)
		require.Positive(t, differ, "blades twins never differed: the test would prove nothing")
		steps, differ, _ = checkTwins(t, Blind{}, blindState(t, 2+g%2), []Level{Easy, Normal, Random}[:2+g%2], seed, 400, 3)
		require.Positive(t, steps)
		require.Positive(t, differ, "blind twins never differed: the test would prove nothing")
		steps, differ, _ = checkTwins(t, Knights{}, knightsState(t, 2+g%3, seed), []Level{Easy, Normal, Random, Easy}[:2+g%3], seed, 400, 3)
		require.Positive(t, steps)
		require.Positive(t, differ, "knights twins never differed: the test would prove nothing")
		// A Scorpion decision rates a couple of hundred plays, each on a
		// copy of the game: the first turns, past set-up, pass through
		// both sides' phases, and the sample checks one step in ten of
		// them, for the guards and the intruders alike.
		steps, differ, checked := checkTwins(t, scorpionH, scorpionState(t, 1+g%2, seed), []Level{Easy, Normal, Random, Easy}[:3+g%2], seed, 60, 10)
		require.Positive(t, steps)
		require.Positive(t, differ, "scorpion twins never differed: the test would prove nothing")
		require.True(t, checked[0], "no guard decision checked")
		require.True(t, checked[1+rules.Seat(g%2)] || checked[2+rules.Seat(g%2)], "no intruder decision checked")
	}
}

// TestReproducible: with an iteration cap, the same seeds replay the same
// game action for action.
func TestReproducible(t *testing.T) {
	record := func(s *blind.State) []string {
		seats := blindBots([]Level{Normal, Easy}, 5, 16)
		var out []string
		for !s.Over() {
			w := s.ToAct(nil)[0]
			d, err := seats[w].Choose(ViewOf(s, w))
			require.NoError(t, err)
			out = append(out, s.Notation(d.Action))
			require.NoError(t, s.Act(w, d.Action))
		}
		return out
	}
	first := record(blindState(t, 2))
	require.Equal(t, first, record(blindState(t, 2)))

	play := func() []blades.Play {
		s := bladesState(t, 3, 9)
		seats := bladesBots([]Level{Hard, Normal, Easy}, 5, 16)
		var out []blades.Play
		for !s.Over() {
			w := s.ToAct(nil)[0]
			d, err := seats[w].Choose(ViewOf(s, w))
			require.NoError(t, err)
			out = append(out, d.Action)
			require.NoError(t, s.Act(w, d.Action))
		}
		return out
	}
	require.Equal(t, play(), play())

	knightsGame := func() []knights.Move {
		s := knightsState(t, 4, 3)
		var seats []*Bot[*knights.State, knights.Move]
		for i, l := range []Level{Hard, Normal, Easy, Random} {
			seats = append(seats, New(Knights{}, Options{Level: l, Seed: 5 + uint64(i), Iterations: 16}))
		}
		var out []knights.Move
		for !s.Over() {
			w := s.ToAct(nil)[0]
			d, err := seats[w].Choose(ViewOf(s, w))
			require.NoError(t, err)
			out = append(out, d.Action)
			require.NoError(t, s.Act(w, d.Action))
		}
		return out
	}
	require.Equal(t, knightsGame(), knightsGame())

	// Past set-up, 40 steps hold a guard turn and the intruders' moves.
	steps := sweep.Count(t, 40, 80)
	scorpionGame := func() []scorpion.Play {
		s := scorpionState(t, 1, 4)
		var seats []*Bot[*scorpion.State, scorpion.Play]
		for i, l := range []Level{Normal, Easy, Hard} {
			seats = append(seats, New(scorpionH, Options{Level: l, Seed: 5 + uint64(i), Iterations: 8}))
		}
		var out []scorpion.Play
		for step := 0; !s.Over() && step < steps; step++ {
			w := s.ToAct(nil)[0]
			d, err := seats[w].Choose(ViewOf(s, w))
			require.NoError(t, err)
			out = append(out, d.Action)
			require.NoError(t, s.Act(w, d.Action))
		}
		return out
	}
	require.Equal(t, scorpionGame(), scorpionGame())
}

// wins plays games between two levels, each level in each seat half the
// time, and counts a's sole wins.
func wins(t *testing.T, game string, a, b Level, games, iterations int) int {
	t.Helper()
	won := 0
	for g := range games {
		levels, at := []Level{a, b}, 0
		if g%2 == 1 {
			levels, at = []Level{b, a}, 1
		}
		var res Game
		var err error
		switch game {
		case "blades":
			res, err = Play(bladesState(t, 2, uint64(g)), bladesBots(levels, uint64(g), iterations), 5000)
		case "blind":
			res, err = Play(blindState(t, 2), blindBots(levels, uint64(g), iterations), 5000)
		}
		require.NoError(t, err)
		require.True(t, res.Finished)
		if res.Returns[at] == 1 {
			won++
		}
	}
	return won
}

// TestStrength: easy beats random clearly, and a search with a small cap
// beats random; under NINJAKIT_SWEEP=1, longer matches check that the
// search beats easy too.
func TestStrength(t *testing.T) {
	n := 40
	require.GreaterOrEqual(t, wins(t, "blind", Easy, Random, n, 0), 34, "easy against random in %d Blind games", n)
	require.GreaterOrEqual(t, wins(t, "blades", Easy, Random, n, 0), 34, "easy against random in %d Blades games", n)
	n = 10
	require.GreaterOrEqual(t, wins(t, "blades", Normal, Random, n, 30), 9, "normal against random in %d Blades games", n)
	if !sweep.Full() {
		sweep.Sampled(t, "search against easy")
		return
	}
	n = 60
	require.GreaterOrEqual(t, wins(t, "blades", Normal, Easy, n, 400), n/2+5, "normal against easy in %d Blades games", n)
}

// TestSearchStyles: searched plainly, the tree holds both seats' choices
// and every sample is drawn from the bot's seat; with Others the tree
// holds only the bot's; with OwnViews the opponent's moves are rated on
// samples drawn from the opponent's seat, in games of at most
// OwnViewsSeats seats where that is set.
func TestSearchStyles(t *testing.T) {
	for _, c := range []struct {
		h        Heuristic[*nim, int]
		opponent bool // the tree holds seat 1's choices
		drawn1   bool // samples drawn for seat 1
		rumours  bool // seat 1 rates on rumours of seat 0, drawn once
	}{
		{nimNoHint{}, true, false, false},
		{nimStyled{style: Style{Others: true}}, false, false, false},
		{nimStyled{style: Style{Others: true, OwnViews: true}}, false, true, false},
		// OwnViewsSeats keeps the redraws to games of at most that many
		// seats (nim has two); with more, the others rate on rumours.
		{nimStyled{style: Style{Others: true, OwnViews: true, OwnViewsSeats: 2}}, false, true, false},
		{nimStyled{style: Style{Others: true, OwnViews: true, OwnViewsSeats: 1}}, false, false, true},
	} {
		s := &nim{stones: 10, drawn: map[rules.Seat]int{}, told: map[rules.Seat]int{}}
		v := ViewOf(s, 0)
		acts := v.Actions(nil)
		root, n, err := grow(v, c.h, acts, rand.New(rand.NewPCG(1, 2)), Options{Iterations: 200})
		require.NoError(t, err)
		require.Equal(t, 200, n)
		actors := map[rules.Seat]int{}
		var walk func(*node[int])
		walk = func(x *node[int]) {
			for _, ch := range x.children {
				actors[ch.actor]++
				walk(ch)
			}
		}
		walk(root)
		require.Positive(t, actors[0])
		require.Equal(t, c.opponent, actors[1] > 0, "%T %+v: %v", c.h, c.h, actors)
		require.Positive(t, s.drawn[0])
		require.Equal(t, c.drawn1, s.drawn[1] > 0, "%T %+v: %v", c.h, c.h, s.drawn)
		if c.rumours {
			require.Equal(t, map[rules.Seat]int{0: rumourPool, -1: s.told[-1]}, s.told)
			require.Positive(t, s.told[-1], "no policy move rated on a rumour")
		} else {
			require.Empty(t, s.told)
		}
	}
}
