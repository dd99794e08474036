package cmd

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// TestSquadTableEscape plays the start of a Dawn Escape in the table mode:
// ann's move is typed for the table, which reads only that she drew Buki
// cards; the device goes to ann, whose own view shows them, and she ends
// her turn from it. No frame the table sees shows anyone's cards.
func TestSquadTableEscape(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "squad", "new", "esc", "--mode", "escape", "--names", "ann,bob", "--private-seed", "3")
	require.Zero(t, code, errOut)

	p := playTable(t, "squad", tui.NewSquad)
	p.see("Dawn Escape, phase 1, round 1 of 6", "Waiting: ann's turn")

	// A refusal typed for the table reads as the one-shot command's.
	p.typed("buki spear")
	p.key(tea.KeyEnter)
	p.see("that card play is not available")
	p.key(tea.KeyCtrlU)

	p.typed("move 1.2 2 cubes")
	p.key(tea.KeyEnter)
	p.see("ann drew a Buki card", "ann may use the Buki card drawn")

	p.key(tea.KeyEnter)
	p.see("Pass the device to ann")
	p.key(tea.KeyEnter)
	p.see("Private to ann", "Your cards: grappling-chain, nunchaku")
	p.typed("end")
	p.key(tea.KeyEnter)
	p.see("ann ended the turn")
	p.quit()

	for i, frame := range p.f.all() {
		owner := privateTo(frame)
		if owner == "" {
			require.NotContains(t, frame, "Your cards", "frame %d is public but shows cards:\n%s", i, frame)
			require.NotContains(t, strings.ToLower(frame), "nunchaku", "frame %d is public but names ann's card:\n%s", i, frame)
		}
	}
}
