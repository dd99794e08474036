package squad

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/internal/sweep"
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
	// A rival pushed home is listed with every count met: mostly pick
	// again, or games would end in a few turns.
	a := legal[r.IntN(len(legal))]
	for a.Type == ActReached && a.Met.Home && r.IntN(8) != 0 {
		a = legal[r.IntN(len(legal))]
	}
	return a
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

// mirror plays on a physical game what a digital one just did: the same
// action, then every card the digital piles gave, reported one by one.
func mirror(t *testing.T, digital, physical *Game, a Action) int {
	t.Helper()
	if a.Type == ActSpring && a.Kind == "trip-wire" {
		if lost := kinds(digital.Events(), EventTrapLoss); len(lost) > 0 {
			a.Lost = lost[0].Card
		}
	}
	require.NoError(t, physical.Apply(a), "%s at %s", a, physical.Position())
	for _, e := range kinds(digital.Events(), EventDrew) {
		require.Equal(t, StageDraw, physical.Stage(), physical.Position())
		require.NoError(t, physical.Apply(Action{Type: ActDraw, Seat: e.Seat, Pile: e.Pile, Kind: e.Card}))
	}
	require.Equal(t, comparable(digital.Position()), comparable(physical.Position()))
	return len(kinds(digital.Events(), EventDrew))
}

// comparable drops what differs between the two ways to draw.
func comparable(pos string) string {
	var keep []string
	for _, f := range strings.Fields(pos) {
		if !strings.HasPrefix(f, "draws=") && !strings.HasPrefix(f, "step=") {
			keep = append(keep, f)
		}
	}
	return strings.Join(keep, " ")
}

// TestMirroredGames: a physical game told the cards a digital one drew
// accepts every action and ends in the same state.
func TestMirroredGames(t *testing.T) {
	d := data.DefaultSquad()
	r := rand.New(rand.NewPCG(3, 5))
	drawn := map[Pile]int{}
	for players := 2; players <= 4; players++ {
		for i := range 10 {
			o := Options{Mode: Full, Players: players, Seed: uint64(i), Speedy: i%2 == 0}
			digital, err := NewGame(d, o)
			require.NoError(t, err)
			o.Draws = Physical
			physical, err := NewGame(d, o)
			require.NoError(t, err)
			for range stepCap {
				if res, _ := digital.Outcome(); res != Playing {
					break
				}
				a := choose(digital, r)
				require.NoError(t, digital.Apply(a))
				if mirror(t, digital, physical, a) > 0 {
					drawn[kinds(digital.Events(), EventDrew)[0].Pile]++
				}
			}
		}
	}
	for p := range Pile(3) {
		require.Positive(t, drawn[p], "%s cards were mirrored", p)
	}
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
	seeds := sweep.Count(t, 4, 12)
	for players := 2; players <= 4; players++ {
		for _, mode := range []Mode{Raid, Escape, Full} {
			for _, draws := range []Draws{Digital, Physical} {
				for i := range seeds {
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
	legal := g.LegalActions()
	if g.stage == StageMove {
		dash := slices.ContainsFunc(legal, func(a Action) bool { return a.Type == ActDash })
		require.Equal(t, dash, g.Dashing(g.turn), "Dashing says whether the dashes are the moves: %s", pos)
	}
	for _, a := range legal {
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
