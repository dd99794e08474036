package cmd

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func knightsNow(t *testing.T) *ck.Table {
	t.Helper()
	s, err := storeSource{game: ck.Game}.Load()
	require.NoError(t, err)
	tb, err := ck.Replay(s)
	require.NoError(t, err)
	return tb
}

func noteKnightsHands(tb *ck.Table, hands map[string][]string) {
	for i, name := range tb.Options.Names {
		h := strings.Join(tb.Status(ck.Role{Seat: rules.Seat(i)}).Hand, ", ")
		if h == "" {
			h = "no cards"
		}
		if !contains(hands[name], h) {
			hands[name] = append(hands[name], h)
		}
	}
}

// TestKnightsTableAttack plays a whole attack in the table mode: ann
// attacks bob with a knight from her own view, the device goes to bob, who
// answers from his, and every answer after that is made by whoever the game
// waits for, until the attack is settled and the next turn begins. A
// refused play typed for the table stays neutral, as the one-shot command
// words it; no frame ever shows one player's hand to another.
func TestKnightsTableAttack(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--players", "3", "--names", "ann,bob,cy", "--private-seed", "7")
	require.Zero(t, code, errOut)
	hands := map[string][]string{}
	noteKnightsHands(knightsNow(t), hands)

	p := playTable(t, ck.Game, tui.NewKnights)
	p.see("10 gems to win", "draw pile 86", "ann is to fortify, attack", "hand the device to ann")

	// A hand-dependent refusal typed for the table reads the same line as
	// the one-shot command gives the table.
	p.typed("play queen --at bob")
	p.key(tea.KeyEnter)
	_, _, want := run("companion", "knights", "play", "queen", "--at", "bob")
	require.Contains(t, want, "report it with --by ann")
	p.see(strings.TrimPrefix(strings.TrimSpace(want), "ninjakit: "))
	p.key(tea.KeyCtrlU)

	p.handTo("ann", "Your hand: peasant, peasant, peasant, knight, executioner, herald")
	p.typed("play kn")
	p.key(tea.KeyTab)
	p.see("ann> play knight --at _", "play knight --at bob | play knight --at cy")
	p.typed("bob")
	p.key(tea.KeyEnter)
	screen := p.see("On the table: ann's knight attacks bob", "ann: attacked bob with a knight", "hand the device to bob")
	require.Contains(t, screen, "  bob         5 gems   4 cards  <- must act")

	// Whoever the game waits for answers from their own view: bob first
	// with his first answer, then everyone passes until the attack is over.
	for turn := 0; ; turn++ {
		tb := knightsNow(t)
		noteKnightsHands(tb, hands)
		if tb.Game.Turn() != 0 {
			break
		}
		require.Less(t, turn, 8, "the attack never settled")
		seat := tb.Game.ToAct()
		name := tb.Options.Names[seat]
		choices, err := tb.Moves(ck.Role{Seat: seat})
		require.NoError(t, err)
		var moves []string
		for _, c := range choices {
			for _, g := range c.Groups {
				moves = append(moves, g.Commands...)
			}
		}
		play := "pass"
		if turn == 0 {
			play = firstMove(moves, "respond ")
			require.NotEmpty(t, play, "bob can answer: %v", moves)
		}
		p.handTo(name)
		p.key(tea.KeyTab)
		p.see("move(s); up/down")
		p.key(tea.KeyEsc)
		p.typed(play)
		p.key(tea.KeyEnter)
		p.see(name + ": ")
		require.Eventually(t, func() bool { return len(knightsNow(t).Log) > 1+turn }, 5e9, 1e7)
	}
	tb := knightsNow(t)
	p.see("Waiting: " + tb.Status(ck.Role{Table: true}).Waiting)
	require.NotContains(t, p.f.last(), "On the table:")

	p.quit()
	assertHandsPrivate(t, p.f.all(), hands)
	lines := tb.LogLines(ck.Role{Table: true})
	require.Equal(t, "attacked bob with a knight", lines[0].Action)
	require.True(t, strings.HasPrefix(lines[1].Action, "answered ann's knight"), lines[1].Action)
}

// TestKnightsTableHerald: cards shown to a Herald appear only in the
// private views of the Herald's player and of the seat that showed them
// (ruling K36); the table reads counts, at every frame.
func TestKnightsTableHerald(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--players", "3", "--names", "ann,bob,cy", "--private-seed", "7")
	require.Zero(t, code, errOut)
	p := playTable(t, ck.Game, tui.NewKnights)
	act := func(name, play string) {
		p.handTo(name)
		p.typed(play)
		p.key(tea.KeyEnter)
		p.see(name + ": ")
	}
	act("ann", "play herald")
	act("bob", "show queen")
	act("cy", "show ninja")
	p.key(tea.KeyEnter)
	p.key(tea.KeyEnter)
	p.see("Private to ann", "Shown to the herald: bob: queen; cy: ninja")
	p.typed("take queen --from bob")
	p.key(tea.KeyEnter)
	p.see("ann: took one of the cards bob showed")
	p.quit()

	shown := map[string][]string{"bob: queen": {"ann", "bob"}, "cy: ninja": {"ann", "cy"}}
	for i, frame := range p.f.all() {
		for face, may := range shown {
			if strings.Contains(frame, face) {
				require.Contains(t, may, privateTo(frame), "frame %d shows %q:\n%s", i, face, frame)
			}
		}
	}
}
