package blades_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

var rulesForPlayouts = blades.DefaultRules()

// start deals a fresh game from a seed and lets every seat keep a random
// affordable part of its hand.
func start(tb testing.TB, players int, cards gen.Cards, seed uint64, rng *rand.Rand) *blades.Position {
	s, err := gen.Generate(rulesForPlayouts, gen.Options{Players: players, Seed: seed, Cards: cards, PrivateSeed: seed + 1})
	require.NoError(tb, err)
	p, err := blades.NewPosition(rulesForPlayouts, s.Start)
	require.NoError(tb, err)
	for seat := range players {
		if !p.Choosing(blades.Seat(seat)) {
			continue
		}
		var keep blades.Hand
		kinds := p.Hand(blades.Seat(seat)).Kinds()
		rules.Shuffle(rng, kinds)
		for _, k := range kinds {
			keep[k]++
			if rulesForPlayouts.Price(keep) > rulesForPlayouts.KeepLimit || rng.IntN(4) == 0 {
				keep[k]--
			}
		}
		require.NoError(tb, p.Keep(blades.Seat(seat), keep))
	}
	return p
}

// playout plays uniformly random legal moves to the end and returns the
// number of moves made.
func playout(p *blades.Position, rng *rand.Rand, buf []blades.Move) int {
	n := 0
	for p.Phase() == blades.Playing {
		buf = p.LegalMoves(buf[:0])
		if err := p.Apply(buf[rng.IntN(len(buf))]); err != nil {
			panic(err)
		}
		n++
	}
	return n
}

func TestRandomPlayouts(t *testing.T) {
	games := sweep.Count(t, 1500, 10000)
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []blades.Move
	modes := []gen.Cards{gen.CardsDealt, gen.CardsOpen, gen.CardsNone}
	for g := range games {
		players := 2 + g%4
		p := start(t, players, modes[g%3], uint64(g), rng)
		b := p.Board()
		ninjas := func() (n int) {
			for _, c := range b.Cells() {
				if _, ok := p.At(c); ok {
					n++
				}
			}
			return n
		}
		before, cardsBefore := ninjas(), 0
		for s := range players {
			cardsBefore += p.Hand(blades.Seat(s)).Size()
		}
		for step := 0; p.Phase() == blades.Playing; step++ {
			require.Less(t, step, 2000, "game %d does not end", g)
			buf = p.LegalMoves(buf[:0])
			require.Equal(t, blades.PassMove, buf[0])
			if step%8 == 0 {
				listed := map[blades.Move]bool{}
				for _, m := range buf {
					if listed[m] {
						t.Fatalf("move listed twice: %s in %s", m.Format(b), p)
					}
					listed[m] = true
				}
			}
			for _, m := range buf {
				if err := p.Check(m); err != nil {
					t.Fatalf("listed but refused: %s in %s: %v", m.Format(b), p, err)
				}
			}
			// Nothing outside the list is accepted: try random moves.
			for range 6 {
				m := blades.Move{Action: blades.Action(rng.IntN(9)), From: b.Cells()[rng.IntN(len(b.Cells()))], To: b.Cells()[rng.IntN(len(b.Cells()))]}
				if m.Action == blades.Pass {
					continue
				}
				if rng.IntN(2) == 0 {
					m.From = own(p, rng)
				}
				if p.Check(m) == nil && !slices.Contains(buf, m) {
					t.Fatalf("accepted but not listed: %s in %s", m.Format(b), p)
				}
			}
			m := buf[rng.IntN(len(buf))]
			text := m.Format(b)
			parsed, err := blades.ParseMove(b, text)
			if err != nil || parsed != m {
				t.Fatalf("notation round trip of %q: %v %v", text, parsed, err)
			}
			if err := p.Apply(m); err != nil {
				t.Fatalf("listed move %s refused: %v", text, err)
			}
			after, cards := ninjas(), 0
			for s := range players {
				cards += p.Hand(blades.Seat(s)).Size()
			}
			if after > before || cards > cardsBefore {
				t.Fatalf("%s brought back ninjas or cards", text)
			}
			if m.Action != blades.Pass && m.Action != blades.PlayVanish && after == before {
				t.Fatalf("%s eliminated nobody in %s", text, p)
			}
			before, cardsBefore = after, cards
			if step%16 == 0 {
				q, err := blades.ParsePosition(rulesForPlayouts, p.String())
				require.NoError(t, err)
				require.Equal(t, p.String(), q.String(), "position round trip")
			}
		}
		o := p.Outcome()
		require.NotEmpty(t, o.Winners)
		require.Len(t, o.Scores, players)
	}
}

// own picks one of the mover's ninjas, or any cell when it has none.
func own(p *blades.Position, rng *rand.Rand) blades.Cell {
	var mine []blades.Cell
	for _, c := range p.Board().Cells() {
		if col, ok := p.At(c); ok && col == p.Colour(p.Turn()) {
			mine = append(mine, c)
		}
	}
	if len(mine) == 0 {
		return p.Board().Cells()[0]
	}
	return mine[rng.IntN(len(mine))]
}

func BenchmarkPlayout3(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	buf := make([]blades.Move, 0, 4096)
	moves := 0
	mallocs := countMallocs()
	for i := 0; b.Loop(); i++ {
		p := start(b, 3, gen.CardsDealt, uint64(i), rng)
		moves += playout(p, rng, buf)
	}
	reportPlayouts(b, moves, mallocs)
}

// countMallocs is the number of heap allocations so far.
func countMallocs() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Mallocs
}

// reportPlayouts reports moves per game, playouts per second and heap
// allocations per move since mallocs was counted.
func reportPlayouts(b *testing.B, moves int, mallocs uint64) {
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(countMallocs()-mallocs)/float64(moves), "allocs/move")
}

func BenchmarkLegalMoves(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	p := start(b, 5, gen.CardsOpen, 9, rng)
	buf := make([]blades.Move, 0, 4096)
	for b.Loop() {
		buf = p.LegalMoves(buf[:0])
	}
}

// BenchmarkMoves3 plays random 3-player games from prepared starts (a
// plain copy each), listing and applying every move: the engine's own
// share of a playout, without the deal.
func BenchmarkMoves3(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	starts := make([]blades.Position, 64)
	for i := range starts {
		starts[i] = *start(b, 3, gen.CardsDealt, uint64(i), rng)
	}
	buf := make([]blades.Move, 0, 4096)
	moves := 0
	b.ReportAllocs()
	mallocs := countMallocs()
	for i := 0; b.Loop(); i++ {
		p := starts[i%len(starts)]
		moves += playout(&p, rng, buf)
	}
	reportPlayouts(b, moves, mallocs)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}
