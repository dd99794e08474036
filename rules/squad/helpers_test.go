package squad

import (
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func newGame(t *testing.T, mode Mode, players int, draws Draws) *Game {
	t.Helper()
	g, err := NewGame(data.DefaultSquad(), Options{Mode: mode, Players: players, Draws: draws, Seed: 42})
	require.NoError(t, err)
	return g
}

// do applies actions written in notation, failing on the first refusal.
func do(t *testing.T, g *Game, actions ...string) {
	t.Helper()
	for _, s := range actions {
		a, err := ParseAction(s, g.Players())
		require.NoError(t, err)
		require.NoError(t, g.Apply(a), "%s at %s", s, g.Position())
	}
}

// moveAll plays "play 1.1" until the movement phase is over.
func moveAll(t *testing.T, g *Game) {
	t.Helper()
	for g.Stage() == StageMove {
		do(t, g, "play 1.1")
	}
}

// useDash hands seat 1 a Ninja Dash (one more stays in the pile) and
// has it used, so the turn plays both face-up cards.
func useDash(t *testing.T, g *Game) {
	t.Helper()
	k := kindIndex(g.d.Senjutsu, "ninja-dash")
	g.seats[0].Senjutsu[k], g.piles[SenjutsuPile].Draw[k] = 1, 1
	do(t, g, "senjutsu 1 ninja-dash")
}

// quietGuardPhase reports nobody exposed and no patrol take-outs.
func quietGuardPhase(t *testing.T, g *Game) {
	t.Helper()
	do(t, g, "exposed -", "patrols -")
}

func cards(g *Game, s rules.Seat) [4]int {
	a, b, c, d := g.Cards(s)
	return [4]int{a, b, c, d}
}

func kinds(evs []Event, k EventKind) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}
