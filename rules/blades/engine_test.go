package blades_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// dealt starts the engine interface on a freshly dealt game, before anyone
// has chosen the cards to keep.
func dealt(tb testing.TB, players int, cards gen.Cards, seed uint64) *blades.State {
	s, err := gen.Generate(rulesForPlayouts, gen.Options{Players: players, Seed: seed, Cards: cards, PrivateSeed: seed + 1})
	require.NoError(tb, err)
	p, err := blades.NewPosition(rulesForPlayouts, s.Start)
	require.NoError(tb, err)
	return blades.NewState(p)
}

func randomPlay(tb testing.TB, s *blades.State, r *rand.Rand, buf []blades.Play) []blades.Play {
	seat := s.ToAct(nil)[0]
	buf = s.Actions(seat, buf[:0])
	require.NotEmpty(tb, buf)
	a := buf[r.IntN(len(buf))]
	require.NoError(tb, s.Act(seat, a), s.Notation(a))
	return buf
}

// checkDeterminized checks that d is a state seat cannot tell from s that
// a deal could have led to: the same observation and plays for seat, every
// seat holding as many cards as before, no card in two places (the other
// seats' hands and plays and seat's own dealt hand come from one deck), and
// every kept hand, with what was played from it, within the keep limit.
func checkDeterminized(t *testing.T, s, d *blades.State, seat rules.Seat) {
	t.Helper()
	require.Equal(t, s.Observation(seat), d.Observation(seat))
	require.Equal(t, s.Actions(seat, nil), d.Actions(seat, nil))
	p, q := s.Position(), d.Position()
	used := d.Dealt(seat)
	for j := range p.Players() {
		js := rules.Seat(j)
		require.Equal(t, p.Hand(js).Size(), q.Hand(js).Size())
		require.Equal(t, p.Choosing(js), q.Choosing(js))
		if js == seat {
			require.Equal(t, p.Hand(js), q.Hand(js))
			continue
		}
		if p.Cards() != blades.HiddenHands {
			require.Equal(t, p.Hand(js), q.Hand(js))
		}
		kept := q.Hand(js)
		for k, n := range d.Played(js) {
			kept[k] += n
		}
		if !q.Choosing(js) {
			require.LessOrEqual(t, rulesForPlayouts.Price(kept), rulesForPlayouts.KeepLimit, "seat %d kept too much", j+1)
		}
		for k, n := range kept {
			used[k] += n
		}
	}
	for k, n := range used {
		require.LessOrEqual(t, int(n), rulesForPlayouts.Counts[k], "%s cards", blades.Kind(k))
	}
	back, err := blades.ParsePosition(rulesForPlayouts, q.String())
	require.NoError(t, err)
	require.Equal(t, q.String(), back.String())
}

// TestDeterminizeKeepsObservation plays random games through the engine
// interface and, at random points, determinizes for a random seat: the seat
// sees the same, the deal is one the deck allows, and both states go on
// alike under the seat's own plays and play to the end.
func TestDeterminizeKeepsObservation(t *testing.T) {
	r := rules.NewRand(21, "blades-determinize")
	modes := []gen.Cards{gen.CardsDealt, gen.CardsDealt, gen.CardsDealt, gen.CardsOpen, gen.CardsNone}
	var buf []blades.Play
	defer func(was int) { *blades.PlainDeals = was }(*blades.PlainDeals)
	for game := range sweep.Count(t, 50, 5000) {
		// Every other game draws hand by hand only, Determinize's second way.
		*blades.PlainDeals = 16 * (game % 2)
		s := dealt(t, 2+game%4, modes[game%len(modes)], uint64(game))
		for !s.Over() {
			if r.IntN(6) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				d := s.Determinize(seat, r)
				checkDeterminized(t, s, d, seat)
				if to := s.ToAct(nil); len(to) > 0 && to[0] == seat {
					buf = s.Actions(seat, buf[:0])
					a := buf[r.IntN(len(buf))]
					c := s.Clone()
					require.NoError(t, c.Act(seat, a))
					require.NoError(t, d.Act(seat, a))
					require.Equal(t, c.Observation(seat), d.Observation(seat), "after %s", s.Notation(a))
				}
				for !d.Over() {
					buf = randomPlay(t, d, r, buf)
				}
			}
			buf = randomPlay(t, s, r, buf)
		}
		ret := s.Returns(nil)
		require.Len(t, ret, s.Players())
		sum := 0.0
		for _, v := range ret {
			sum += v
		}
		require.Less(t, sum, 1.0, "at most one sole winner")
	}
}

