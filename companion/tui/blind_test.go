package tui

import (
	"encoding/json"
	"io"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blind"
	"github.com/stretchr/testify/require"
)

func blindGame(t *testing.T, names ...string) (Game, *memory) {
	t.Helper()
	o, err := cb.NewOptions(0, names, "", 0, "")
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	src := &memory{companion.Session{Name: "test", Game: cb.Game, Options: raw, Created: time.Now()}}
	g, err := NewBlind(src)
	require.NoError(t, err)
	return g, src
}

// TestBlindPlacesThenOrders: on 8x8 the screen waits for each player's
// start in turn, then for orders; the board never shows a square of a
// ninja, a player's own view shows theirs.
func TestBlindPlacesThenOrders(t *testing.T) {
	g, _ := blindGame(t, "ann", "bob", "cy")
	s := NewStyles(io.Discard, false)
	v, ok := g.Waiting()
	require.True(t, ok)
	require.Equal(t, Viewer(0), v)
	require.Contains(t, g.Secret(0, s), "Choose four squares of your edge")
	_, err := g.Do(Table, "start a b c d")
	require.ErrorContains(t, err, "orders are secret")
	said, err := g.Do(0, "start b d e h")
	require.NoError(t, err)
	require.Equal(t, "ann placed their ninjas", said)
	v, _ = g.Waiting()
	require.Equal(t, Viewer(1), v)
	_, err = g.Do(1, "start 1 2 3 9")
	require.Error(t, err)
	_, err = g.Do(1, "start 1 2 3 4")
	require.NoError(t, err)
	_, err = g.Do(2, "start a8 b8 c8 h8")
	require.NoError(t, err)
	require.NotContains(t, g.Board(s), "B1")
	require.Contains(t, g.Secret(0, s), "Ninjas: 1 on B1 facing north")
	require.Contains(t, g.Secret(0, s), "m t:e s x")

	// The picker offers each ninja's orders, the others standing.
	var texts []string
	for _, c := range g.Choices(0) {
		texts = append(texts, c.Path[0]+" / "+c.Path[1]+" = "+c.Text)
	}
	require.Contains(t, texts, "ninja 4 on H1 facing north / slash = s s s x")
	require.Contains(t, texts, "ninja 1 on B1 facing north / turn east = t:e s s s")
	require.NotContains(t, texts, "ninja 1 on B1 facing north / turn north = t:n s s s")
	require.Empty(t, g.Choices(1), "not bob's turn")
	require.Empty(t, g.Choices(Table))

	said, err = g.Do(0, "orders s s s x")
	require.NoError(t, err)
	require.Equal(t, "ann gave orders\nSlash! H2: ann swish, bob grunt, cy swish", said)
	require.Contains(t, g.Board(s), "H2  last turn, by ann: ann swish, bob grunt, cy swish")
}
