package blades

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

var testRules = engine.DefaultRules()

func describe(t *testing.T, s *Setup) string {
	t.Helper()
	p, err := engine.NewPosition(testRules, s.Start)
	require.NoError(t, err)
	var hands []string
	for _, h := range s.Hands {
		hands = append(hands, h.String())
	}
	return fmt.Sprintf("%s %s\n  %s\n  hands: %s\n", s.Code, s.Fingerprint, p.String(), strings.Join(hands, " "))
}

// TestGolden locks generator output: a change here changes what every
// existing share code means, which needs a new code version.
func TestGolden(t *testing.T) {
	var sb strings.Builder
	for _, o := range []Options{
		{Players: 2, Seed: 1, Cards: CardsHidden},
		{Players: 3, Seed: 42, Cards: CardsHidden},
		{Players: 3, Seed: 42, Cards: CardsDealt, PrivateSeed: 7},
		{Players: 4, Seed: 2026, Cards: CardsOpen},
		{Players: 5, Seed: generate.MaxSeed, Cards: CardsNone},
	} {
		s, err := Generate(testRules, o)
		require.NoError(t, err)
		fmt.Fprintf(&sb, "%+v\n%s", o, describe(t, s))
	}
	path := filepath.Join("testdata", "setups.golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./generate/blades -update to create it")
	require.Equal(t, string(want), sb.String())
}

func TestFromCodeRebuildsThePublicSetup(t *testing.T) {
	for players := 2; players <= 5; players++ {
		for _, cards := range []Cards{CardsHidden, CardsDealt, CardsOpen, CardsNone} {
			o := Options{Players: players, Seed: uint64(players * 1000), Cards: cards, PrivateSeed: 99}
			s, err := Generate(testRules, o)
			require.NoError(t, err)
			c, err := generate.ParseCode(s.Code.String())
			require.NoError(t, err)
			back, err := FromCode(testRules, c, 0)
			require.NoError(t, err)
			require.Equal(t, s.Fingerprint, back.Fingerprint)
			require.Equal(t, s.Start.Fill, back.Start.Fill)
			require.Equal(t, s.Start.Seats, back.Start.Seats)
			require.Equal(t, s.Start.First, back.Start.First)
			if cards == CardsDealt {
				require.Nil(t, back.Hands, "a code never carries hidden hands")
			} else {
				require.Equal(t, s.Hands, back.Hands)
			}
		}
	}
}

func TestFingerprintCoversCardsAndData(t *testing.T) {
	seen := map[string]string{}
	for _, cards := range []Cards{CardsHidden, CardsDealt, CardsOpen, CardsNone} {
		for _, tag := range []uint8{0, 5} {
			s, err := Generate(testRules, Options{Players: 3, Seed: 42, Cards: cards, DataTag: tag, PrivateSeed: 1})
			require.NoError(t, err)
			what := fmt.Sprintf("%s/%d", cards, tag)
			require.NotContains(t, seen, s.Fingerprint, "%s has the words of %s", what, seen[s.Fingerprint])
			seen[s.Fingerprint] = what
		}
	}
}

func TestPrivateSeedOnlyChangesHands(t *testing.T) {
	a, err := Generate(testRules, Options{Players: 3, Seed: 5, Cards: CardsDealt, PrivateSeed: 1})
	require.NoError(t, err)
	b, err := Generate(testRules, Options{Players: 3, Seed: 5, Cards: CardsDealt, PrivateSeed: 2})
	require.NoError(t, err)
	require.Equal(t, a.Code, b.Code)
	require.Equal(t, a.Fingerprint, b.Fingerprint, "the fingerprint covers only the public setup")
	require.NotEqual(t, a.Hands, b.Hands)
}

func TestDataTagMustMatch(t *testing.T) {
	tag := DataTag([]byte(`{"custom": true}`))
	require.NotZero(t, tag)
	s, err := Generate(testRules, Options{Players: 3, Seed: 5, DataTag: tag})
	require.NoError(t, err)
	_, err = FromCode(testRules, s.Code, 0)
	require.True(t, errors.Is(err, ErrDataMismatch))
	require.ErrorContains(t, err, "load the same file with --data")
	_, err = FromCode(testRules, s.Code, tag)
	require.NoError(t, err)
	plain, err := Generate(testRules, Options{Players: 3, Seed: 5})
	require.NoError(t, err)
	_, err = FromCode(testRules, plain.Code, tag)
	require.ErrorContains(t, err, "built-in data")
}