// TestDeterminizeVaries: two seeds deal the unseen cards differently.
func TestDeterminizeVaries(t *testing.T) {
	s := dealt(t, 3, gen.CardsDealt, 7)
	a := s.Determinize(0, rand.New(rand.NewPCG(1, 1))).Position().String()
	b := s.Determinize(0, rand.New(rand.NewPCG(2, 2))).Position().String()
	require.NotEqual(t, a, b)
	require.Equal(t, s.Position().Hand(0), s.Determinize(0, rand.New(rand.NewPCG(3, 3))).Position().Hand(0))
}

// TestDeterminizeUniform checks ruling E-2 on a small case against an
// independent count. Seat 1 of a 3-player game has seen its dealt hand and
// what the others played; the others' hands are every way of giving them
// that many of the unseen physical cards with each kept hand, plays
// included, within the keep limit. The chance of a pair of hands is its
// number of ways (a product of binomials over kinds) over the total, and a
// chi-square test compares the draws with it.
func TestDeterminizeUniform(t *testing.T) {
	s := dealt(t, 3, gen.CardsDealt, 3)
	r := rules.NewRand(5, "blades-uniform")
	var buf []blades.Play
	// Play until the other seats hold few cards and have played some.
	for {
		buf = randomPlay(t, s, r, buf)
		p := s.Position()
		if p.Phase() == blades.Over {
			t.Fatal("the game ended before the case arose")
		}
		if p.Phase() == blades.Playing && p.Hand(1).Size() <= 3 && p.Hand(2).Size() <= 3 &&
			p.Hand(1).Size() > 0 && p.Hand(2).Size() > 0 && s.Played(1).Size()+s.Played(2).Size() > 0 {
			break
		}
	}
	p := s.Position()
	var unseen blades.Hand
	for k, n := range rulesForPlayouts.Counts {
		unseen[k] = uint8(n)
	}
	unseen = unseen.Minus(s.Dealt(0)).Minus(s.Played(1)).Minus(s.Played(2))
	want := map[[2]blades.Hand]float64{}
	total := 0.0
	for _, h1 := range handsOf(p.Hand(1).Size(), unseen) {
		if !fits(h1, s.Played(1)) {
			continue
		}
		for _, h2 := range handsOf(p.Hand(2).Size(), unseen.Minus(h1)) {
			if !fits(h2, s.Played(2)) {
				continue
			}
			w := 1.0
			for k := range unseen {
				w *= binomial(int(unseen[k]), int(h1[k])) * binomial(int(unseen[k]-h1[k]), int(h2[k]))
			}
			want[[2]blades.Hand{h1, h2}] = w
			total += w
		}
	}
	require.Greater(t, len(want), 1)
	for _, plain := range []int{*blades.PlainDeals, 0} {
		t.Run(fmt.Sprintf("plain deals %d", plain), func(t *testing.T) {
			defer func(was int) { *blades.PlainDeals = was }(*blades.PlainDeals)
			*blades.PlainDeals = plain
			chiSquare(t, s, want, total)
		})
	}
}

// chiSquare draws the two other seats' hands from seat 1's determinizations
// and compares them with the exact chances.
func chiSquare(t *testing.T, s *blades.State, want map[[2]blades.Hand]float64, total float64) {
	const n = 40000
	got := map[[2]blades.Hand]int{}
	rng := rand.New(rand.NewPCG(8, 9))
	for range n {
		d := s.Determinize(0, rng).Position()
		key := [2]blades.Hand{d.Hand(1), d.Hand(2)}
		_, ok := want[key]
		require.True(t, ok, "drew hands %s and %s, which no deal allows", key[0], key[1])
		got[key]++
	}
	// Categories expected fewer than 5 times are pooled.
	stat, df, pooledWant, pooledGot := 0.0, -1, 0.0, 0
	for key, w := range want {
		e := n * w / total
		if e < 5 {
			pooledWant += e
			pooledGot += got[key]
			continue
		}
		stat += (float64(got[key]) - e) * (float64(got[key]) - e) / e
		df++
	}
	if pooledWant > 0 {
		stat += (float64(pooledGot) - pooledWant) * (float64(pooledGot) - pooledWant) / pooledWant
		df++
	}
	require.Positive(t, df)
	crit := float64(df) * math.Pow(1-2/(9*float64(df))+3.09*math.Sqrt(2/(9*float64(df))), 3)
	t.Logf("chi-square %.1f with %d degrees of freedom (critical %.1f), %d pairs of hands", stat, df, crit, len(want))
	require.Less(t, stat, crit, "chi-square %.1f with %d degrees of freedom", stat, df)
}

// handsOf lists every hand of size cards within from.
func handsOf(size int, from blades.Hand) []blades.Hand {
	var out []blades.Hand
	var rec func(k, left int, h blades.Hand)
	rec = func(k, left int, h blades.Hand) {
		if k == int(blades.NumKinds) {
			if left == 0 {
				out = append(out, h)
			}
			return
		}
		for c := 0; c <= left && c <= int(from[k]); c++ {
			h[k] = uint8(c)
			rec(k+1, left-c, h)
		}
	}
	rec(0, size, blades.Hand{})
	return out
}

