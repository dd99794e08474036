package blind

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// newState starts a game of players seats with a turn limit, so random
// games end.
func newState(t testing.TB, players, limit int) *State {
	g, err := NewGame(Options{Players: players, Turns: limit})
	require.NoError(t, err)
	return NewState(g)
}

// randomAct plays one uniformly random legal play of the first seat to act.
func randomAct(t testing.TB, s *State, r *rand.Rand, buf []Play) []Play {
	seat := s.ToAct(nil)[0]
	buf = s.Actions(seat, buf[:0])
	require.NotEmpty(t, buf, s.g.Position())
	a := buf[r.IntN(len(buf))]
	require.NoError(t, s.Act(seat, a), s.Notation(a))
	return buf
}

// checkDeterminized checks that d is a state seat cannot tell from s that
// the rules could have reached: seat's observation and plays are the same,
// every seat keeps its number of living ninjas on distinct squares of the
// grid, the position reads back, and the other seats' ninjas agree with the
// sounds heard since their last turn.
func checkDeterminized(t *testing.T, s, d *State, seat rules.Seat) {
	t.Helper()
	require.Equal(t, s.Observation(seat), d.Observation(seat))
	require.Equal(t, s.Actions(seat, nil), d.Actions(seat, nil))
	for j := range s.Players() {
		js := rules.Seat(j)
		require.Equal(t, len(s.g.Living(js)), len(d.g.Living(js)), "seat %d's living ninjas", j+1)
		seen := map[Square]bool{}
		for _, k := range d.g.Living(js) {
			at, _, _ := d.g.Ninja(js, k)
			require.True(t, d.g.grid.On(at))
			require.False(t, seen[at], "two of seat %d's ninjas on %s", j+1, at)
			seen[at] = true
		}
		if js == seat {
			continue
		}
		// In the last turn's slashes: a swish from j (not on turn) means no
		// ninja of j stands on the square, and when j was on turn and
		// nothing of j's fell, one of its ninjas faces each square it
		// slashed from next to it.
		var last []Heard
		hurt := false
		for _, h := range s.g.heard {
			if h.Turn == s.g.turn {
				last = append(last, h)
				hurt = hurt || h.Sounds[j] == Grunt
			}
		}
		for _, h := range last {
			switch {
			case h.Seat != js && h.Sounds[j] == Swish:
				require.False(t, seen[h.Square], "seat %d swished at %s yet stands there", j+1, h.Square)
			case h.Seat == js && !hurt:
				faces := false
				for _, k := range d.g.Living(js) {
					at, f, _ := d.g.Ninja(js, k)
					faces = faces || at.Ahead(f) == h.Square
				}
				require.True(t, faces, "no ninja of seat %d faces %s, which it slashed", j+1, h.Square)
			}
		}
	}
	_, err := ParsePosition(d.g.Position())
	require.NoError(t, err, d.g.Position())
}

// TestDeterminizeKeepsObservation plays random games and, at random points,
// determinizes for a random seat: the seat sees the same, the state is one
// the rules allow, and both states play on with the seat's same plays.
func TestDeterminizeKeepsObservation(t *testing.T) {
	r := rules.NewRand(11, "blind-determinize")
	var buf []Play
	for game := range sweep.Count(t, 50, 2000) {
		s := newState(t, 2+game%3, 20)
		for step := 0; !s.Over(); step++ {
			if r.IntN(4) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				d := s.Determinize(seat, r)
				checkDeterminized(t, s, d, seat)
				if to := s.ToAct(nil); len(to) > 0 && to[0] == seat {
					buf = s.Actions(seat, buf[:0])
					a := buf[r.IntN(len(buf))]
					require.NoError(t, d.Act(seat, a))
					c := s.Clone()
					require.NoError(t, c.Act(seat, a))
					// Silent orders tell nothing new; a slash's sounds
					// depend on the hidden grids, and the end shows all.
					if !slashes(a) && !c.Over() {
						require.Equal(t, c.Observation(seat), d.Observation(seat), "after %s", s.Notation(a))
					}
				}
				for !d.Over() {
					buf = randomAct(t, d, r, buf)
				}
			}
			buf = randomAct(t, s, r, buf)
		}
		require.NotEmpty(t, s.Returns(nil))
	}
}

