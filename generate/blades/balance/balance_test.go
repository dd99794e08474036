package balance

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/ninjakit/ninjakit/bots"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

var testRules = engine.DefaultRules()

// small keeps the tests cheap; the command plays the real counts.
var small = Options{Candidates: 3, Games: 8}

func TestShareCodeRebuildsWithoutSimulating(t *testing.T) {
	for _, cards := range []gen.Cards{gen.CardsHidden, gen.CardsDealt, gen.CardsOpen, gen.CardsNone} {
		s, b, err := Generate(testRules, gen.Options{Players: 3, Seed: 77, Cards: cards, PrivateSeed: 5}, small)
		require.NoError(t, err)
		require.Equal(t, gen.CandidateSeeds(77, small.Candidates)[b.Candidate-1], s.Seed, "the code carries the chosen candidate's own seed")
		before := simulated.Load()
		back, err := gen.FromCode(testRules, s.Code, 0)
		require.NoError(t, err)
		require.Equal(t, before, simulated.Load(), "rebuilding from the share code played games")
		require.Nil(t, back.Balanced)
		require.Equal(t, s.Code, back.Code)
		require.Equal(t, s.Fingerprint, back.Fingerprint)
		require.Equal(t, s.Start.Fill, back.Start.Fill)
		require.Equal(t, s.Start.Seats, back.Start.Seats)
		require.Equal(t, s.Start.First, back.Start.First)
		if cards == gen.CardsOpen {
			require.Equal(t, s.Hands, back.Hands, "open hands are public and come back too")
		}
	}
}

func TestDeterministicFromTheSeedOnAnyNumberOfCores(t *testing.T) {
	run := func(procs int) (*gen.Setup, gen.Balanced) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		s, b, err := Generate(testRules, gen.Options{Players: 2, Seed: 12}, small)
		require.NoError(t, err)
		return s, b
	}
	s1, b1 := run(1)
	s2, b2 := run(3)
	require.Equal(t, b1, b2)
	require.Equal(t, s1.Code, s2.Code)
	require.Equal(t, small.Candidates, b1.Candidates)
	require.Equal(t, small.Games, b1.Games)
	require.Equal(t, "easy", b1.Level)
}

func TestKeepsTheSmallestGapEarliestOnATie(t *testing.T) {
	for players := 2; players <= 5; players++ {
		_, b, err := Generate(testRules, gen.Options{Players: players, Seed: uint64(players), Cards: gen.CardsNone}, Options{Candidates: 4, Games: 4})
		require.NoError(t, err)
		require.Len(t, b.Gaps, 4)
		for i, g := range b.Gaps {
			if i < b.Candidate-1 {
				require.Greater(t, g, b.Gap, "an earlier candidate with a gap as small would have been kept")
			} else {
				require.GreaterOrEqual(t, g, b.Gap)
			}
		}
		require.Len(t, b.Seats, players)
		lo, hi, wins := 1.0, 0.0, 0
		for _, s := range b.Seats {
			lo, hi, wins = min(lo, s.Score), max(hi, s.Score), wins+s.Wins
			require.LessOrEqual(t, s.Low, s.Rate)
			require.GreaterOrEqual(t, s.High, s.Rate)
		}
		require.InDelta(t, hi-lo, b.Gap, 1e-12)
		require.InDelta(t, 1-b.Gap, b.Balance.Balance, 1e-12)
		require.Equal(t, b.Games, wins+b.Draws+b.Unfinished)
	}
}

func TestBalanceGamesGiveFivePointIntervals(t *testing.T) {
	want := map[int]int{2: 385, 3: 342, 4: 289, 5: 246}
	for players, n := range want {
		require.Equal(t, n, gen.BalanceGames(players))
		p := 1 / float64(players)
		require.LessOrEqual(t, 1.959964*math.Sqrt(p*(1-p)/float64(n)), 0.05)
		require.Greater(t, 1.959964*math.Sqrt(p*(1-p)/float64(n-1)), 0.05, "one game fewer would do")
	}
}

// TestPrivateDealLeavesNoTrace: the estimate of a setup with hands dealt
// privately does not depend on the deal, so a public sheet cannot leak it.
func TestPrivateDealLeavesNoTrace(t *testing.T) {
	var got []gen.Balance
	for _, private := range []uint64{1, 2} {
		s, err := gen.Generate(testRules, gen.Options{Players: 3, Seed: 4, Cards: gen.CardsDealt, PrivateSeed: private})
		require.NoError(t, err)
		b, err := Simulate(testRules, s, 6)
		require.NoError(t, err)
		got = append(got, b)
	}
	require.Equal(t, got[0], got[1])
}

// TestEasyReadsNoHiddenCard backs playing the balancing games face up
// (ruling B-26): easy's Flying Blades scores are the same in every
// determinization of a hidden-hands game, so showing the hands changes
// none of its choices.
func TestEasyReadsNoHiddenCard(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for g := range 4 {
		s, err := gen.Generate(testRules, gen.Options{Players: 3 + g%3, Seed: uint64(g), Cards: gen.CardsDealt, PrivateSeed: uint64(g)})
		require.NoError(t, err)
		p, err := engine.NewPosition(testRules, s.Start)
		require.NoError(t, err)
		st := engine.NewState(p)
		checked := 0
		for step := 0; step < 60 && !st.Over(); step++ {
			seat := st.ToAct(nil)[0]
			acts := st.Actions(seat, nil)
			want := bots.Blades{}.Score(st, seat, acts, nil)
			for range 3 {
				require.Equal(t, want, bots.Blades{}.Score(st.Determinize(seat, r), seat, acts, nil), "game %d step %d", g, step)
				checked++
			}
			require.NoError(t, st.Act(seat, acts[r.IntN(len(acts))]))
		}
		require.Positive(t, checked)
	}
}

// BenchmarkBalance times the balancing step of generate blades --balanced
// at the command's real counts, one op a setup.
func BenchmarkBalance(b *testing.B) {
	for _, players := range []int{2, 3, 4, 5} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			for i := range b.N {
				if _, _, err := Generate(testRules, gen.Options{Players: players, Seed: uint64(i)}, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(gen.BalanceCandidates(players)*gen.BalanceGames(players)), "games/op")
		})
	}
}
