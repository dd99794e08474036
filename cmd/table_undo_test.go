package cmd

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// publicBoard is the board the whole table sees, drawn from the session as
// stored.
func publicBoard(t *testing.T, game string, adapt func(tui.Source) (tui.Game, error)) string {
	t.Helper()
	g, err := adapt(storeSource{game: game})
	require.NoError(t, err)
	return g.Board(tui.NewStyles(io.Discard, false))
}

// storedLog is the session's live events and taken-back events.
func storedLog(t *testing.T, game string) (live, taken int) {
	t.Helper()
	s, err := storeSource{game: game}.Load()
	require.NoError(t, err)
	return s.Len(), s.TakenCount()
}

// undoRefused types undo on the shared screen and checks that want is the
// refusal shown and nothing stored changed.
func undoRefused(t *testing.T, p *player, game, want string) string {
	t.Helper()
	live, taken := storedLog(t, game)
	p.typed("undo")
	p.key(tea.KeyEnter)
	screen := p.see(want)
	gotLive, gotTaken := storedLog(t, game)
	require.Equal(t, [2]int{live, taken}, [2]int{gotLive, gotTaken}, "a refused undo changes nothing")
	return screen
}

// TestBladesTableUndo: a move typed at the shared screen is taken back by
// typing undo there; the board is as before and the note reads as the
// one-shot undo's for the table (ruling C-22).
func TestBladesTableUndo(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "blades", "new", "--players", "2", "--cards", "none", "--seed", "5")
	require.Zero(t, code, errOut)
	before := publicBoard(t, cb.Game, tui.NewBlades)

	p := playTable(t, cb.Game, tui.NewBlades)
	p.see("seat 2 (Red) to move")
	p.key(tea.KeyTab)
	p.see("attack (")
	p.key(tea.KeyEsc)
	p.typed("und")
	p.key(tea.KeyTab)
	p.see("table> undo")
	p.key(tea.KeyCtrlU)
	attack := firstMove(bladesNow(t).Moves(cb.TableRole).Moves, "attack ")
	p.typed(attack)
	p.key(tea.KeyEnter)
	p.see("Last: Red's attack from", "seat 1 (Yellow) to move")
	p.typed("undo")
	p.key(tea.KeyEnter)
	screen := p.see("Took back: Red's attack from "+strings.Fields(attack)[1], "seat 2 (Red) to move")
	require.NotContains(t, screen, "Last: Red's")
	p.quit()
	require.Equal(t, before, publicBoard(t, cb.Game, tui.NewBlades))
	live, taken := storedLog(t, cb.Game)
	require.Equal(t, [2]int{0, 1}, [2]int{live, taken})

	// Nothing left to take back: refused, nothing changes.
	p = playTable(t, cb.Game, tui.NewBlades)
	undoRefused(t, p, cb.Game, "nothing to undo")
	p.quit()
}

// TestKnightsTableUndo: ann's knight, played from her own view, is taken
// back at the shared screen; the card it showed stays in the log (C-11).
// Once bob has drawn after an attack, undo is refused for the table with
// the one-shot's reason and no hand on the screen.
func TestKnightsTableUndo(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--players", "3", "--names", "ann,bob,cy", "--private-seed", "7")
	require.Zero(t, code, errOut)
	hands := map[string][]string{}
	noteKnightsHands(knightsNow(t), hands)
	before := publicBoard(t, ck.Game, tui.NewKnights)

	p := playTable(t, ck.Game, tui.NewKnights)
	p.see("ann is to fortify, attack")
	p.handTo("ann", "Your hand: ")
	p.typed("play knight --at bob")
	p.key(tea.KeyEnter)
	p.see("On the table: ann's knight attacks bob", "hand the device to bob")
	p.typed("undo")
	p.key(tea.KeyEnter)
	screen := p.see("Took back ann's knight attack on bob", "ann is to fortify, attack")
	require.NotContains(t, screen, "On the table:")
	require.Equal(t, before, publicBoard(t, ck.Game, tui.NewKnights))
	require.Equal(t, "showed a knight (the play was taken back)", knightsNow(t).LogLines(ck.Role{Table: true})[0].Action)

	// bob lets the knight through, the window closes, bob draws.
	for _, c := range [][]string{{"play", "knight", "--at", "bob", "--by", "ann"}, {"pass", "--by", "bob"}, {"pass", "--by", "ann"}} {
		code, _, errOut := run(append([]string{"companion", "knights"}, c...)...)
		require.Zero(t, code, "%s: %s", c, errOut)
	}
	_, _, want := run("companion", "knights", "undo")
	want = strings.TrimPrefix(strings.TrimSpace(want), "ninjakit: ")
	require.Equal(t, "bob already drew two cards after that play: it cannot be taken back", want)
	p.see("bob is to fortify")
	undoRefused(t, p, ck.Game, want)
	p.quit()
	noteKnightsHands(knightsNow(t), hands)
	assertHandsPrivate(t, p.f.all(), hands)
}