func slashes(a Play) bool {
	o, n := a.Orders()
	for _, o := range o[:n] {
		if o.Kind == Slash {
			return true
		}
	}
	return false
}

// TestRumourKeepsEveryOtherView plays random games and at random points
// draws one seat's ninjas again from what the table heard: every other seat
// sees the same, the state is one the rules allow, and only that seat's
// ninjas may differ; With puts them into a copy of the original.
func TestRumourKeepsEveryOtherView(t *testing.T) {
	r := rules.NewRand(12, "blind-rumour")
	var buf []Play
	moved := 0
	for game := range sweep.Count(t, 40, 1000) {
		s := newState(t, 2+game%3, 20)
		for !s.Over() {
			if r.IntN(4) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				ru := s.Rumour(seat, r)
				for j := range s.Players() {
					if js := rules.Seat(j); js != seat {
						checkDeterminized(t, s, ru, js)
						require.Equal(t, s.g.players[j].Ninjas, ru.g.players[j].Ninjas)
					}
				}
				if ru.g.players[seat].Ninjas != s.g.players[seat].Ninjas {
					moved++
				}
				w := s.With(seat, ru)
				for j := range s.Players() {
					from := s
					if rules.Seat(j) == seat {
						from = ru
					}
					require.Equal(t, from.g.players[j].Ninjas, w.g.players[j].Ninjas)
				}
			}
			buf = randomAct(t, s, r, buf)
		}
	}
	require.Positive(t, moved, "no rumour ever differed from the truth")
}

// TestDeterminizeVaries: with more than one place possible, two seeds draw
// different hidden grids.
func TestDeterminizeVaries(t *testing.T) {
	s := newState(t, 3, 0)
	r := rules.NewRand(3, "blind-varies")
	var buf []Play
	for range 8 {
		buf = randomAct(t, s, r, buf)
	}
	a := s.Determinize(0, rand.New(rand.NewPCG(1, 1))).g.Position()
	b := s.Determinize(0, rand.New(rand.NewPCG(2, 2))).g.Position()
	require.NotEqual(t, a, b)
}

// TestDeterminizeUniform: after seat 1's first turn on the 4x8 grid, with
// no slash, each of its ninjas may stand where it was facing any way, or one
// square ahead: 5 places each, 625 grids in all, all equally likely to seat
// 2. A chi-square test over ninja 1's places and over ninjas 1 and 2
// together checks the draw is uniform.
func TestDeterminizeUniform(t *testing.T) {
	s := newState(t, 2, 0)
	a, err := s.ParseAction(0, "1 orders 1:m 2:t:e 3:s 4:t:w")
	require.NoError(t, err)
	require.NoError(t, s.Act(0, a))
	r := rand.New(rand.NewPCG(5, 6))
	const n = 20000
	one := map[ninja]int{}
	two := map[[2]ninja]int{}
	for range n {
		d := s.Determinize(1, r)
		p := d.g.players[0].Ninjas
		one[p[0]]++
		two[[2]ninja{p[0], p[1]}]++
	}
	require.Len(t, one, 5)
	require.Len(t, two, 25)
	chiSquareUniform(t, one, n)
	chiSquareUniform(t, two, n)
}

