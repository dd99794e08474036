package squad

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

var testData = data.DefaultSquad()

func TestRotation(t *testing.T) {
	cases := []struct {
		players int
		// want[p-1] is every holder's deck in phase p: seats, then piles.
		want [][]int
	}{
		{2, [][]int{{0, 1, 2, 3}, {3, 0, 1, 2}, {2, 3, 0, 1}, {1, 2, 3, 0}, {0, 1, 2, 3}, {3, 0, 1, 2}}},
		{3, [][]int{{0, 1, 2, 3}, {3, 0, 1, 2}, {2, 3, 0, 1}, {1, 2, 3, 0}, {0, 1, 2, 3}, {3, 0, 1, 2}}},
		{4, [][]int{{0, 1, 2, 3}, {3, 0, 1, 2}, {2, 3, 0, 1}, {1, 2, 3, 0}, {0, 1, 2, 3}, {3, 0, 1, 2}}},
	}
	for _, c := range cases {
		for p, want := range c.want {
			seats, inter := Rotation(c.players, p+1)
			require.Equal(t, want[:c.players], seats, "%d players, phase %d", c.players, p+1)
			require.Equal(t, want[c.players:], inter, "%d players, phase %d", c.players, p+1)
		}
	}
}

func TestRotationRules(t *testing.T) {
	for players := 2; players <= Decks; players++ {
		used := map[int]bool{}
		for phase := 1; phase <= 12; phase++ {
			seats, inter := Rotation(players, phase)
			require.Len(t, seats, players)
			require.Len(t, inter, Decks-players)
			holders := append(slices.Clone(seats), inter...)
			// No deck has two holders.
			require.ElementsMatch(t, []int{0, 1, 2, 3}, holders)
			if phase > 1 {
				prevSeats, prevInter := Rotation(players, phase-1)
				prev := append(slices.Clone(prevSeats), prevInter...)
				for h := range Decks {
					// Each holder got the deck of the holder before it.
					require.Equal(t, prev[(h+Decks-1)%Decks], holders[h])
				}
			}
			for _, d := range seats {
				used[d] = true
			}
		}
		// The Interchange decks ride along, so every player meets every deck.
		require.Len(t, used, Decks, "%d players", players)
	}
	seats, inter := Rotation(2, 0)
	require.Nil(t, seats)
	require.Nil(t, inter)
	seats, _ = Rotation(5, 1)
	require.Nil(t, seats)
}

func TestCardValue(t *testing.T) {
	for _, c := range []struct {
		routes []string
		want   Value
	}{
		{[]string{"F F", "FL"}, Value{Reach: 2, Leaps: 0, Side: 1, Score: 5}},
		{[]string{"JF JF", "B"}, Value{Reach: 4, Leaps: 2, Side: 0, Score: 10}},
		{[]string{"B B", "JBR"}, Value{Reach: -2, Leaps: 1, Side: 1, Score: -2}},
		{[]string{"R F", "L F"}, Value{Reach: 1, Leaps: 0, Side: 2, Score: 4}},
	} {
		v, err := CardValue(data.MovementCard{Number: 1, Routes: c.routes})
		require.NoError(t, err)
		require.Equal(t, c.want, v, "%v", c.routes)
	}
	_, err := CardValue(data.MovementCard{Number: 9, Routes: []string{"F", "Q"}})
	require.ErrorContains(t, err, "movement card 9")
}

func TestRaidPhases(t *testing.T) {
	// The tracker gains 6 a phase and Senjutsu cards can pull it back 6.
	for players, want := range map[int]int{2: 5, 3: 5, 4: 6} {
		require.Equal(t, want, RaidPhases(testData, players))
	}
}

func TestGenerateDeals(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for _, mode := range []Mode{ModeRaid, ModeEscape, ModeFull} {
			for _, balanced := range []bool{false, true} {
				o := Options{Players: players, Seed: uint64(players*100 + int(mode)), Balanced: balanced, Mode: mode}
				s, err := Generate(testData, o)
				require.NoError(t, err)
				require.Len(t, s.Deals, map[Mode]int{ModeRaid: 1, ModeEscape: 1, ModeFull: 2}[mode])
				for _, d := range s.Deals {
					var all []int
					for _, dk := range d.Decks {
						require.Len(t, dk.Cards, 12)
						require.True(t, slices.IsSorted(dk.Cards))
						all = append(all, dk.Cards...)
					}
					require.Len(t, d.Aside, 12)
					all = append(all, d.Aside...)
					slices.Sort(all)
					require.Len(t, slices.Compact(all), 60, "every card exactly once")
					wantPhases := EscapePhases
					if d.Part == ModeRaid {
						wantPhases = RaidPhases(testData, players)
					}
					require.Len(t, d.Phases, wantPhases)
					for i, p := range d.Phases {
						if mode == ModeFull && d.Part == ModeEscape {
							require.Equal(t, -1, p.First)
						} else {
							require.Equal(t, (d.First+i)%players, p.First)
						}
					}
				}
			}
		}
	}
}

