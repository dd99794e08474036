package cmd

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

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

	// The moves are grouped with counts, each told in a sentence.
	p.key(tea.KeyTab)
	p.see("> Movement cards (5)", "> Wana traps set (3)", "> Guards a rival took out (1)")
	p.key(tea.KeyEnter)
	p.see("v Movement cards (5)", "> ann moves with card 1 along route 2. (1)")
	p.key(tea.KeyEsc)

	p.typed("move 1.2 2 cubes")
	p.key(tea.KeyEnter)
	p.see("ann drew a Buki card", "ann may use the Buki card just drawn")

	p.handTo("ann", "Your cards: grappling-chain, nunchaku")
	p.typed("end")
	p.key(tea.KeyEnter)
	p.see("ann ended the turn", "Last: ann: ended the turn")
	p.quit()

	for i, frame := range p.f.all() {
		owner := privateTo(frame)
		if owner == "" {
			require.NotContains(t, frame, "Your cards", "frame %d is public but shows cards:\n%s", i, frame)
			require.NotContains(t, strings.ToLower(frame), "nunchaku", "frame %d is public but names ann's card:\n%s", i, frame)
		}
	}
}

// TestSquadTableSpeedyCountdown: in a Super Speedy raid the table mode
// counts the movement phase down on a clock (a fake one here, set to the
// real time of the session's start) and, when it runs out, reports time-up
// itself: the movement phase ends. The countdown runs from the phase's
// start as the session stores it, so closing and reopening the table mode
// mid-phase does not give the table its time back.
func TestSquadTableSpeedyCountdown(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "squad", "new", "speedy", "--names", "ann,bob", "--speedy", "--private-seed", "1")
	require.Zero(t, code, errOut)
	var offset atomic.Int64
	start := time.Now()
	clock := func() time.Time { return start.Add(time.Duration(offset.Load())) }

	p := playTable(t, "squad", tui.NewSquadClock(clock))
	p.see("Super Speedy: 1:30 left in this movement phase")
	p.typed("move 1.1 1 lantern")
	p.key(tea.KeyEnter)
	p.see("ann moved with card 1, route 1: 1 lantern")
	offset.Store(int64(60 * time.Second))
	p.see("Super Speedy: 0:30 left")
	p.quit()

	p = playTable(t, "squad", tui.NewSquadClock(clock))
	p.see("Super Speedy: 0:30 left")
	offset.Store(int64(90 * time.Second))
	p.see("Waiting: phase over")
	p.quit()

	tb := func() string {
		_, out, _ := run("companion", "squad", "log", "--session", "speedy")
		return out
	}()
	require.Contains(t, tb, "time is up: the movement phase ends")
	require.Contains(t, tb, "Movement phase 1 is over")

	// The next phase's countdown starts when the action that began it was
	// logged, here by a one-shot command, and survives a reopening too.
	for _, c := range [][]string{{"exposed", "none"}, {"patrols"}} {
		code, _, errOut := run(append([]string{"companion", "squad"}, c...)...)
		require.Zero(t, code, errOut)
	}
	offset.Store(int64(time.Since(start)))
	p = playTable(t, "squad", tui.NewSquadClock(clock))
	p.see("Movement phase 2", "Super Speedy: 1:30 left")
	p.quit()
	offset.Add(int64(45 * time.Second))
	p = playTable(t, "squad", tui.NewSquadClock(clock))
	p.see("Super Speedy: 0:45 left")
	p.quit()
}
