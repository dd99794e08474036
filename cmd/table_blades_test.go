package cmd

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	"github.com/ninjakit/ninjakit/companion/tui"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// bladesNow rebuilds the latest Flying Blades session as the store holds it.
func bladesNow(t *testing.T) *cb.Table {
	t.Helper()
	s, err := storeSource{game: cb.Game}.Load()
	require.NoError(t, err)
	tb, err := cb.Replay(s)
	require.NoError(t, err)
	return tb
}

// noteHands records each seat's hand as its owner's view prints it.
func noteBladesHands(tb *cb.Table, hands map[string][]string) {
	for i := range tb.Players() {
		st := tb.Status(cb.Role{Seat: engine.Seat(i)})
		name := fmt.Sprintf("seat %d (%s)", i+1, st.Seats[i].Colour)
		if !contains(hands[name], st.Seats[i].Hand) {
			hands[name] = append(hands[name], st.Seats[i].Hand)
		}
	}
}

func firstMove(moves []string, prefix string) string {
	for _, m := range moves {
		if strings.HasPrefix(m, prefix) {
			return m
		}
	}
	return ""
}

// TestBladesTableGame plays the start of a hidden-hand Flying Blades game in
// the table mode as the players would: each keeps cards in a private view
// after the pass-the-device prompt (one by typing, one from the picker),
// seat 2 plays a card, a public move and refusals are typed for the table,
// and a one-shot command acts in between. No frame ever shows a hand to
// anyone but its owner.
func TestBladesTableGame(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "blades", "new", "--players", "3", "--seed", "5", "--private-seed", "9")
	require.Zero(t, code, errOut)
	hands := map[string][]string{}
	noteBladesHands(bladesNow(t), hands)

	p := playTable(t, cb.Game, tui.NewBlades)
	p.see("Waiting for seat(s) 1, 2, 3 to choose", "hand the device to seat 1 (Yellow)")

	// Seat 1 keeps two cards by typing, with Tab completing the card name.
	p.key(tea.KeyEnter)
	screen := p.see("Pass the device to seat 1 (Yellow)")
	require.NotContains(t, screen, " Y ", "the handoff prompt shows no board")
	p.key(tea.KeyEnter)
	p.see("Private to seat 1 (Yellow)", "Your hand: "+hands["seat 1 (Yellow)"][0])
	p.typed("keep shur")
	p.key(tea.KeyTab)
	p.see("seat 1 (Yellow)> keep shuriken")
	p.typed(" double-kick")
	p.key(tea.KeyEnter)
	p.see("seat 1: Yellow keeps 2 card(s)", "hand the device to seat 2 (Red)")

	// Seat 2 picks the biggest keep from the grouped list.
	p.handTo("seat 2 (Red)")
	p.key(tea.KeyTab)
	p.see("> keep (")
	p.key(tea.KeyEnter)
	p.see("v keep (")
	p.key(tea.KeyDown)
	p.key(tea.KeyEnter)
	p.key(tea.KeyDown)
	p.key(tea.KeyEnter)
	p.see("seat 2 (Red)> keep ")
	p.key(tea.KeyEnter)
	p.see("seat 2: Red keeps ", "hand the device to seat 3 (Blue)")

	// Seat 3 keeps nothing, then the game starts.
	p.key(tea.KeyEnter)
	p.key(tea.KeyEnter)
	p.see("Private to seat 3 (Blue)")
	p.typed("keep none")
	p.key(tea.KeyEnter)
	p.see("seat 3: Blue keeps 0 card(s)", "seat 2 (Red) to move")
	tb := bladesNow(t)
	require.Equal(t, engine.Seat(1), tb.Pos.Turn(), "this setup starts with seat 2")
	noteBladesHands(tb, hands)

	// Seat 2 plays a card from its own view; the picker groups the card
	// moves by card, then by the cell they start from.
	p.key(tea.KeyEnter)
	p.key(tea.KeyEnter)
	p.see("Private to seat 2 (Red)", "Your hand: "+hands["seat 2 (Red)"][1])
	own := tb.Moves(cb.Role{Seat: 1})
	require.False(t, own.CardsHidden)
	var card string
	for _, m := range own.Moves {
		if !strings.HasPrefix(m, "pass") && !strings.HasPrefix(m, "attack") {
			card = m
			break
		}
	}
	require.NotEmpty(t, card, "seat 2 has a card to play")
	kind := strings.Fields(card)[0]
	p.key(tea.KeyTab)
	p.see("> "+kind+" (", "> attack (")
	p.key(tea.KeyEsc)
	p.typed(card)
	p.key(tea.KeyEnter)
	screen = p.see("seat 2: Red's", "Last: Red's", "seat 3 (Blue) to move")
	require.NotContains(t, screen, "Private to")
	require.Contains(t, screen, "[", "the last move is marked on the board")

	// Seat 3 attacks from the public screen: a move without a card needs no
	// private view.
	public := bladesNow(t).Moves(cb.TableRole)
	require.False(t, public.CardsHidden, "seat 3 kept no cards, and hand sizes are public")
	attack := firstMove(public.Moves, "attack ")
	p.typed(attack)
	p.key(tea.KeyEnter)
	screen = p.see("Last: Blue's attack from "+strings.Fields(attack)[1]+" removed", "seat 1 (Yellow) to move")
	require.Contains(t, screen, "[B]", "the attacker stands marked where it removed a ninja")
	require.Contains(t, screen, "(.)", "the cell it left is marked")

	// Up brings back what the table typed, not what seat 2 typed alone.
	p.key(tea.KeyUp)
	p.see("table> " + attack + "_")
	p.key(tea.KeyCtrlU)

	// Refusals read as the one-shot command words them for the same role:
	// a board that forbids it, and a card the table may not know of.
	p.typed("attack i9 i8")
	p.key(tea.KeyEnter)
	_, _, want := run("companion", "blades", "move", "attack", "i9", "i8")
	p.see(strings.TrimPrefix(strings.TrimSpace(want), "ninjakit: "))
	vanish := bladesVanish(bladesNow(t))
	p.typed(vanish)
	p.key(tea.KeyEnter)
	_, _, want = run("companion", "blades", "move", vanish)
	require.Contains(t, want, "the reason is in a hidden hand")
	p.see(strings.TrimPrefix(strings.TrimSpace(want), "ninjakit: "))

	// A one-shot command acts between two table-mode actions, and the
	// screen follows.
	code, _, errOut = run("companion", "blades", "move", "pass")
	require.Zero(t, code, errOut)
	p.see("Last: Yellow passed", "seat 2 (Red) to move; 1 pass(es)")

	out := p.quit()
	noteBladesHands(bladesNow(t), hands)
	assertHandsPrivate(t, p.f.all(), hands)
	require.GreaterOrEqual(t, bytes.Count([]byte(out), []byte("\x1b[2J")), 8, "the screen is wiped at every handoff and every exit from a private view")
	require.Len(t, bladesNow(t).Log, 6)
}

