package tui

import (
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles are the few looks the table mode uses. Without colour they all
// render as plain text, so every mark that matters (the last move, what it
// removed, whose turn) also shows as a character.
type Styles struct {
	Title, Dim, Strong, Bad, Good, Mark lipgloss.Style
	r                                   *lipgloss.Renderer
}

// NewStyles makes the styles for out; colour false (NO_COLOR, or a test)
// renders plain text.
func NewStyles(out io.Writer, colour bool) Styles {
	r := lipgloss.NewRenderer(out)
	if colour {
		r.SetColorProfile(termenv.ANSI256)
	} else {
		r.SetColorProfile(termenv.Ascii)
	}
	return Styles{
		Title:  r.NewStyle().Bold(true),
		Dim:    r.NewStyle().Faint(true),
		Strong: r.NewStyle().Bold(true).Foreground(lipgloss.Color("14")),
		Bad:    r.NewStyle().Foreground(lipgloss.Color("9")),
		Good:   r.NewStyle().Foreground(lipgloss.Color("10")),
		Mark:   r.NewStyle().Reverse(true).Bold(true),
		r:      r,
	}
}

// dojoColours map the colour names of the games' seats to terminal colours.
var dojoColours = map[string]string{"red": "9", "yellow": "11", "blue": "12", "black": "245", "green": "10", "white": "15"}

// Colour is the style for a seat's colour by name; unknown names are plain.
func (s Styles) Colour(name string) lipgloss.Style {
	c, ok := dojoColours[strings.ToLower(name)]
	if !ok {
		return s.r.NewStyle()
	}
	return s.r.NewStyle().Bold(true).Foreground(lipgloss.Color(c))
}
