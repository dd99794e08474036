package tui

import (
	"fmt"
	"strings"
)

// View draws the screen. The handoff prompt holds nothing hidden, not even
// the board, so the device can change hands while it shows.
func (m *Model) View() string {
	s := m.styles
	var sb strings.Builder
	sb.WriteString(s.Title.Render(m.game.Title()) + "\n\n")
	if m.screen == handoff {
		name := m.game.Name(m.seat)
		fmt.Fprintf(&sb, "Pass the device to %s.\n\n", s.Strong.Render(name))
		fmt.Fprintf(&sb, "%s: press Enter when only you can see the screen.\n", name)
		sb.WriteString(s.Dim.Render("Esc: back to the board") + "\n")
		return sb.String()
	}
	board := m.game.Board(s)
	if m.picker != nil && lines(board)+pickerRoom > m.height {
		board = s.Dim.Render("(the board is hidden while the list is open: the terminal is short)") + "\n"
	}
	sb.WriteString(board)
	v := m.viewer()
	if m.screen == private {
		fmt.Fprintf(&sb, "\n%s\n", s.Mark.Render(fmt.Sprintf(" Private to %s: hide the screen from the others ", m.game.Name(m.seat))))
		sb.WriteString(m.game.Secret(v, s))
	}
	if m.msg != "" {
		st := s.Good
		if m.bad {
			st = s.Bad
		}
		sb.WriteString("\n" + st.Render(m.msg) + "\n")
	}
	if m.picker != nil {
		sb.WriteString("\n" + m.picker.view(s, max(m.height-lines(sb.String())-3, 5)))
		return sb.String()
	}
	who := "table"
	if m.screen == private {
		who = m.game.Name(m.seat)
	}
	fmt.Fprintf(&sb, "\n%s> %s_\n", who, m.entry.text)
	if len(m.entry.hints) > 0 {
		sb.WriteString(s.Dim.Render("  "+strings.Join(m.entry.hints, " | ")) + "\n")
	}
	sb.WriteString(s.Dim.Render(m.help()) + "\n")
	return sb.String()
}

// pickerRoom is the rows the move picker needs to be of use.
const pickerRoom = 16

func lines(s string) int { return strings.Count(s, "\n") }

func (m *Model) help() string {
	keys := "Enter: play | Tab: complete, or list moves | up/down: history\n"
	if m.screen == private {
		return keys + "Esc: hide this view and hand back | ctrl+c: quit"
	}
	h := keys + "hand NAME: a player's own view | ctrl+c: quit"
	if seat, ok := m.game.Waiting(); ok && m.game.Private(seat) {
		h = fmt.Sprintf("Enter on an empty line: hand the device to %s\n", m.game.Name(seat)) + h
	}
	return h
}