func fits(h, played blades.Hand) bool {
	for k := range h {
		h[k] += played[k]
	}
	return rulesForPlayouts.Price(h) <= rulesForPlayouts.KeepLimit
}

func binomial(n, k int) float64 {
	v := 1.0
	for i := range k {
		v = v * float64(n-i) / float64(i+1)
	}
	return v
}

func TestPlayNotationRoundTrip(t *testing.T) {
	r := rules.NewRand(6, "blades-notation")
	var buf []blades.Play
	for game := range 8 {
		s := dealt(t, 2+game%4, gen.CardsDealt, uint64(game))
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			buf = s.Actions(seat, buf[:0])
			for _, a := range buf {
				back, err := s.ParseAction(seat, s.Notation(a))
				require.NoError(t, err)
				require.Equal(t, a, back, s.Notation(a))
				require.NotEmpty(t, s.Narrate(seat, a))
			}
			require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
		}
	}
	s := dealt(t, 3, gen.CardsDealt, 1)
	keep, err := s.ParseAction(0, "keep bomb, 2 shuriken")
	require.NoError(t, err)
	require.Equal(t, blades.Play{Keep: true, Cards: blades.Hand{blades.Bomb: 1, blades.Shuriken: 2}}, keep)
	require.Equal(t, "keep BSS", s.Notation(keep))
	_, err = s.ParseAction(0, "keep sword")
	require.ErrorIs(t, err, rules.ErrNotation)
}

// TestNarrateTellsTheBoard: a bot's move is told with what to do on the
// real board.
func TestNarrateTellsTheBoard(t *testing.T) {
	p, err := blades.ParsePosition(rulesForPlayouts, "3:RYB 9/9/9/9/9/2Y6/9/9/2R6 1 0 hidden:S,-,- 0,0,0")
	require.NoError(t, err)
	s := blades.NewState(p)
	a, err := s.ParseAction(0, "shuriken c1 c4")
	require.NoError(t, err)
	require.Equal(t, "Red plays Shuriken from c1 to c4: take the Yellow ninja off c4", s.Narrate(0, a))
	require.NoError(t, s.Act(0, a))
	require.Equal(t, blades.Hand{blades.Shuriken: 1}, s.Played(0))
	require.Equal(t, "Yellow passes", s.Narrate(1, blades.Play{}))
	require.Error(t, s.Act(2, blades.Play{}), "not seat 3's turn")
}

func TestReturns(t *testing.T) {
	p, err := blades.ParsePosition(rulesForPlayouts, "3:RYB 9/9/9/9/9/2Y6/9/9/2R6 1 2 none 0,0,0")
	require.NoError(t, err)
	s := blades.NewState(p)
	require.Equal(t, []float64{0, 0, 0}, s.Returns(nil))
	require.NoError(t, s.Act(0, blades.Play{}))
	require.True(t, s.Over())
	require.Empty(t, s.ToAct(nil))
	// Red and Yellow have one ninja each, Blue none: a shared win.
	require.Equal(t, []float64{0, 0, -1}, s.Returns(nil))
}

func BenchmarkClone(b *testing.B) {
	s := midGame(b)
	for b.Loop() {
		_ = s.Clone()
	}
}

func BenchmarkActions(b *testing.B) {
	s := midGame(b)
	buf := make([]blades.Play, 0, 4096)
	seat := s.ToAct(nil)[0]
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Actions(seat, buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "plays")
}

// BenchmarkEnginePlayout3 plays random 3-player games through the engine
// interface from the deal, keeps included.
func BenchmarkEnginePlayout3(b *testing.B) {
	starts := make([]*blades.State, 64)
	for i := range starts {
		starts[i] = dealt(b, 3, gen.CardsDealt, uint64(i))
	}
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]blades.Play, 0, 4096)
	moves := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s := starts[i%len(starts)].Clone()
		n, out, err := rules.RandomPlayout(s, r, buf, 1<<20)
		if err != nil {
			b.Fatal(err)
		}
		buf, moves = out, moves+n
	}
	b.ReportMetric(float64(moves)/float64(b.N), "plays/game")
}

func BenchmarkDeterminize(b *testing.B) {
	s := midGame(b)
	r := rand.New(rand.NewPCG(3, 4))
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Determinize(0, r)
	}
}

// midGame is a 4-player hidden-hands game a few moves after the keep.
func midGame(tb testing.TB) *blades.State {
	s := dealt(tb, 4, gen.CardsDealt, 5)
	r := rules.NewRand(9, "blades-bench")
	var buf []blades.Play
	for range 10 {
		buf = randomPlay(tb, s, r, buf)
	}
	require.True(tb, strings.Contains(s.Position().String(), "hidden"))
	return s
}
