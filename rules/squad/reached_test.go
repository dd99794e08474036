package squad

import (
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// TestPushOntoTheRoof: Team Ninja! moves any ninja, so a rival can reach
// the palace roof on someone else's turn; that counts for the raid (S-28).
func TestPushOntoTheRoof(t *testing.T) {
	g, err := NewGame(data.DefaultSquad(), Options{Mode: Raid, Players: 3, Draws: Physical, Seed: 1})
	require.NoError(t, err)
	k := kindIndex(g.d.Senjutsu, "team-ninja")
	g.piles[SenjutsuPile].Draw[k]--
	g.seats[0].Senjutsu[k]++
	do(t, g, "play 1.1 home") // seat 1 on the roof
	require.Equal(t, rules.Seat(1), g.ToAct())
	do(t, g, "senjutsu 1 team-ninja", "reached 3 home")
	require.True(t, g.Home(2))
	require.Equal(t, rules.Seat(1), g.ToAct(), "the push ends nobody's turn")
	require.Equal(t, StageMove, g.Stage())
	home := kinds(g.Events(), EventHome)
	require.Len(t, home, 1)
	require.Equal(t, rules.Seat(2), home[0].Seat)
	again, _ := ParseAction("reached 3 c1", 3)
	var ie *IllegalError
	require.ErrorAs(t, g.Apply(again), &ie)
	require.Equal(t, "seat 3 is home already", ie.Reason)
	do(t, g, "play 1.1 home")
	res, _ := g.Outcome()
	require.Equal(t, RaidWon, res, "every ninja stands on the roof")

	// In a full game the pushed ninja's arrival counts for the escape's
	// first-player token like any other.
	f, err := NewGame(data.DefaultSquad(), Options{Mode: Full, Players: 3, Draws: Digital, Seed: 1})
	require.NoError(t, err)
	do(t, f, "play 1.1", "reached 3 home", "play 1.1 home", "play 1.1 home")
	require.Equal(t, Escape, f.Mode())
	require.Equal(t, rules.Seat(2), f.First(), "seat 3 reached the roof first")
}

// TestPushCollects: the cubes and lanterns a pushed ninja goes through are
// its own, paid out at the Guard Phase as any others.
func TestPushCollects(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	do(t, g, "reached 2 c2 l1")
	require.Equal(t, rules.Seat(0), g.ToAct())
	c, l := g.Collected(1)
	require.Equal(t, [2]int{2, 1}, [2]int{c, l})
	c, l = g.Collected(0)
	require.Zero(t, c+l)
	do(t, g, "play 1.1 l1")
	moveAll(t, g)
	do(t, g, "exposed -", "patrols -")
	require.Equal(t, 2, g.GuardsToAdd(), "a guard for each lantern, the pushed seat's too")
	require.Equal(t, 2, sum(g.seats[1].Senjutsu), "a Senjutsu card per cube")
	require.Zero(t, sum(g.seats[0].Senjutsu))
}

// TestKnockOntoBukiCubes: in the escape a rival knocked through Buki cubes
// takes the cards; the mover's turn goes on where it was.
func TestKnockOntoBukiCubes(t *testing.T) {
	g := newGame(t, Escape, 2, Physical)
	do(t, g, "reached 2 c1")
	p, s, ok := g.Owed()
	require.True(t, ok)
	require.Equal(t, [2]any{BukiPile, rules.Seat(1)}, [2]any{p, s})
	do(t, g, "draw 2 buki spear")
	require.Equal(t, StageMove, g.Stage(), "seat 1 has not moved yet")
	require.Equal(t, map[string]int{"spear": 1}, g.Hand(1, BukiPile))
	do(t, g, "play 1.1 c1", "draw 1 buki tonfa")
	require.Equal(t, StageAfter, g.Stage())
	do(t, g, "reached 2 c1", "draw 2 buki nunchaku")
	require.Equal(t, StageAfter, g.Stage(), "seat 1 has moved: its turn stays open")
	require.Equal(t, rules.Seat(0), g.ToAct())
	do(t, g, "end")
	require.Equal(t, rules.Seat(1), g.ToAct())

	digital := newGame(t, Escape, 2, Digital)
	do(t, digital, "reached 2 c2")
	require.Equal(t, 2, sum(digital.seats[1].Buki))
	require.Equal(t, StageMove, digital.Stage())
}

// TestKnockIntoTheForest: the first ninja in the Blue Forest wins the
// escape, knocked there or not.
func TestKnockIntoTheForest(t *testing.T) {
	g := newGame(t, Escape, 3, Digital)
	do(t, g, "star 1", "reached 3 c1 home")
	res, win := g.Outcome()
	require.Equal(t, [2]any{Escaped, rules.Seat(2)}, [2]any{res, win})
	require.Zero(t, sum(g.seats[2].Buki), "the escape is over: no card is drawn")
}

// TestDashMeetsEight: a dash runs two routes, so up to 8 cubes and 8
// lanterns (S-2); one card still meets at most 4.
func TestDashMeetsEight(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	useDash(t, g)
	nine, _ := ParseAction("dash 1.1 c8 l8", 2)
	nine.Met.Lanterns = 9
	var ie *IllegalError
	require.ErrorAs(t, g.Apply(nine), &ie)
	require.Equal(t, "a dash's two routes meet at most 8 cubes and 8 lanterns", ie.Reason)
	do(t, g, "dash 1.1 c8 l5")
	c, l := g.Collected(0)
	require.Equal(t, [2]int{8, 5}, [2]int{c, l})
}
