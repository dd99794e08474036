package tui

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	"github.com/stretchr/testify/require"
)

// TestScorpionBotGuardsAtTheTable: in the table mode the bot guards set up
// and play between the people's turns, each action told under the board;
// their role's view is never shown, nobody acts for them, and what the
// table is told hides their secrets.
func TestScorpionBotGuardsAtTheTable(t *testing.T) {
	o, err := sc.NewOptions(1, nil)
	require.NoError(t, err)
	o, err = o.WithBots([]string{"guard=easy"})
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	src := &memory{companion.Session{Name: "solo", Game: sc.Game, Options: raw, Seed: 3, Created: time.Now()}}
	g, err := NewScorpion(src)
	require.NoError(t, err)
	styles := NewStyles(io.Discard, false)
	m := New(g, styles, BotPause(0), Refresh(0))
	for range 8 {
		m.Update(botTurn{})
	}
	require.Len(t, src.s.Events, 8, "the bot guards' set-up")
	view := m.View()
	require.Contains(t, view, "Guard (bot): the guards place their sleeping guards.")
	require.NotContains(t, view, "sleeping guards:")

	guard, ok := g.Seat("guard")
	require.True(t, ok)
	b := g.(Botter)
	require.True(t, b.Bot(guard))
	require.Equal(t, "guard (bot)", g.Name(guard))
	require.False(t, g.Private(guard))
	require.Empty(t, g.Secret(guard, styles))
	require.Empty(t, g.Choices(guard))
	_, err = g.Do(guard, "ready")
	require.ErrorContains(t, err, "the guard is a bot")

	ninja, _ := g.Seat("ninja")
	traitor, _ := g.Seat("traitor")
	require.NotContains(t, g.Secret(ninja, styles), "Hidden (guards only)")
	for _, c := range []struct {
		v    Viewer
		text string
	}{{ninja, "random"}, {traitor, "random"}, {ninja, "ready"}, {traitor, "ready"}} {
		_, err := g.Do(c.v, c.text)
		require.NoError(t, err, c.text)
	}
	before := len(src.s.Events)
	for range 40 {
		if _, acted, err := b.BotStep(); err != nil || !acted {
			require.NoError(t, err)
			break
		}
	}
	require.Greater(t, len(src.s.Events), before+2, "the bot guards played their turn")
	w, ok := g.Waiting()
	require.True(t, ok)
	require.False(t, b.Bot(w), "the table waits on a person again")
	require.True(t, strings.Contains(g.Board(styles), "intruders phase"))
}
