package tui

import (
	"encoding/json"
	"io"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/ninjakit/ninjakit/companion"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	"github.com/stretchr/testify/require"
)

func scorpionGame(t *testing.T, guards int) (Game, *memory) {
	t.Helper()
	o, err := sc.NewOptions(guards, nil)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	src := &memory{companion.Session{Name: "test", Game: sc.Game, Options: raw, Seed: 7, Created: time.Now()}}
	g, err := NewScorpion(src)
	require.NoError(t, err)
	return g, src
}

// TestScorpionViewers: the viewers are the roles of the game, the guard
// roles as the guard count makes them; the screen goes first to whom the
// game waits for.
func TestScorpionViewers(t *testing.T) {
	g, _ := scorpionGame(t, 2)
	var names []string
	for v := Viewer(0); g.Name(v) != ""; v++ {
		names = append(names, g.Name(v))
	}
	require.Equal(t, []string{"sword", "spear", "ninja", "traitor", "moderator"}, names)
	_, ok := g.Seat("guard")
	require.False(t, ok)
	v, ok := g.Waiting()
	require.True(t, ok)
	require.Equal(t, "sword", g.Name(v))
	require.True(t, g.Private(v))
	require.False(t, g.Private(Table))
}

// TestScorpionActsInOwnView: an action typed for the table is refused and
// stores nothing; typed in a role's view it is that role's, and the table
// reads only what all may read of it.
func TestScorpionActsInOwnView(t *testing.T) {
	g, src := scorpionGame(t, 1)
	_, err := g.Do(Table, "random")
	require.ErrorContains(t, err, "typed in a role's own view")
	require.Empty(t, src.s.Events)

	guard, _ := g.Seat("guard")
	said, err := g.Do(guard, "random")
	require.NoError(t, err)
	require.Equal(t, "the guards finish their set-up at random", said)
	require.Len(t, src.s.Events, 1)
	styles := NewStyles(io.Discard, false)
	require.NotContains(t, g.Board(styles), "Hidden")
	require.Contains(t, g.Secret(guard, styles), "Hidden (guards only): ")

	_, err = g.Do(guard, "ready")
	require.NoError(t, err)
	require.Contains(t, g.Board(styles), "The guards' commitment, to write down or photograph: G-")
	require.Contains(t, g.Board(styles), "▄", "with its QR code")

	ninja, _ := g.Seat("ninja")
	_, err = g.Do(ninja, "move CA1")
	require.ErrorContains(t, err, "during set-up the intruders use")
	require.Len(t, src.s.Events, 2)
	require.NotEmpty(t, g.Choices(ninja))
	require.Empty(t, g.Choices(Table))
}

// TestScorpionKeepsTheViewWhileTheRoleActs: a role's own view stays open
// after its action while the game still waits on that role, and goes back
// to the board, wiped, once it waits on others.
func TestScorpionKeepsTheViewWhileTheRoleActs(t *testing.T) {
	g, src := scorpionGame(t, 1)
	m := New(g, NewStyles(io.Discard, false), Refresh(0))
	send(m, tea.KeyEnter, tea.KeyEnter)
	require.Contains(t, m.View(), "Private to guard")
	send(m, "random", tea.KeyEnter)
	require.Len(t, src.s.Events, 1)
	v := m.View()
	require.Contains(t, v, "Private to guard", "the guard still sets up: no pass to himself")
	require.Contains(t, v, "the guards finish their set-up at random")
	require.Contains(t, v, "Hidden (guards only)")
	send(m, "ready", tea.KeyEnter)
	require.Len(t, src.s.Events, 2)
	v = m.View()
	require.NotContains(t, v, "Private to guard", "the game waits on the intruders now")
	require.NotContains(t, v, "Hidden (guards only)")
	send(m, tea.KeyEnter)
	require.Contains(t, m.View(), "Pass the device to ninja")
}
