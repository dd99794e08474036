package cmd

import (
	"regexp"
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
// waits for (each player a steal window asks, in turn), until the attack
// is settled and the next turn begins. A
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
		seat, play := tb.Game.ToAct(), "pass"
		if asked := tb.Asked(); len(asked) > 0 {
			// A steal window asks every other player in turn (ruling K42).
			seat, play = asked[0], "decline"
		}
		name := tb.Options.Names[seat]
		choices, err := tb.Moves(ck.Role{Seat: seat})
		require.NoError(t, err)
		var moves []string
		for _, c := range choices {
			for _, g := range c.Groups {
				moves = append(moves, g.Commands...)
			}
		}
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

// stealRound plays a steal window at the shared screen, in a fresh home,
// from a position where ann just took 3 gems and bob, cy and dee hold two
// cards each (cy's first card is cy1). Every other player is asked in
// turn, in private, and each answers decline. It returns the screens the
// table and each player saw, step by step.
func stealRound(t *testing.T, cy1 string) []string {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--session", "steal", "--names", "ann,bob,cy,dee", "--position",
		"players=4 mode=digital turn=1 phase=steal gems=8,2,5,5 hands=-/PS/"+cy1+"P/SP target=2 holder=1 amount=3")
	require.Zero(t, code, errOut)
	p := playTable(t, ck.Game, tui.NewKnights)
	var screens []string
	screens = append(screens, p.see("still to answer: bob, cy and dee", "Enter on an empty line: hand the device to bob"))

	// Nobody closes the window or answers for a player from the shared
	// screen while it asks.
	for _, typed := range []string{"pass", "decline --by bob"} {
		p.typed(typed)
		p.key(tea.KeyEnter)
		p.see("each player asked answers in their own view (Enter on an empty line hands the device over); still to answer: bob, cy, dee")
		p.key(tea.KeyCtrlU)
	}
	screens = append(screens, p.see("still to answer: bob, cy and dee", "each player asked answers in their own view", "table> _"))
	require.Empty(t, knightsNow(t).Log, "nothing was logged from the shared screen")
	for i, name := range []string{"bob", "cy", "dee"} {
		p.key(tea.KeyEnter)
		screens = append(screens, p.see("Pass the device to "+name))
		p.key(tea.KeyEnter)
		screens = append(screens, p.see("Private to "+name, "ann just took 3 gems. Do you steal them with a highwayman (steal), or let them go (decline)?"))
		p.key(tea.KeyTab)
		screens = append(screens, p.see("move(s); up/down", "steal window"))
		p.key(tea.KeyEsc)
		p.typed("decline")
		p.key(tea.KeyEnter)
		if i < 2 {
			next := []string{"cy", "dee"}[i]
			screens = append(screens, p.see(name+": lets the gems go", "hand the device to "+next))
		}
	}
	screens = append(screens, p.see("dee: lets the gems go; nobody steals from ann: the window closes", "Waiting: bob is to fortify"))
	p.quit()
	for i, frame := range p.f.all() {
		if privateTo(frame) != "cy" {
			require.NotContains(t, frame, "Your hand: peasant, "+map[string]string{"H": "highwayman", "K": "knight"}[cy1], "frame %d shows cy's hand", i)
		}
	}
	return screens
}

// TestKnightsTableStealWindowAsksEveryone: after gems move by a common
// attack "every other player may steal with a Highwayman", so the shared
// screen hands the device to each of them in turn order, asks each the same
// question in private, and closes the window once all have answered (ruling
// K42). Every screen and step is the same whether cy holds a highwayman or
// not: only cy's own hand line tells them apart.
func TestKnightsTableStealWindowAsksEveryone(t *testing.T) {
	with, without := stealRound(t, "H"), stealRound(t, "K")
	require.Len(t, without, len(with))
	hand := regexp.MustCompile(`Your hand: [a-z, ]+`)
	differ := 0
	for i := range with {
		if with[i] != without[i] {
			differ++
			require.Contains(t, with[i], "Private to cy", "step %d differs outside cy's view", i)
		}
		require.Equal(t, hand.ReplaceAllString(with[i], "Your hand: ..."), hand.ReplaceAllString(without[i], "Your hand: ..."), "step %d", i)
	}
	require.Equal(t, 2, differ, "cy's question and cy's list of answers, by the hand line alone")
}

