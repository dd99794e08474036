package knights

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// stepCap bounds a random game; random duels can circle through drafts for
// a long time, 3-6 player games end once the target has fallen far enough.
const stepCap = 20000

// choose picks a random legal action. A timid player mostly discards or
// fortifies instead of attacking, which makes long games that go through
// many reshuffles, so the falling target gets exercised.
func choose(g *Game, r *rand.Rand, timid bool) Action {
	legal := g.LegalActions()
	if timid && g.phase == PhaseMain && g.target == NoSeat && r.IntN(10) < 9 {
		var quiet []Action
		for _, a := range legal {
			if a.typ == ActDiscard || a.typ == ActFortify {
				quiet = append(quiet, a)
			}
		}
		if len(quiet) > 0 {
			return quiet[r.IntN(len(quiet))]
		}
	}
	return legal[r.IntN(len(legal))]
}

// mask is what a physical table reports for a digital action: cards paid to
// a Monk change hands face down.
func mask(a Action) Action {
	if a.Type() == ActPayCards {
		return PayCardsAction()
	}
	return a
}

// TestRandomGames plays random legal games for 2 to 6 players (200, or
// 2000 under NINJAKIT_SWEEP=1).
// Each digital game is mirrored move for move by a physical game that sees
// only what a real table shows: the physical engine must accept every move
// and agree on every count. Along the way: gems and cards are conserved, the
// target falls by one per reshuffle, positions and actions round-trip, and
// every game ends or hits the cap.
func TestRandomGames(t *testing.T) {
	games := sweep.Count(t, 80, 2000)
	ended, capped := map[int]int{}, map[int]int{}
	deep := 0 // games whose target fell to 5 or less
	for i := range games {
		players := 2 + i%5
		seed := uint64(i)
		timid := i%10 >= 5
		t.Run(fmt.Sprintf("%dp-seed%d", players, seed), func(t *testing.T) {
			over, resh := mirrorGame(t, players, seed, timid)
			if over {
				ended[players]++
			} else {
				capped[players]++
			}
			if players > 2 && resh >= 5 {
				deep++
			}
		})
		if t.Failed() {
			return
		}
	}
	for p := 3; p <= 6; p++ {
		require.Zero(t, capped[p], "every %d-player game ends", p)
	}
	require.Positive(t, ended[2], "some duels end")
	require.Greater(t, deep, games/20, "enough games drive the target down")
	t.Logf("ended by player count %v, capped %v, %d games with 5+ reshuffles", ended, capped, deep)
}

func mirrorGame(t *testing.T, players int, seed uint64, timid bool) (over bool, reshuffles int) {
	r := rules.NewRand(seed, "test/deal")
	pick := rules.NewRand(seed, "test/pick")
	d, err := NewGame(Config{Players: players, First: rules.Seat(seed % uint64(players))}, r)
	require.NoError(t, err)
	p, err := NewGame(Config{Players: players, Mode: Physical, First: rules.Seat(seed % uint64(players))}, nil)
	require.NoError(t, err)
	gems := d.TotalGems()
	resh := 0
	for step := 0; step < stepCap; step++ {
		checkInvariants(t, d, gems)
		checkInvariants(t, p, gems)
		requireMirror(t, d, p)
		require.GreaterOrEqual(t, d.Reshuffles(), resh)
		resh = d.Reshuffles()
		if step%17 == 0 {
			requireRoundTrip(t, d)
			requireRoundTrip(t, p)
		}
		if d.Outcome().Over() {
			return true, resh
		}
		for _, a := range d.LegalActions() {
			b, err := ParseAction(a.String())
			require.NoError(t, err)
			require.True(t, a.Equal(b), "%s round-trips", a)
		}
		target := d.Target()
		a := choose(d, pick, timid)
		require.NoError(t, d.Apply(a), "digital %s in %s", a, d)
		require.NoError(t, p.Apply(mask(a)), "physical %s in %s (digital %s)", mask(a), p, d)
		if !d.duel() {
			require.Equal(t, max(1, target-(d.Reshuffles()-resh)), d.Target(), "one gem less per reshuffle")
		}
	}
	return false, resh
}

// requireMirror compares what a physical table can know with the digital
// game it mirrors.
func requireMirror(t *testing.T, d, p *Game) {
	t.Helper()
	require.Equal(t, d.phase, p.phase)
	require.Equal(t, d.turn, p.turn)
	require.Equal(t, d.ToAct(), p.ToAct())
	require.Equal(t, d.gems, p.gems)
	require.Equal(t, d.forts, p.forts)
	require.Equal(t, d.deck.Discard, p.deck.Discard)
	require.Equal(t, len(d.deck.Draw), len(p.deck.Draw))
	require.Equal(t, d.Reshuffles(), p.Reshuffles())
	require.Equal(t, d.atk, p.atk)
	require.Equal(t, d.winner, p.winner)
	require.Equal(t, len(d.pile), len(p.pile))
	for s := range d.n {
		require.Equal(t, len(d.hands[s]), len(p.hands[s]), "hand of seat %d", s+1)
	}
}

// TestRandomPhysicalGames plays physical games on their own, choosing among
// everything the engine could believe a seat holds.
func TestRandomPhysicalGames(t *testing.T) {
	games := sweep.Count(t, 100, 300)
	for i := range games {
		players := 2 + i%5
		pick := rules.NewRand(uint64(i), "test/physical")
		g, err := NewGame(Config{Players: players, Mode: Physical}, nil)
		require.NoError(t, err)
		gems := g.TotalGems()
		for step := 0; step < stepCap && !g.Outcome().Over(); step++ {
			checkInvariants(t, g, gems)
			require.NoError(t, g.Apply(choose(g, pick, i%2 == 1)))
		}
		checkInvariants(t, g, gems)
	}
}

// TestTargetFallsPerReshuffle follows the target through one long game.
func TestTargetFallsPerReshuffle(t *testing.T) {
	for seed := range uint64(20) {
		g, err := NewGame(Config{Players: 4}, rules.NewRand(seed, "test/deal"))
		require.NoError(t, err)
		pick := rules.NewRand(seed, "test/pick")
		for !g.Outcome().Over() {
			before, target := g.Reshuffles(), g.Target()
			require.NoError(t, g.Apply(choose(g, pick, true)))
			require.Equal(t, max(1, target-(g.Reshuffles()-before)), g.Target())
		}
		require.GreaterOrEqual(t, g.Gems(g.Winner()), g.Target(), "the winner holds the target")
	}
}

func randomGame(r *rand.Rand, players int) *Game {
	g, _ := NewGame(Config{Players: players}, r)
	for step := 0; step < stepCap && !g.Outcome().Over(); step++ {
		legal := g.LegalActions()
		_ = g.Apply(legal[r.IntN(len(legal))])
	}
	return g
}

func BenchmarkRandomGame(b *testing.B) {
	r := rules.NewRand(1, "bench")
	steps := 0
	for b.Loop() {
		g := randomGame(r, 4)
		if !g.Outcome().Over() {
			b.Fatal("a 4-player game hit the cap")
		}
		steps++
	}
}
