package squad

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// stepCap bounds a random game; the escape has no clock, so a table that
// never reports a ninja home could play on.
const stepCap = 5000

// choose picks a random legal action, mostly plain moves with little met,
// so games last several phases and pass through every stage.
func choose(g *Game, r *rand.Rand) Action {
	legal := g.LegalActions()
	var plain []Action
	for _, a := range legal {
		quiet := a.Met.Cubes <= 1 && a.Met.Lanterns <= 1 && !(a.Met.Guard && a.Met.Home)
		if (a.Type == ActPlay || a.Type == ActDash) && quiet && (!a.Met.Home || r.IntN(8) == 0) {
			plain = append(plain, a)
		}
	}
	if len(plain) > 0 && r.IntN(10) < 8 {
		return plain[r.IntN(len(plain))]
	}
	return legal[r.IntN(len(legal))]
}

func randomGame(t testing.TB, d *data.Squad, o Options, r *rand.Rand, check func(*Game)) *Game {
	g, err := NewGame(d, o)
	require.NoError(t, err)
	for range stepCap {
		if res, _ := g.Outcome(); res != Playing {
			break
		}
		a := choose(g, r)
		require.NoError(t, g.Apply(a), "%s in %s", a, g.Position())
		if check != nil {
			check(g)
		}
	}
	return g
}

// TestRandomGames plays random legal games of every mode and player count,
// digital and physical. After every action: movement cards add up to a
// deck per seat, piles and hands add up to the data's counts, no count is
// negative, the position and the action round-trip; every game ends or hits
// the cap, and a raid always ends.
func TestRandomGames(t *testing.T) {
	d := data.DefaultSquad()
	r := rand.New(rand.NewPCG(7, 11))
	ended := 0
	games := 0
	for players := 2; players <= 4; players++ {
		for _, mode := range []Mode{Raid, Escape, Full} {
			for _, draws := range []Draws{Digital, Physical} {
				for i := range 12 {
					o := Options{Mode: mode, Players: players, Draws: draws, Seed: uint64(i), First: rules.Seat(i % players), Speedy: mode == Raid && i%3 == 0}
					g := randomGame(t, d, o, r, func(g *Game) { invariants(t, g) })
					games++
					res, _ := g.Outcome()
					if res != Playing {
						ended++
					} else {
						require.NotEqual(t, Raid, mode, "a raid always ends: %s", g.Position())
					}
				}
			}
		}
	}
	require.Greater(t, ended, games*9/10)
}

func invariants(t testing.TB, g *Game) {
	t.Helper()
	pos := g.Position()
	back, err := ParsePosition(g.d, pos)
	require.NoError(t, err, pos)
	require.Equal(t, pos, back.Position())
	require.NoError(t, g.check(), pos)
	for _, s := range g.seats {
		for _, n := range append([]int{s.Draw, s.Up, s.Played, s.Discarded, s.Missed, s.Cubes, s.Lanterns}, append(s.Senjutsu, s.Buki...)...) {
			require.GreaterOrEqual(t, n, 0, pos)
		}
	}
	for _, p := range g.piles {
		for _, n := range append(append([]int(nil), p.Draw...), p.Discard...) {
			require.GreaterOrEqual(t, n, 0, pos)
		}
	}
	require.GreaterOrEqual(t, g.alarm, 0)
	for _, a := range g.LegalActions() {
		back, err := ParseAction(a.String(), len(g.seats))
		require.NoError(t, err, a.String())
		require.Equal(t, a, back, a.String())
	}
}

func BenchmarkRandomGame(b *testing.B) {
	d := data.DefaultSquad()
	r := rand.New(rand.NewPCG(1, 2))
	for i := range b.N {
		randomGame(b, d, Options{Mode: Full, Players: 2 + i%3, Seed: uint64(i)}, r, nil)
	}
}

func ExampleRotation() {
	for phase := 1; phase <= 4; phase++ {
		fmt.Println(Rotation(3, phase))
	}
	// Output:
	// [1 2 3] [4]
	// [4 1 2] [3]
	// [3 4 1] [2]
	// [2 3 4] [1]
}