// TestDeterminizeUniformStart: before a player's first orders on the 8x8
// grid, any four of their edge's eight squares are equally likely (70 sets),
// numbered in label order.
func TestDeterminizeUniformStart(t *testing.T) {
	s := newState(t, 3, 0)
	a, err := s.ParseAction(0, "1 start b1 c1 f1 g1")
	require.NoError(t, err)
	require.NoError(t, s.Act(0, a))
	r := rand.New(rand.NewPCG(7, 8))
	const n = 14000
	sets := map[[Ninjas]Square]int{}
	for range n {
		p := s.Determinize(1, r).g.players[0].Ninjas
		var key [Ninjas]Square
		for k, x := range p {
			require.Equal(t, North, x.Face)
			require.Zero(t, x.At.Row)
			if k > 0 {
				require.True(t, p[k-1].At.less(x.At), "numbered in label order")
			}
			key[k] = x.At
		}
		sets[key]++
	}
	require.Len(t, sets, 70)
	chiSquareUniform(t, sets, n)
}

// chiSquareUniform fails when counts are too far from uniform for a
// chi-square test at the 0.1% level (Wilson-Hilferty's critical value).
func chiSquareUniform[K comparable](t *testing.T, counts map[K]int, n int) {
	t.Helper()
	want := float64(n) / float64(len(counts))
	stat := 0.0
	for _, c := range counts {
		stat += (float64(c) - want) * (float64(c) - want) / want
	}
	df := float64(len(counts) - 1)
	crit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
	require.Less(t, stat, crit, "chi-square %.1f over %d categories", stat, len(counts))
}

func TestPlayNotationRoundTrip(t *testing.T) {
	r := rules.NewRand(4, "blind-notation")
	var buf []Play
	for game := range 10 {
		s := newState(t, 2+game%3, 10)
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			buf = s.Actions(seat, buf[:0])
			for _, a := range buf {
				back, err := s.ParseAction(seat, s.Notation(a))
				require.NoError(t, err)
				require.Equal(t, a, back)
			}
			require.NotEmpty(t, s.Narrate(seat, buf[0]))
			require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
		}
	}
	s := newState(t, 3, 0)
	_, err := s.ParseAction(0, "1 start a1 b1 c1 d1 e1")
	require.ErrorIs(t, err, rules.ErrIllegal)
	_, err = s.ParseAction(0, "2 start a8 b8 c8 d8")
	require.ErrorIs(t, err, rules.ErrNotation)
}

// TestActionsAreExactlyTheLegalOrders: on a 4x8 start every set of orders
// Act takes is listed, and only those: 4 ninjas with 6 choices each
// (move, stand, three turns, slash) less the sets that would walk two
// ninjas into each other.
func TestActionsAreExactlyTheLegalOrders(t *testing.T) {
	s := newState(t, 2, 0)
	list := s.Actions(0, nil)
	listed := map[Play]bool{}
	for _, a := range list {
		require.False(t, listed[a], "listed twice: %s", s.Notation(a))
		listed[a] = true
		require.True(t, s.g.Legal(a.Action(s.g.grid, 2)), s.Notation(a))
	}
	require.Len(t, list, 6*6*6*6)
	require.Empty(t, s.Actions(1, nil), "not seat 2's turn")
}

func BenchmarkClone(b *testing.B) {
	s := midGame(b)
	for b.Loop() {
		_ = s.Clone()
	}
}

func BenchmarkActions(b *testing.B) {
	s := midGame(b)
	buf := make([]Play, 0, 4096)
	seat := s.ToAct(nil)[0]
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Actions(seat, buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "plays")
}

// BenchmarkPlayout plays random 3-player games through the engine
// interface, as a search's playouts do: games a second, and the heap
// allocations of a move.
func BenchmarkPlayout(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Play, 0, 4096)
	moves := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	for b.Loop() {
		s := newState(b, 3, 30)
		n, out, err := rules.RandomPlayout(s, r, buf, 1<<20)
		if err != nil {
			b.Fatal(err)
		}
		buf, moves = out, moves+n
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(moves)/float64(b.N), "plays/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(moves), "allocs/move")
}

