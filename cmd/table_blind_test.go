package cmd

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// TestBlindTableGame plays a whole two-player game in the table mode as the
// players would: each turn the screen asks the player to take the device,
// shows only their grid, takes their orders and wipes itself, and the room
// hears the slashes. No frame the table sees shows a grid before the end.
func TestBlindTableGame(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "blind", "new", "duel", "--names", "ann,bob")
	require.Zero(t, code, errOut)

	p := playTable(t, "blind", tui.NewBlind)
	p.see("What Blind Ninjas: 4x8 grid, round 1", "Waiting: ann gives orders", "Enter on an empty line: hand the device to ann")

	// Orders typed for the table are refused: they are secret.
	p.typed("m m m m")
	p.key(tea.KeyEnter)
	p.see("orders are secret")

	turn := func(who, orders string, heard ...string) {
		t.Helper()
		p.key(tea.KeyCtrlU)
		p.handTo(who, "Your grid", "Ninjas: 1 on")
		p.typed(orders)
		p.key(tea.KeyEnter)
		p.see(append([]string{who + " gave orders"}, heard...)...)
	}
	// Tab on an empty line lists each ninja's orders.
	p.key(tea.KeyCtrlU)
	p.handTo("ann")
	p.key(tea.KeyTab)
	p.see("ninja 1 on A1 facing north", "ninja 4 on D1 facing north")
	p.key(tea.KeyEsc)
	p.typed("m m m m")
	p.key(tea.KeyEnter)
	p.see("ann gave orders")
	turn("bob", "m m m m")
	turn("ann", "m m m m")
	turn("bob", "m m m m")
	turn("ann", "m m m m")
	turn("bob", "m m m m")
	p.see("Waiting: ann gives orders", "round 4")

	// ann's view: her ninjas on row 4 face north, bob's (unseen) on row 5.
	screen := p.handTo("ann", "Ninjas: 1 on A4 facing north")
	require.NotContains(t, screen, "A5")
	p.typed("m m m")
	p.key(tea.KeyEnter)
	p.see("ninja 4 has no order: give one to each living ninja")
	p.key(tea.KeyCtrlU)
	p.typed("x x x x")
	p.key(tea.KeyEnter)
	p.see("Slash! A5: ann swish, bob grunt", "Slash! D5: ann swish, bob grunt", "bob has no ninja left and is out",
		"Game over: ann wins", "bob's grid")
	p.quit()

	over := false
	for i, frame := range p.f.all() {
		over = over || strings.Contains(frame, "Game over")
		if privateTo(frame) == "" && !over {
			require.NotContains(t, frame, "Your grid", "frame %d is public but shows a grid:\n%s", i, frame)
			require.NotContains(t, frame, "\nNinjas: ", "frame %d is public but lists ninjas:\n%s", i, frame)
			require.NotContains(t, frame, "moved to", "frame %d is public but tells a move:\n%s", i, frame)
		}
	}
}

// TestBlindTableBots: in the table mode a bot seat gives its orders on its
// own after the person's turn, told to the room as "(bot)" with only what
// everyone hears; the device is never handed to it, and no frame shows its
// grid before the end (W-16).
func TestBlindTableBots(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "blind", "new", "duel", "--names", "ann,bob", "--bot", "bob=easy", "--private-seed", "1", "--turns", "2")
	require.Zero(t, code, errOut)

	p := playTable(t, "blind", tui.NewBlind)
	p.see("Players: ann (south edge), bob (north edge, easy bot)", "Waiting: ann gives orders")

	p.typed("hand bob")
	p.key(tea.KeyEnter)
	p.see("bob (bot) is played by the companion: its view stays hidden from everyone")
	p.key(tea.KeyCtrlU)

	p.handTo("ann", "Your grid")
	p.typed("s s s s")
	p.key(tea.KeyEnter)
	p.see("ann gave orders", "bob (bot) gave orders", "Waiting: ann gives orders", "round 2")
	p.key(tea.KeyCtrlU)
	p.handTo("ann", "Your grid")
	p.typed("s s s s")
	p.key(tea.KeyEnter)
	p.see("bob (bot) gave orders", "Game over")
	p.quit()

	over := false
	for i, frame := range p.f.all() {
		over = over || strings.Contains(frame, "Game over")
		require.NotEqual(t, "bob", privateTo(frame), "frame %d was handed to the bot", i)
		if privateTo(frame) == "" && !over {
			require.NotContains(t, frame, "\nNinjas: ", "frame %d is public but lists ninjas:\n%s", i, frame)
		}
	}
}