func TestGenerateRejects(t *testing.T) {
	_, err := Generate(testRules, Options{Players: 6})
	require.ErrorContains(t, err, "2 to 5 players")
	_, err = Generate(testRules, Options{Players: 3, Seed: generate.MaxSeed + 1})
	require.ErrorContains(t, err, "larger than")
	_, err = FromCode(testRules, generate.Code{Game: generate.GameKnights, Players: 3}, 0)
	require.ErrorContains(t, err, "not flying blades")
}

func TestDealIsEvenAndFromTheDeck(t *testing.T) {
	for players, each := range map[int]int{2: 16, 3: 10, 4: 8, 5: 6} {
		s, err := Generate(testRules, Options{Players: players, Seed: 3, Cards: CardsOpen})
		require.NoError(t, err)
		var total engine.Hand
		for _, h := range s.Hands {
			require.Equal(t, each, h.Size(), "%d players", players)
			for k := range total {
				total[k] += h[k]
			}
		}
		for k, n := range total {
			require.LessOrEqual(t, int(n), testRules.Counts[k])
		}
	}
}

// TestDealDrawsAsBefore checks Deal against the deal as first written (the
// deck listed by Rules.Deck, shuffled, dealt round the table): the same hands
// from the same stream and the stream left in the same place, for every
// table size and for a deck too large for Deal's room on the stack.
func TestDealDrawsAsBefore(t *testing.T) {
	big := *testRules.Data
	big.Deck.Cards = append([]data.BladesCard(nil), big.Deck.Cards...)
	for k := range big.Deck.Cards {
		big.Deck.Cards[k].Count *= 3
	}
	bigRules, err := engine.NewRules(&big)
	require.NoError(t, err)
	require.Greater(t, len(bigRules.Deck()), 64)
	for _, r := range []*engine.Rules{testRules, bigRules} {
		for seed := range uint64(200) {
			players := 2 + int(seed%4)
			ours, theirs := rand.New(rand.NewPCG(seed, 9)), rand.New(rand.NewPCG(seed, 9))
			deck := r.Deck()
			rules.Shuffle(theirs, deck)
			want := make([]engine.Hand, players)
			for i := range len(deck) / players * players {
				want[i%players][deck[i]]++
			}
			require.Equal(t, want, Deal(r, players, ours), "seed %d", seed)
			require.Equal(t, theirs.Uint64(), ours.Uint64(), "seed %d: the stream after", seed)
		}
	}
}

// TestKeepLimitIsARealChoice: with the default deck nearly every dealt hand
// costs more than the limit, so players must choose what to give up.
func TestKeepLimitIsARealChoice(t *testing.T) {
	for players := 2; players <= 5; players++ {
		over, hands := 0, 0
		for seed := range uint64(500) {
			s, err := Generate(testRules, Options{Players: players, Seed: seed, Cards: CardsOpen})
			require.NoError(t, err)
			for _, h := range s.Hands {
				hands++
				if testRules.Price(h) > testRules.KeepLimit {
					over++
				}
			}
		}
		require.Greater(t, float64(over)/float64(hands), 0.9, "%d players", players)
	}
}

// TestPlacementIsUniform checks over many seeds that every cell holds every
// colour about equally often, and that seats and first players are fair.
func TestPlacementIsUniform(t *testing.T) {
	for _, players := range []int{3, 5} {
		const seeds = 4000
		cells := len(testRules.Board(players).Cells())
		counts := make([][5]int, cells)
		first := make([]int, players)
		seatColour := make([][5]int, players)
		for seed := range uint64(seeds) {
			s, err := Generate(testRules, Options{Players: players, Seed: seed, Cards: CardsNone})
			require.NoError(t, err)
			for i, c := range s.Start.Fill {
				counts[i][c]++
			}
			first[s.Start.First]++
			for i, c := range s.Start.Seats {
				seatColour[i][c]++
			}
		}
		// Chi-square over all cells: cells*(colours-1) degrees of freedom;
		// mean df, sd math.Sqrt(2df); allow five standard deviations.
		chi, df := 0.0, float64(cells*(players-1))
		expect := float64(seeds) / float64(players)
		for _, row := range counts {
			for c := range players {
				d := float64(row[c]) - expect
				chi += d * d / expect
			}
		}
		require.Less(t, chi, df+5*math.Sqrt(2*df), "%d players: board fill is not uniform", players)
		for s, n := range first {
			require.InDelta(t, expect, float64(n), 5*math.Sqrt(expect), "seat %d starts too often or too rarely", s+1)
		}
		for s := range players {
			for c := range players {
				require.InDelta(t, expect, float64(seatColour[s][c]), 5*math.Sqrt(expect), "seat %d colour %d", s+1, c)
			}
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		if _, err := Generate(testRules, Options{Players: 5, Seed: uint64(i), Cards: CardsDealt, PrivateSeed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
