package tui

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	"github.com/stretchr/testify/require"
)

// memory is a Source kept in memory: each Append runs the check on the
// session as it stands, as the store does.
type memory struct{ s companion.Session }

func (m *memory) Load() (companion.Session, error) { return m.s, nil }

func (m *memory) Append(check func(companion.Session) ([]companion.Event, error)) error {
	es, err := check(m.s)
	if err != nil {
		return err
	}
	for _, e := range es {
		e.Seq = len(m.s.Events) + 1
		m.s.Events = append(m.s.Events, e)
	}
	return nil
}

func bladesAt(t *testing.T, position string) (Game, *memory) {
	t.Helper()
	o, err := cb.NewOptions(0, "", "", "dealt", position)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	src := &memory{companion.Session{Name: "test", Game: cb.Game, Options: raw, Created: time.Now()}}
	g, err := NewBlades(src)
	require.NoError(t, err)
	return g, src
}

// TestBladesBombMarksWhatItRemoved: the board marks every ninja a bomb
// removed, the thrower too when it stood in the blast (ruling B-3), and
// names them under the board.
func TestBladesBombMarksWhatItRemoved(t *testing.T) {
	g, _ := bladesAt(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0")
	said, err := g.Do(0, "bomb a1 a2")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(said, "seat 1: Red's Bomb from a1 landed on a2 and removed 2 Red ninjas on a1 and b1"), said)
	board := g.Board(NewStyles(io.Discard, false))
	require.Contains(t, board, "Last: Red's Bomb from a1 landed on a2 and removed 2 Red ninjas on a1 and b1, 2\n  Yellow ninjas on a2 and b2 and a Blue ninja on a3;")
	require.Contains(t, board, "  3  x  .  .")
	require.Contains(t, board, "  1  x  x  .")
	require.NotContains(t, board, "(.)", "a bomb carries nobody away")
}

// TestBladesAttackMarksTheMover: the attacker is marked where it landed,
// and the cell it left.
func TestBladesAttackMarksTheMover(t *testing.T) {
	g, _ := bladesAt(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0")
	_, err := g.Do(Table, "attack a1 a2")
	require.NoError(t, err)
	board := g.Board(NewStyles(io.Discard, false))
	require.Contains(t, board, "  2 [R] Y  .")
	require.Contains(t, board, "  1 (.) R  .")
	require.Contains(t, board, "Last: Red's attack from a1 removed a Yellow ninja on a2\n")
	require.True(t, strings.Contains(board, "seat 2 (Yellow) to move"), board)
}

// TestBladesCardRefusedForTheTable: a card play typed for the table gets
// the neutral line of ruling C-4; the owner gets the reason.
func TestBladesCardRefusedForTheTable(t *testing.T) {
	g, _ := bladesAt(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:S,2,- 0,0,0")
	_, err := g.Do(Table, "bomb a1 a2")
	require.ErrorContains(t, err, "the reason is in a hidden hand")
	_, err = g.Do(0, "bomb a1 a2")
	require.Error(t, err)
	require.NotContains(t, err.Error(), "the reason is in a hidden hand")
	_, err = g.Do(Table, "keep bomb")
	require.ErrorContains(t, err, "own view")
}

// TestBladesAfterUndo: the table mode reads a session that undo has been
// through (ruling C-11): the board diff replays the live log only, and the
// message of a play is that play, never the note of a card taken back that
// stood at a later seq.
func TestBladesAfterUndo(t *testing.T) {
	g, src := bladesAt(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0")
	for _, play := range []struct {
		v    Viewer
		move string
	}{{Table, "attack a1 a2"}, {Table, "pass"}, {Table, "pass"}, {0, "shuriken b1 b2"}} {
		_, err := g.Do(play.v, play.move)
		require.NoError(t, err, play.move)
	}
	// Undo the shuriken (seq 4), then the pass (seq 3), as the store does.
	ev := src.s.Events
	src.s.Retracted = []companion.Event{ev[3], ev[2]}
	src.s.Events = ev[:2]
	require.NoError(t, g.Refresh())
	said, err := g.Do(Table, "attack a3 a2")
	require.NoError(t, err, "the board diff replays the live log only")
	require.NotContains(t, said, "taken back")
	require.Contains(t, said, "Blue's attack from a3")
	require.Contains(t, g.Board(NewStyles(io.Discard, false)), "Last: Blue's attack from a3")
}

// TestBladesKeepRefusalNamesCards: in its own view a seat that asks for
// cards it was not dealt reads them by name, never as position letters, and
// a long paste comes back cut.
func TestBladesKeepRefusalNamesCards(t *testing.T) {
	g, _ := bladesAt(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BSSC?,-?,-? 0,0,0")
	_, err := g.Do(0, "keep 3 bomb")
	require.EqualError(t, err, "not allowed: you were dealt 1 Bomb; you asked to keep 3")
	_, err = g.Do(0, "keep")
	require.EqualError(t, err, "bad notation: name the cards to keep, or none")

	m := New(g, NewStyles(io.Discard, false), Refresh(0))
	long := strings.Repeat("shuriken", 20)
	send(m, tea.KeyEnter, tea.KeyEnter, "keep 2 vanish", tea.KeyEnter)
	v := m.View()
	require.Contains(t, v, "you were dealt no Vanishing; you asked to keep 2")
	require.NotContains(t, v, "BSSC")
	send(m, "keep "+long, tea.KeyEnter)
	v = m.View()
	require.Contains(t, v, `"`+long[:40]+`..."`)
	require.NotContains(t, v, long[:41])
}

// TestBladesSeatLinesAlign: the hunters stand in one column whatever the
// length of the prey's names.
func TestBladesSeatLinesAlign(t *testing.T) {
	g, _ := bladesAt(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0")
	col := -1
	for _, l := range strings.Split(g.Board(NewStyles(io.Discard, false)), "\n") {
		if !strings.Contains(l, "hunters:") {
			continue
		}
		if col < 0 {
			col = strings.Index(l, "hunters:")
		}
		require.Equal(t, col, strings.Index(l, "hunters:"), l)
	}
	require.Positive(t, col)
}
