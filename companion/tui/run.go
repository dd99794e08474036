package tui

import (
	"io"

	tea "github.com/charmbracelet/bubbletea"
)

// Run plays the table mode on a terminal until the players quit. The alt
// screen keeps every frame out of the terminal's scrollback.
func Run(m *Model, in io.Reader, out io.Writer) error {
	_, err := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithAltScreen()).Run()
	return err
}
