package server_test

import (
	"encoding/json"
	"regexp"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// TestStealWindowAsksEveryOtherPhoneAtOnce: after ann's attack took gems,
// every other seat with cards gets the same question on its own phone at
// once, as its turn, whether or not it holds a highwayman (ruling K42);
// its buttons are what it may play: letting the gems go, and stealing only
// with a card that steals (ruling T-15). The holder and the table's screen
// only watch. Answers come in any order,
// a steal asks the others again, and the last answer closes the window.
func TestStealWindowAsksEveryOtherPhoneAtOnce(t *testing.T) {
	tb := serve(t, []string{"companion", "knights", "new", "--names", "ann,bob,cy,dee", "--position",
		"players=4 mode=digital turn=1 phase=steal gems=8,2,5,5 hands=-/P/H/S target=2 holder=1 amount=3"})[0]
	ann, bob, cy, dee, room := tb.phone(0), tb.phone(1), tb.phone(2), tb.phone(3), tb.phone(tui.Table)
	const question = "ann just took 3 gems. Do you steal them with a highwayman (steal), or let them go (decline)?"
	for _, p := range []*phone{ann, bob, cy, dee, room} {
		p.until(0)
	}
	for _, p := range []*phone{bob, cy, dee} {
		require.True(t, p.view.YourTurn, p.view.You)
		require.Contains(t, p.view.Secret, question, p.view.You)
		require.Equal(t, question, p.view.Picture.Turn, "%s: the same question, whatever the hand", p.view.You)
		want := []tui.Move{{Text: "decline --by " + p.view.You, Say: "Let the gems go"}}
		if p == cy {
			want = []tui.Move{{Text: "steal --by cy", Say: "Steal ann's 3 gems with your Highwayman"}, want[0]}
		}
		require.Equal(t, want, p.view.Picture.Moves, p.view.You)
	}
	for _, p := range []*phone{ann, room} {
		require.False(t, p.view.YourTurn, p.view.You)
		require.NotContains(t, p.view.Secret, "Do you steal", p.view.You)
		require.Empty(t, p.view.Picture.Moves, "%s: the question is for the others", p.view.You)
	}
	require.False(t, ann.act("pass").OK, "the holder cannot close the window on the phones")

	// dee answers first, then cy steals; bob's question is still open.
	r := dee.act("decline")
	require.True(t, r.OK, r.Refused)
	bob.until(1)
	require.Contains(t, bob.view.Secret, question)
	require.NotContains(t, dee.view.Secret, "Do you steal")
	require.Empty(t, dee.view.Picture.Moves)
	cy.until(1)
	r = cy.act("steal")
	require.True(t, r.OK, r.Refused)

	// cy's steal opens a new window over the same gems: dee and bob are
	// asked again, ann holds no cards, cy holds the gems.
	const again = "cy just took 3 gems. Do you steal them with a highwayman (steal), or let them go (decline)?"
	for _, p := range []*phone{bob, dee} {
		p.until(2)
		require.Contains(t, p.view.Secret, again, p.view.You)
		require.True(t, p.view.YourTurn, p.view.You)
	}
	require.True(t, bob.act("decline").OK)
	dee.until(3)
	require.True(t, dee.act("decline").OK)
	room.until(4)
	require.Contains(t, room.view.Board, "Waiting: bob is to fortify")
	var said []string
	for _, l := range room.log {
		said = append(said, l.Who+": "+l.Action)
	}
	require.Equal(t, []string{
		"dee: lets the gems go",
		"cy: cy's highwayman stole 3 gems from ann",
		"bob: lets the gems go",
		"dee: lets the gems go; nobody steals from cy: the window closes",
	}, said)
	require.Equal(t, 4, tb.events())
}

// TestKnightsBotSeatsOnPhones: with bob and dee played by the companion,
// ann's attack from her phone is answered by the bots on their own, each
// pushed to every phone as a "(bot)" line; cy's phone is then asked, and
// no phone's view holds a bot's hand (ruling K43).
func TestKnightsBotSeatsOnPhones(t *testing.T) {
	tb := serveWith(t, "127.0.0.1:0", server.Options{Limits: server.Limits{PerAddr: 256}, BotPause: 10 * time.Millisecond},
		[]string{"companion", "knights", "new", "--names", "ann,bob,cy,dee", "--bot", "bob=easy", "--bot", "dee=easy", "--private-seed", "1",
			"--position", "players=4 mode=digital turn=1 phase=main gems=8,4,4,4 hands=KS/PP/HS/PR"})[0]
	ann, cy, room := tb.phone(0), tb.phone(2), tb.phone(tui.Table)
	for _, p := range []*phone{ann, cy, room} {
		p.until(0)
	}
	require.True(t, ann.view.YourTurn)
	r := ann.act("play knight --at bob")
	require.True(t, r.OK, r.Refused)
	var bots []string
	for room.version < 3 {
		room.until(room.version + 1)
		if room.view.Bot != "" {
			bots = append(bots, room.view.Bot)
		}
	}
	require.Equal(t, []string{"bob (bot) answered ann's knight with 2 peasants; ann's knight took 1 gem from bob.", "dee (bot) lets the gems go."}, bots)
	cy.until(3)
	require.True(t, cy.view.YourTurn)
	require.Contains(t, cy.view.Secret, "Do you steal them")
	require.Equal(t, 3, tb.events())
	// dee (bot) holds a peasant and a king: no phone reads the king.
	king := regexp.MustCompile(`(?i)\bking\b`)
	for _, p := range []*phone{ann, cy, room} {
		p.until(3)
		raw, err := json.Marshal(p.view)
		require.NoError(t, err)
		require.False(t, king.Match(raw), "%s sees a card of a bot's hand: %s", p.view.You, raw)
	}
	// cy's answer closes the window; bob's turn is the companion's.
	require.True(t, cy.act("decline").OK)
	room.until(5)
	require.Contains(t, room.view.Bot, "bob (bot) attacked ann")
}

// A Knights phone offers Undo to the seat that acted last and takes back
// what `companion knights undo` would: an attack that showed only its own
// card (ruling C-1), and a pass, but not the steal window's last answer,
// after which the next seat drew cards: those cards were seen. A screen's version counts every event, and
// each one taken back twice more.
func TestKnightsPhoneUndo(t *testing.T) {
	tb := serve(t, []string{"companion", "knights", "new", "--players", "3", "--names", "ann,bob,cy", "--private-seed", "5"})[0]
	ann, bob, cy := tb.phone(0), tb.phone(1), tb.phone(2)
	at := func(version int) {
		t.Helper()
		for _, p := range []*phone{ann, bob, cy} {
			p.until(version)
		}
	}
	at(0)
	for _, p := range []*phone{ann, bob, cy} {
		require.False(t, p.view.Undo, "%s: nothing to take back yet", p.view.You)
	}
	require.True(t, ann.act("play knight --at bob").OK)
	at(1)
	require.True(t, ann.view.Undo, "ann acted last")
	require.False(t, bob.view.Undo)
	require.False(t, cy.view.Undo)
	require.False(t, bob.undoAt(1).OK, "only the seat that acted last takes it back")
	r := ann.undoAt(1)
	require.True(t, r.OK, r.Refused)
	require.Contains(t, r.Said, "Took back ann's knight attack on bob")
	require.Equal(t, 0, tb.events())

	at(2)
	require.True(t, ann.act("play knight --at bob").OK)
	at(3)
	r = bob.act("pass")
	require.True(t, r.OK, r.Refused)
	at(4)
	require.True(t, bob.view.Undo, "bob's pass showed nothing")
	r = bob.undoAt(4)
	require.True(t, r.OK, r.Refused)
	require.Equal(t, 1, tb.events())
	at(5)
	require.True(t, bob.act("pass").OK)
	at(6)
	// The steal window after the knight: the last answer closes it, ann's
	// turn ends and bob draws his cards, which no undo un-sees.
	r = bob.act("decline")
	require.True(t, r.OK, r.Refused)
	at(7)
	require.True(t, bob.view.Undo, "bob's answer showed nothing")
	r = cy.act("decline")
	require.True(t, r.OK, r.Refused)
	at(8)
	require.Equal(t, 4, tb.events())
	require.False(t, cy.view.Undo, "bob drew cards after cy's answer")
	r = cy.undoAt(8)
	require.False(t, r.OK)
	require.Contains(t, r.Refused, "bob already drew two cards after that play")
	require.Equal(t, 4, tb.events())
}
