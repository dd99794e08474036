package cmd

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// scorpionSetUp plays both sides' set-up of scorpion_game.txtar through the
// one-shot commands.
func scorpionSetUp(t *testing.T) {
	t.Helper()
	for _, c := range []string{
		"new castle --guards 1 --private-seed 12",
		"posts MO2 MO8 YA1 YA5 YA9 YA13 CA7 CB8 --as guard",
		"patrol YA3>YA4 --as guard", "patrol YA11>YA22 --as guard", "patrol YA15 --as guard",
		"sleep YA2 YA2 YA10 YA10 YA14 YA14 CA3 CB7 --as guard",
		"hide CA6=A CA9=B CB6=C CB9=D CA3=E CB4=F CB1=trap CA1=trap CB2=sentry CA4=sentry --as guard",
		"hand kenjutsu:4 ssearch:5 slisten:6 plisten:2 psearch:4 awaken:2 passage:1 --as guard",
		"ready --as guard",
		"start OL8 --as ninja", "deck passage:1 kenjutsu:3 rope:2 shuriken:2 --as ninja",
		"start YA12 --as traitor", "deck cat:2 kenjutsu:2 sake:2 passage:1 --as traitor",
		"passage OL8 CA8 --as ninja", "ready --as ninja", "ready --as traitor",
	} {
		code, _, errOut := run(append([]string{"companion", "scorpion"}, strings.Fields(c)...)...)
		require.Zero(t, code, "%s: %s", c, errOut)
	}
}

// TestScorpionTableListen plays the guards' free listen in the table mode:
// the screen goes to the guard, who listens; then, because the game waits
// for the traitor's answer, to the traitor, who passes; the table reads
// the result. The guards' placements show only in the guard's own view,
// the intruders' positions only in the traitor's.
func TestScorpionTableListen(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	scorpionSetUp(t)

	p := playTable(t, "scorpion", tui.NewScorpion)
	p.see("Scorpion Clan, turn 1 of 20, cards phase", "Waiting: guard")
	// Typed on the public screen, an action belongs to nobody.
	p.typed("listen YA13")
	p.key(tea.KeyEnter)
	p.see("actions are typed in a role's own view")
	p.key(tea.KeyCtrlU)

	p.handTo("guard", "Hidden (guards only): CA1=trap")
	p.typed("listen YA13 free")
	p.key(tea.KeyEnter)
	p.see("the sentry at YA13 listens (the free listen)", "Waiting: traitor")

	p.handTo("traitor", "Traitor: hidden at YA12")
	p.typed("pass")
	p.key(tea.KeyEnter)
	p.see("the guards at YA13 hear nothing")
	p.quit()

	for i, frame := range p.f.all() {
		owner := privateTo(frame)
		if owner != "guard" {
			require.NotContains(t, frame, "CA1=trap", "frame %d (%q) shows the guards' placements:\n%s", i, owner, frame)
			require.NotContains(t, frame, "Sleeping guards left: 8 (", "frame %d shows the barracks:\n%s", i, frame)
		}
		if owner != "traitor" && owner != "ninja" {
			require.NotContains(t, frame, "hidden at", "frame %d (%q) shows a hidden intruder:\n%s", i, owner, frame)
			require.NotContains(t, frame, "mission A", "frame %d (%q) shows a mission:\n%s", i, owner, frame)
		}
	}
}
