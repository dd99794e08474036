package knights

import (
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// pos reads a position or fails the test.
func pos(t testing.TB, s string) *Game {
	t.Helper()
	g, err := ParsePosition(s)
	require.NoError(t, err, s)
	return g
}

// play applies actions written in notation, failing on the first refusal.
func play(t testing.TB, g *Game, actions ...string) {
	t.Helper()
	for _, s := range actions {
		a, err := ParseAction(s)
		require.NoError(t, err, s)
		require.NoError(t, g.Apply(a), "%s in %s", s, g)
	}
}

// refuse checks that an action is refused as illegal with a reason
// containing want, and that the game did not change.
func refuse(t testing.TB, g *Game, action, want string) {
	t.Helper()
	a, err := ParseAction(action)
	require.NoError(t, err, action)
	before := g.String()
	err = g.Apply(a)
	require.ErrorIs(t, err, rules.ErrIllegal, action)
	require.ErrorContains(t, err, want, action)
	require.Equal(t, before, g.String(), "a refused action changed the game")
}

// legal reports whether the game lists the action.
func legal(t testing.TB, g *Game, action string) bool {
	t.Helper()
	a, err := ParseAction(action)
	require.NoError(t, err, action)
	return g.IsLegal(a)
}

func seat(n int) rules.Seat { return rules.Seat(n - 1) }

// checkInvariants asserts what must hold in every reachable state.
func checkInvariants(t testing.TB, g *Game, gems int) {
	t.Helper()
	require.Equal(t, gems, g.TotalGems(), "gems conserved")
	for s := range g.n {
		require.GreaterOrEqual(t, g.gems[s], 0)
	}
	require.NoError(t, g.checkCards(), "cards conserved")
	require.False(t, g.phase != PhaseOver && len(g.deck.Draw) == 0 && len(g.deck.Discard) > 0, "an empty draw pile in play is refilled at once (ruling K5)")
	if !g.duel() {
		require.Equal(t, max(1, 10-g.Reshuffles()), g.Target())
	}
	if g.phase != PhaseOver {
		require.NotEmpty(t, g.LegalActions(), "a game in play always has a legal action: %s", g)
		require.Equal(t, NoSeat, g.winner)
	} else {
		require.NotEqual(t, NoSeat, g.winner)
		require.Empty(t, g.LegalActions())
		requireRoundTrip(t, g)
	}
}

// requireRoundTrip checks the position reads back as itself.
func requireRoundTrip(t testing.TB, g *Game) {
	t.Helper()
	back, err := ParsePositionSpec(g.String(), g.spec)
	require.NoError(t, err, g.String())
	require.Equal(t, g.String(), back.String())
}