func TestGenerateRefuses(t *testing.T) {
	for _, o := range []Options{{Players: 1}, {Players: 5}, {Players: 3, Seed: generate.MaxSeed + 1}, {Players: 3, Mode: 3}} {
		_, err := Generate(testData, o)
		require.Error(t, err, "%+v", o)
	}
}

func TestFromCodeRebuildsTheSplit(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for _, mode := range []Mode{ModeRaid, ModeEscape, ModeFull} {
			for _, balanced := range []bool{false, true} {
				s, err := Generate(testData, Options{Players: players, Seed: 123456789, Balanced: balanced, Mode: mode})
				require.NoError(t, err)
				c, err := generate.ParseCode(s.Code.String())
				require.NoError(t, err)
				back, err := FromCode(testData, c)
				require.NoError(t, err)
				require.Equal(t, s, back)
			}
		}
	}
	_, err := FromCode(testData, generate.Code{Game: generate.GameBlades, Players: 3})
	require.ErrorContains(t, err, "not ninja squad")
	_, err = FromCode(testData, generate.Code{Game: generate.GameSquad, Players: 3, Variant: 3})
	require.ErrorContains(t, err, "variant 3")
	_, err = FromCode(testData, generate.Code{Game: generate.GameSquad, Players: 5})
	require.ErrorContains(t, err, "5 players, but Ninja Squad takes 2 to 4")
}

func TestFingerprintsDiffer(t *testing.T) {
	seen := map[string]Options{}
	for _, o := range []Options{
		{Players: 3, Seed: 1}, {Players: 3, Seed: 2}, {Players: 4, Seed: 1},
		{Players: 3, Seed: 1, Balanced: true}, {Players: 3, Seed: 1, Mode: ModeFull},
	} {
		s, err := Generate(testData, o)
		require.NoError(t, err)
		require.NotContains(t, seen, s.Fingerprint)
		seen[s.Fingerprint] = o
	}
}

// TestGolden locks the splits: a change here changes what every existing
// squad share code means.
func TestGolden(t *testing.T) {
	var sb strings.Builder
	for _, o := range []Options{
		{Players: 2, Seed: 1},
		{Players: 3, Seed: 42, Balanced: true},
		{Players: 4, Seed: 2026, Mode: ModeEscape},
		{Players: 3, Seed: generate.MaxSeed, Balanced: true, Mode: ModeFull},
	} {
		s, err := Generate(testData, o)
		require.NoError(t, err)
		fmt.Fprintf(&sb, "%+v\n%s\n", o, s.View("").Text())
	}
	path := filepath.Join("testdata", "splits.golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./generate/squad -update to create it")
	require.Equal(t, string(want), sb.String())
}

func TestTextFits80Columns(t *testing.T) {
	s, err := Generate(testData, Options{Players: 2, Seed: generate.MaxSeed, Mode: ModeFull})
	require.NoError(t, err)
	for _, l := range strings.Split(s.View("https://example.org/squad").Text(), "\n") {
		require.LessOrEqual(t, len(l), 80, l)
	}
}

// TestBalancedSplitsAreTighter compares the score spread of plain and
// balanced deals from the same seeds.
func TestBalancedSplitsAreTighter(t *testing.T) {
	const seeds = 300
	var plain, balanced []int
	// parts sums the reach, leaps and side spreads: plain, then balanced.
	var parts [2]int
	for seed := range uint64(seeds) {
		for k, b := range []bool{false, true} {
			s, err := Generate(testData, Options{Players: 4, Seed: seed, Balanced: b})
			require.NoError(t, err)
			sums := make([]Value, Decks)
			for i, dk := range s.Deals[0].Decks {
				sums[i] = dk.Value
			}
			_, rest := cost(sums)
			parts[k] += rest
			if b {
				balanced = append(balanced, s.Deals[0].Spread)
			} else {
				plain = append(plain, s.Deals[0].Spread)
			}
		}
	}
	mean := func(xs []int) float64 {
		sum := 0
		for _, x := range xs {
			sum += x
		}
		return float64(sum) / float64(len(xs))
	}
	slices.Sort(plain)
	slices.Sort(balanced)
	t.Logf("score spread over %d seeds: plain mean %.2f median %d max %d; balanced mean %.2f median %d max %d",
		seeds, mean(plain), plain[seeds/2], plain[seeds-1], mean(balanced), balanced[seeds/2], balanced[seeds-1])
	t.Logf("reach+leaps+side spreads, mean: plain %.2f, balanced %.2f", float64(parts[0])/seeds, float64(parts[1])/seeds)
	require.Less(t, parts[1], parts[0], "the parts come closer too")
	require.Less(t, mean(balanced)*4, mean(plain), "balanced spread should be well under a quarter of the plain one")
	require.LessOrEqual(t, balanced[seeds-1], plain[seeds/10], "the worst balanced split beats nine plain splits in ten")
}

func BenchmarkGenerateBalanced(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := Generate(testData, Options{Players: 4, Seed: seed, Balanced: true, Mode: ModeFull}); err != nil {
			b.Fatal(err)
		}
	}
}