// TestSquadTableUndo: a trap set at the shared screen is taken back; the
// move that drew a Buki card before it is not.
func TestSquadTableUndo(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "squad", "new", "esc", "--mode", "escape", "--names", "ann,bob", "--private-seed", "3")
	require.Zero(t, code, errOut)

	p := playTable(t, "squad", tui.NewSquad)
	p.typed("move 1.2 2 cubes")
	p.key(tea.KeyEnter)
	p.see("ann drew a Buki card")
	before := publicBoard(t, "squad", tui.NewSquad)
	p.typed("trap trip-wire")
	p.key(tea.KeyEnter)
	p.see("ann set a Wana trap: trip-wire")
	p.typed("undo")
	p.key(tea.KeyEnter)
	p.see("Took back action 2: ann set a Wana trap: trip-wire", "Waiting: ann may use the Buki card just drawn")
	require.Equal(t, before, publicBoard(t, "squad", tui.NewSquad))

	screen := undoRefused(t, p, "squad", "ann already drew a Buki card after that: it cannot be taken back")
	p.quit()
	require.NotContains(t, strings.ToLower(screen), "nunchaku", "the refusal names no card")
	require.NotContains(t, strings.ToLower(screen), "grappling", "the refusal names no card")
}

// TestBlindTableUndo: at the shared screen the table takes back the last
// orders; in a player's own view only their own. A slash heard cannot be
// taken back.
func TestBlindTableUndo(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "blind", "new", "duel", "--names", "ann,bob")
	require.Zero(t, code, errOut)
	before := publicBoard(t, "blind", tui.NewBlind)

	p := playTable(t, "blind", tui.NewBlind)
	p.handTo("ann", "Your grid")
	p.typed("m m m m")
	p.key(tea.KeyEnter)
	p.see("ann gave orders", "Waiting: bob gives orders")
	// bob may not take back ann's orders in his own view.
	p.handTo("bob", "Your grid")
	p.typed("undo")
	p.key(tea.KeyEnter)
	p.see("the last action is ann's: only they may take it back")
	p.key(tea.KeyEsc)
	p.typed("undo")
	p.key(tea.KeyEnter)
	screen := p.see("Took back ann's orders", "Waiting: ann gives orders")
	require.NotContains(t, screen, "moved to", "the note tells no move")
	require.Equal(t, before, publicBoard(t, "blind", tui.NewBlind))

	for range 3 {
		for _, who := range []string{"ann", "bob"} {
			code, _, errOut := run("companion", "blind", "orders", "--as", who, "m", "m", "m", "m")
			require.Zero(t, code, errOut)
		}
	}
	code, _, errOut = run("companion", "blind", "orders", "--as", "ann", "x", "m", "m", "m")
	require.Zero(t, code, errOut)
	p.see("A5 last turn, by ann: ann swish, bob grunt")
	screen = undoRefused(t, p, "blind", "everyone heard the slash at A5: it cannot be taken back")
	p.quit()
	require.NotContains(t, screen, "Your grid")
	require.NotContains(t, screen, "B5", "the refusal tells no ninja's square")
}

// TestScorpionTableUndo: at the shared screen undo is refused without a
// word on what the last action was; the guard takes back his own set-up
// step in his own view (C-18, C-22).
func TestScorpionTableUndo(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "scorpion", "new", "castle", "--guards", "1", "--private-seed", "12")
	require.Zero(t, code, errOut)
	code, _, errOut = run("companion", "scorpion", "posts", "MO2", "MO8", "YA1", "YA5", "YA9", "YA13", "CA7", "CB8", "--as", "guard")
	require.Zero(t, code, errOut)
	before := publicBoard(t, "scorpion", tui.NewScorpion)

	p := playTable(t, "scorpion", tui.NewScorpion)
	p.handTo("guard")
	p.typed("patrol YA3>YA4")
	p.key(tea.KeyEnter)
	p.see("guard")
	p.key(tea.KeyEsc)
	undoRefused(t, p, "scorpion", "only the side that acted takes its action back: type undo in that role's own view")
	p.handTo("guard")
	p.typed("undo")
	p.key(tea.KeyEnter)
	p.see("Took back an action of the guards")
	p.quit()
	require.Equal(t, before, publicBoard(t, "scorpion", tui.NewScorpion))
	live, taken := storedLog(t, "scorpion")
	require.Equal(t, 1, taken)
	require.Positive(t, live)
}