// BenchmarkPlayoutByIndex is BenchmarkPlayout with each play drawn from
// Plays (State.RandomPlayout): the same games, without listing.
func BenchmarkPlayoutByIndex(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	moves := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	for b.Loop() {
		n, err := newState(b, 3, 30).RandomPlayout(r, 1<<20)
		if err != nil {
			b.Fatal(err)
		}
		moves += n
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(moves)/float64(b.N), "plays/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(moves), "allocs/move")
}

func BenchmarkDeterminize(b *testing.B) {
	s := midGame(b)
	r := rand.New(rand.NewPCG(3, 4))
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Determinize(0, r)
	}
}

// midGame is a 3-player game some turns in, slashes heard.
func midGame(tb testing.TB) *State {
	s := newState(tb, 3, 0)
	r := rules.NewRand(9, "blind-bench")
	var buf []Play
	for range 24 {
		buf = randomAct(tb, s, r, buf)
	}
	return s
}

// TestToActAndReturns: on the 8x8 grid every seat still to place acts at
// once; then the seat on turn; at the end the last player standing wins.
func TestToActAndReturns(t *testing.T) {
	s := newState(t, 3, 0)
	require.Equal(t, []rules.Seat{0, 1, 2}, s.ToAct(nil))
	require.Len(t, s.Actions(1, nil), 70, "four of eight edge squares")
	for _, text := range []string{"2 start h1 h2 h3 h4", "1 start a1 b1 c1 d1", "3 start a8 b8 c8 d8"} {
		a, err := s.ParseAction(rules.Seat(text[0]-'1'), text)
		require.NoError(t, err)
		require.Contains(t, s.Narrate(a.Seat(), a), "places their ninjas on")
		require.NoError(t, s.Act(a.Seat(), a))
	}
	require.Equal(t, []rules.Seat{0}, s.ToAct(nil))
	require.Equal(t, []float64{0, 0, 0}, s.Returns(nil))
	a, err := s.ParseAction(0, "1 orders 1:m 2:t:e 3:s 4:x")
	require.NoError(t, err)
	require.Equal(t, "seat 1: ninja 1 steps ahead, ninja 2 turns east, ninja 3 stands still, ninja 4 slashes", s.Narrate(0, a))
	require.ErrorIs(t, s.Act(1, a), rules.ErrIllegal, "a play of seat 1 given for seat 2")

	g, err := ParsePosition("blind1 players=3 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- " +
		"seats=a1n,-b1,-c1,-d1/b2s,-h2,-h3,-h4/-a8,-b8,-c8,-d8")
	require.NoError(t, err)
	s = NewState(g)
	// Seat 3 is out; seat 1 (a1) and seat 2 (b2) have one ninja each.
	a, err = s.ParseAction(0, "1 orders 1:t:e")
	require.NoError(t, err)
	require.NoError(t, s.Act(0, a))
	a, err = s.ParseAction(1, "2 orders 1:t:w")
	require.NoError(t, err)
	require.NoError(t, s.Act(1, a))
	require.False(t, s.Over())
	a, err = s.ParseAction(0, "1 orders 1:x")
	require.NoError(t, err)
	require.NoError(t, s.Act(0, a), "a1 facing east slashes b1, where nobody stands")
	require.False(t, s.Over())
	a, err = s.ParseAction(1, "2 orders 1:m")
	require.NoError(t, err)
	require.NoError(t, s.Act(1, a), "b2 facing west steps to a2")
	a, err = s.ParseAction(0, "1 orders 1:t:n")
	require.NoError(t, err)
	require.NoError(t, s.Act(0, a))
	a, err = s.ParseAction(1, "2 orders 1:s")
	require.NoError(t, err)
	require.NoError(t, s.Act(1, a))
	a, err = s.ParseAction(0, "1 orders 1:x")
	require.NoError(t, err)
	require.NoError(t, s.Act(0, a), "a1 facing north slashes a2: seat 2's last ninja")
	require.True(t, s.Over())
	require.Empty(t, s.ToAct(nil))
	require.Equal(t, []float64{1, -1, -1}, s.Returns(nil))
}