// A player asked by a steal window may steal from their private view; the
// stolen gems open a new window, which asks the others again (ruling K42).
func TestKnightsTableStealWindowSteal(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--names", "ann,bob,cy,dee", "--position",
		"players=4 mode=digital turn=1 phase=steal gems=8,2,5,5 hands=-/PS/HP/SP target=2 holder=1 amount=3")
	require.Zero(t, code, errOut)
	p := playTable(t, ck.Game, tui.NewKnights)
	p.handTo("bob", "Do you steal them")
	p.typed("steal")
	p.key(tea.KeyEnter)
	p.see("bob does not hold a highwayman", "Private to bob")
	p.typed("decline")
	p.key(tea.KeyEnter)
	p.handTo("cy", "Your hand: peasant, highwayman")
	p.typed("steal")
	p.key(tea.KeyEnter)
	p.see("cy: cy's highwayman stole 3 gems from ann", "still to answer: dee and bob", "hand the device to dee")
	p.handTo("dee", "cy just took 3 gems. Do you steal them")
	p.quit()
}

// With a physical deck the companion knows no hand, yet the question is
// still put in private, so that nobody sees who thinks it over.
func TestKnightsTableStealWindowPhysical(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--names", "ann,bob,cy", "--mode", "physical", "--position",
		"players=3 mode=physical turn=1 phase=steal gems=8,2,5 hands=0/2/2 target=2 holder=1 amount=3")
	require.Zero(t, code, errOut)
	p := playTable(t, ck.Game, tui.NewKnights)
	p.handTo("bob", "Your hand is your own cards", "Do you steal them")
	p.typed("decline")
	p.key(tea.KeyEnter)
	p.handTo("cy", "Your hand is your own cards", "Do you steal them")
	p.typed("steal")
	p.key(tea.KeyEnter)
	p.see("cy: cy's highwayman stole 3 gems from ann", "still to answer: bob")
	p.quit()
}

// TestKnightsTableBots: in the table mode, the bot seats (bob and dee)
// answer on their own between people's turns, each told on the shared
// screen as "(bot)"; the device is never handed to one, and no frame shows
// a bot's hand (ruling K43).
func TestKnightsTableBots(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--names", "ann,bob,cy,dee", "--bot", "bob", "--bot", "dee=easy", "--private-seed", "1",
		"--position", "players=4 mode=digital turn=1 phase=main gems=8,4,4,4 hands=KS/PP/HS/PR")
	require.Zero(t, code, errOut)
	hands := map[string][]string{}
	noteKnightsHands(knightsNow(t), hands)
	p := playTable(t, ck.Game, tui.NewKnights)
	p.see("ann is to fortify, attack")

	// A bot seat's view is nobody's to open.
	p.typed("hand bob")
	p.key(tea.KeyEnter)
	p.see("bob (bot) is played by the companion: its view stays hidden from everyone")

	p.handTo("ann", "Your hand: soldier, knight")
	p.typed("play knight --at bob")
	p.key(tea.KeyEnter)
	p.see("bob (bot) answered ann's knight with 2 peasants", "dee (bot) lets the gems go")
	tb := knightsNow(t)
	noteKnightsHands(tb, hands)
	require.Equal(t, []string{"cy"}, tb.Status(ck.Role{Table: true}).Asked)

	p.handTo("cy")
	p.typed("decline")
	p.key(tea.KeyEnter)
	// bob's turn: he draws and attacks ann on his own; the device goes to ann.
	p.see("bob (bot) attacked ann with a jester as a queen")
	noteKnightsHands(knightsNow(t), hands)
	p.handTo("ann")
	p.typed("pass")
	p.key(tea.KeyEnter)
	p.see("dee (bot) lets the gems go")
	noteKnightsHands(knightsNow(t), hands)
	p.quit()
	assertHandsPrivate(t, p.f.all(), hands)
	for _, frame := range p.f.all() {
		require.NotContains(t, frame, "Private to bob")
		require.NotContains(t, frame, "Private to dee")
	}
}
