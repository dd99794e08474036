package tui

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"
)

// fakeGame is two seats, each with a secret word; it refuses everything
// typed with the reason "SECRET-n" for seat n's eyes only.
type fakeGame struct{ done []string }

func (*fakeGame) Title() string           { return "fake" }
func (*fakeGame) Refresh() error          { return nil }
func (*fakeGame) Board(Styles) string     { return "BOARD\n" }
func (*fakeGame) Waiting() (Viewer, bool) { return 1, true }
func (*fakeGame) Private(Viewer) bool     { return true }
func (*fakeGame) Words(Viewer) []string   { return []string{"pass"} }

func (*fakeGame) Name(v Viewer) string {
	if v < 0 || v > 1 {
		return ""
	}
	return fmt.Sprintf("p%d", v+1)
}

func (*fakeGame) Seat(w string) (Viewer, bool) {
	switch w {
	case "p1":
		return 0, true
	case "p2":
		return 1, true
	}
	return Table, false
}

func (*fakeGame) Secret(v Viewer, _ Styles) string { return fmt.Sprintf("Your hand: SECRET-%d\n", v+1) }

func (*fakeGame) Choices(v Viewer) []Choice {
	out := []Choice{{Text: "pass"}}
	if v == Table {
		return out
	}
	for i := range 432 {
		out = append(out, Choice{Path: []string{"bomb", fmt.Sprintf("from c%d", i%4+1)}, Text: fmt.Sprintf("bomb c%d t%d", i%4+1, i)})
	}
	return out
}

func (g *fakeGame) Do(v Viewer, text string) (string, error) {
	if text == "pass" {
		g.done = append(g.done, text)
		return "someone passed", nil
	}
	if v == Table {
		return "", errors.New("not allowed")
	}
	return "", fmt.Errorf("not allowed: SECRET-%d", v+1)
}

func send(m *Model, keys ...any) {
	for _, k := range keys {
		switch k := k.(type) {
		case tea.KeyType:
			m.Update(tea.KeyMsg{Type: k})
		case string:
			m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
	}
}

func TestHandoffShowsNothingHidden(t *testing.T) {
	m := New(&fakeGame{}, NewStyles(io.Discard, false), Refresh(0))
	require.NotContains(t, m.View(), "SECRET")
	send(m, tea.KeyEnter)
	v := m.View()
	require.Contains(t, v, "Pass the device to p2")
	require.NotContains(t, v, "SECRET")
	require.NotContains(t, v, "BOARD", "the prompt hides even the board while the device changes hands")
	send(m, tea.KeyEnter)
	require.Contains(t, m.View(), "Your hand: SECRET-2")
}

func TestLeavingPrivateViewForgetsIt(t *testing.T) {
	m := New(&fakeGame{}, NewStyles(io.Discard, false), Refresh(0))
	send(m, tea.KeyEnter, tea.KeyEnter, "bomb c1 t0", tea.KeyEnter)
	require.Contains(t, m.View(), "not allowed: SECRET-2", "the owner reads the real reason")
	send(m, "bo", tea.KeyTab)
	require.Contains(t, m.View(), "bomb c")
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	require.NotNil(t, cmd, "leaving asks for a wiped screen")
	v := m.View()
	require.NotContains(t, v, "SECRET", "neither the hand nor the refusal stays for the table")
	require.NotContains(t, v, "bomb")
	send(m, tea.KeyUp)
	require.NotContains(t, m.View(), "bomb", "the table's history holds nothing p2 typed alone")

	send(m, "hand p1", tea.KeyEnter, tea.KeyEnter, tea.KeyUp)
	require.NotContains(t, m.View(), "bomb", "p1's history holds nothing p2 typed")
	send(m, tea.KeyEsc, "hand p2", tea.KeyEnter, tea.KeyEnter, tea.KeyUp)
	require.Contains(t, m.View(), "p2> bomb c1 t0_", "p2 gets their own history back")
}

func TestSuccessInPrivateReturnsToTheBoard(t *testing.T) {
	g := &fakeGame{}
	m := New(g, NewStyles(io.Discard, false), Refresh(0))
	send(m, tea.KeyEnter, tea.KeyEnter, "pa", tea.KeyTab, tea.KeyEnter)
	require.Equal(t, []string{"pass"}, g.done)
	v := m.View()
	require.Contains(t, v, "someone passed")
	require.NotContains(t, v, "SECRET")
}

func TestPickerGroupsWithCounts(t *testing.T) {
	p := newPicker((&fakeGame{}).Choices(0))
	v := p.view(NewStyles(io.Discard, false), 40)
	require.Contains(t, v, "433 move(s)")
	require.Contains(t, v, "> bomb (432)")
	require.Equal(t, 2, len(p.rows()), "pass and one closed group")
	p.move(1)
	p.choose()
	require.Contains(t, p.view(NewStyles(io.Discard, false), 40), "> from c1 (108)")
	p.move(1)
	p.setOpen(true)
	p.move(1)
	text, ok := p.choose()
	require.True(t, ok)
	require.Equal(t, "bomb c1 t0", text)
	p.setOpen(false)
	require.Equal(t, 6, len(p.rows()), "left closes the group the cursor is in")
}

func TestEmptyPickerAndOddInputDoNotPanic(t *testing.T) {
	p := newPicker(nil)
	p.move(1)
	p.setOpen(true)
	p.setOpen(false)
	_, ok := p.choose()
	require.False(t, ok)
	require.Contains(t, p.view(NewStyles(io.Discard, false), 3), "no moves")

	m := New(&fakeGame{}, NewStyles(io.Discard, false), Refresh(0))
	send(m, tea.KeyBackspace, tea.KeyUp, tea.KeyDown, "hand p9", tea.KeyEnter, "ü", tea.KeyBackspace, tea.KeyTab)
	require.True(t, strings.Contains(m.View(), "1 move(s)"), "Tab on an empty line opens the picker")
}

func TestCompletion(t *testing.T) {
	var e entry
	e.text = "bomb c1"
	e.complete([]string{"bomb c1 d1", "bomb c1 d2", "pass"})
	require.Equal(t, "bomb c1 d", e.text)
	require.Len(t, e.hints, 2)
	e.text = "PA"
	e.complete([]string{"bomb c1 d1", "pass"})
	require.Equal(t, "pass", e.text)
	e.text = "zz"
	e.complete([]string{"pass"})
	require.Equal(t, "zz", e.text)
	require.Equal(t, []string{"nothing legal starts with that"}, e.hints)
}