// bladesVanish is a vanish for the player to move, legal on the board:
// only the hidden hand can refuse it.
func bladesVanish(tb *cb.Table) string {
	p := tb.Pos
	var from, to string
	for _, c := range p.Board().Cells() {
		col, ok := p.At(c)
		switch {
		case ok && col == p.Colour(p.Turn()) && from == "":
			from = p.Board().CellName(c)
		case !ok && to == "":
			to = p.Board().CellName(c)
		}
	}
	return "vanish " + from + " " + to
}

// TestTableNeedsATerminal: piped output gets one clear line, not a screen.
func TestTableNeedsATerminal(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "blades", "new", "--players", "2")
	require.Zero(t, code, errOut)
	for _, game := range []string{"blades", "knights"} {
		code, out, errOut := run("companion", game, "table")
		require.Equal(t, ExitFailed, code)
		require.Empty(t, out)
		require.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
		if game == "blades" {
			require.Contains(t, errOut, "the table mode needs a terminal")
		}
	}
	_, help, _ := run("companion", "knights", "table", "--help")
	require.Contains(t, help, "named table, not play")
}

// TestBladesTableModeBotSeat: in the table mode a bot seat acts on its own
// between people's turns, told under the board in table words; the device
// is never handed to it and its hand never shows (rulings B-24, C-24).
func TestBladesTableModeBotSeat(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, out, errOut := run("companion", "blades", "new", "--players", "3", "--seed", "5", "--private-seed", "9", "--bot", "red=easy")
	require.Zero(t, code, errOut)
	require.Contains(t, out, "Red (bot) keeps 4 card(s)")
	hands := map[string][]string{}
	noteBladesHands(bladesNow(t), hands)

	p := playTable(t, cb.Game, tui.NewBlades)
	p.see("seat 2 Red ", "(bot)", "Waiting for seat(s) 1, 3 to choose")
	p.typed("hand red")
	p.key(tea.KeyEnter)
	p.see("seat 2 (Red, bot) is played by the companion: its view stays hidden from everyone")
	for _, who := range []string{"seat 1 (Yellow)", "seat 3 (Blue)"} {
		p.handTo(who)
		p.typed("keep none")
		p.key(tea.KeyEnter)
	}
	// Red moves first; the bot plays after a pause, and the table is told
	// what to do on the board.
	screen := p.see("Red (bot) ", ": take the ", "seat 3 (Blue) to move")
	require.Contains(t, flat(screen), "seat 3: Blue keeps 0 card(s)", "the person's action stays on screen above the bot's")
	p.key(tea.KeyEnter)
	p.see("Pass the device to seat 3 (Blue)")
	p.quit()
	tb := bladesNow(t)
	require.Equal(t, engine.Seat(2), tb.Pos.Turn())
	require.Equal(t, engine.Seat(1), tb.Log[len(tb.Log)-1].Seat, "the bot's move is logged")
	for i, frame := range p.f.all() {
		require.NotContains(t, frame, "Private to seat 2", "frame %d", i)
		require.NotContains(t, frame, "Pass the device to seat 2", "frame %d", i)
	}
	assertHandsPrivate(t, p.f.all(), hands)
}
