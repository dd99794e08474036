package knights

import (
	"encoding/json"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

// TestPlaysAreToldInTableWords plays each kind of action from a position
// and reads what the table is told: who did what to whom, in names and card
// words, with what came of it.
func TestPlaysAreToldInTableWords(t *testing.T) {
	three := []string{"ann", "bob", "cy"}
	for _, tc := range []struct {
		name  string
		names []string
		pos   string
		do    []string // engine notation, as the act command takes it
		want  []string // the last action's story
	}{
		{"an attack waits for its answer", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=K/P/-",
			[]string{"attack 2 knight"}, []string{"ann attacked bob with a knight"}},
		{"an unanswered knight", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=K/P/-",
			[]string{"attack 2 knight", "pass"}, []string{"bob let ann's knight through", "ann's knight took 3 gems from bob"}},
		{"a block that leaves one gem", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=K/S/-",
			[]string{"attack 2 knight", "respond 2 soldier"}, []string{"bob answered ann's knight with a soldier", "ann's knight took 1 gem from bob"}},
		{"a block that holds", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=K/R/-",
			[]string{"attack 2 knight", "respond 2 king"}, []string{"bob answered ann's knight with a king", "the answer held: no gems moved"}},
		{"a revolt against a kingdom without cards", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=PPJ/-/-",
			[]string{"attack 2 peasant,peasant,jester(peasant)"},
			[]string{"ann attacked bob with 2 peasants and a jester as a peasant", "bob has no cards to answer", "ann's revolt of 2 peasants and a jester as a peasant took 3 gems from bob"}},
		{"an attack on an empty treasury", three, "players=3 mode=digital turn=1 phase=main gems=10,0,5 hands=K/-/-",
			[]string{"attack 2 knight"}, []string{"ann attacked bob with a knight", "bob has no cards to answer", "bob has no gems: none moved"}},
		{"a princess takes the knight", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=K/-/I",
			[]string{"attack 3 knight", "respond 3 princess"}, []string{"cy's princess took the knight"}},
		{"an executioner", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=N/E/-",
			[]string{"attack 2 ninja", "respond 2 executioner"}, []string{"bob's executioner killed ann's ninja"}},
		{"a minstrel sends the attacker home", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=D/B/-",
			[]string{"attack 2 dragon", "respond 2 minstrel"}, []string{"bob's minstrel sent ann's dragon back to ann's hand", "bob is safe until bob's next turn"}},
		{"a traitor turns the knight", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KS/T/-",
			[]string{"attack 2 knight", "respond 2 traitor"}, []string{"bob's traitor turned ann's knight against ann"}},
		{"a second traitor turns it back", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KT/TP/-",
			[]string{"attack 2 knight", "respond 2 traitor", "respond 1 traitor"}, []string{"ann's traitor turned the knight against bob"}},
		{"the traitored knight strikes its owner", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KS/T/-",
			[]string{"attack 2 knight", "respond 2 traitor", "respond 1 soldier"},
			[]string{"ann answered the traitored knight with a soldier", "the traitored knight took 1 gem from ann"}},
		{"a ninja kills the archer", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=N/-/- forts=-/A/-",
			[]string{"attack 2 ninja"}, []string{"ann attacked bob with a ninja", "bob has no cards to answer", "ann's ninja took 2 gems from bob", "ann's ninja killed bob's archer"}},
		{"the castle burned", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=D/P/- forts=-/C/-",
			[]string{"attack 2 dragon burn", "pass"}, []string{"bob let ann's dragon through", "ann's dragon took 2 gems from bob", "bob's castle burned"}},
		{"an archer from the fortification", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=P/P/- forts=A/A/-",
			[]string{"attack 2 archer fort", "pass"}, []string{"bob let ann's archer through", "ann's archer shot bob's archer"}},
		{"a ladder", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=L/P/- forts=-/C/-",
			[]string{"attack 2 ladder", "pass"}, []string{"bob let ann's ladder through", "ann's ladder stands against bob's castle until the turn ends"}},
		{"a catapult", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=U/P/- forts=-/C/-",
			[]string{"attack 2 catapult"}, []string{"ann played a catapult against bob's castle"}},
		{"a highwayman", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=K/-/H",
			[]string{"attack 2 knight", "respond 3 highwayman"}, []string{"cy's highwayman stole 3 gems from ann"}},
		{"nobody steals: the table closes the window", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=K/-/P",
			[]string{"attack 2 knight", "pass"}, []string{"nobody steals from ann: the window closes"}},
		{"a merchant", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=M/PPPSS/-",
			[]string{"special merchant 2"}, []string{"ann played a merchant and paid bob 1 gem", "ann took 2 cards from bob's hand, unseen"}},
		{"a merchant that finds nothing to take", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=M/P/-",
			[]string{"special merchant 2"}, []string{"ann played a merchant and paid bob 1 gem", "ann took nothing: half of bob's hand rounds down to no cards"}},
		{"a merchant's gem wins for the rival", three, "players=3 mode=digital turn=1 phase=main gems=1,9,5 hands=M/P/-",
			[]string{"special merchant 2"}, []string{"ann played a merchant and paid bob 1 gem", "bob has 10 gems and wins"}},
		{"a monk taxes two castles", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=O/P/P forts=-/C/C",
			[]string{"special monk"}, []string{"ann played a monk: bob and cy pay the tax"}},
		{"a monk finds no castle", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=O/P/P",
			[]string{"special monk"}, []string{"ann played a monk: nobody else has a castle, so nobody pays"}},
		{"the tax in gems", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=O/P/P forts=-/C/-",
			[]string{"special monk", "pay gems"}, []string{"bob paid ann 1 gem for the monk"}},
		{"a herald nobody can answer", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=F/-/-",
			[]string{"special herald"}, []string{"ann played a herald: nobody has a card to show"}},
		{"a fortification", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=CJ/-/-",
			[]string{"fortify castle,jester(archer)"}, []string{"ann fortified with a castle and a jester as an archer"}},
		{"an empty-handed player passes", three, "players=3 mode=physical turn=1 phase=main gems=5,5,5 hands=0/50/50 draw=0",
			[]string{"pass"}, []string{"ann had no cards and passed"}},
		{"the end of a turn", three, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KK/R/-",
			[]string{"attack 2 knight", "respond 2 king", "pass"}, []string{"ann ended the turn"}},
		{"the duel draft ends", []string{"ann", "bob"}, "players=2 mode=digital turn=1 phase=draft gems=6,6 hands=-/- draft=P",
			[]string{"give"}, []string{"ann gave the drafted card to bob", "the draft is over: ann plays first"}},
		{"a duel minstrel", []string{"ann", "bob"}, "players=2 mode=digital turn=1 phase=main gems=6,6 hands=BP/PPS",
			[]string{"fortify minstrel"}, []string{"ann fortified with a minstrel", "the minstrel goes to the discards: bob must discard 2 cards"}},
		{"a duel minstrel's purge", []string{"ann", "bob"}, "players=2 mode=digital turn=1 phase=main gems=6,6 hands=BP/PPS",
			[]string{"fortify minstrel", "discard peasant,soldier"}, []string{"bob discarded a peasant and a soldier for the minstrel"}},
		{"a redeal", []string{"ann", "bob"}, "players=2 mode=digital turn=1 phase=main gems=6,6 hands=P/PPS forts=C/-",
			[]string{"redeal"}, []string{"ann called a redeal: the fortifications go to the discards and a new draft begins"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := NewOptions(0, tc.names, "", "digital", "", tc.pos)
			require.NoError(t, err)
			tb, _ := newTable(t, o)
			for _, a := range tc.do {
				_, err := tb.Act("", a)
				require.NoError(t, err, a)
			}
			require.Equal(t, tc.want, tb.told(tb.Log[len(tb.Log)-1], Role{Table: true}))
		})
	}
}

// The steal window is closed by the table: the log names no player for it.
func TestStealWindowClosesForTheTable(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=K/-/P")
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	for _, a := range []string{"attack 2 knight", "pass"} {
		_, err := tb.Act("", a)
		require.NoError(t, err)
	}
	lines := tb.LogLines(Role{Table: true})
	require.Equal(t, "table", lines[1].Who)
	require.Equal(t, "nobody steals from ann: the window closes", lines[1].Action)
	require.Equal(t, []string{"nobody steals from ann: the window closes"}, tb.Echo())
}

// The end of the game is summed up, and a game read back from its log
// has the same turns and summary.
func TestTurnsReplay(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", "players=3 mode=digital turn=1 phase=main gems=9,5,1 hands=K/-/P")
	require.NoError(t, err)
	tb, s := newTable(t, o)
	for _, a := range []string{"attack 2 knight", "pass"} {
		e, err := tb.Act("", a)
		require.NoError(t, err)
		s.Events = append(s.Events, e)
	}
	require.Equal(t, []string{"Game over: ann wins with 12 gems (10 needed).", "Gems: ann 12, bob 2, cy 1.", "1 turn, 0 reshuffles."}, tb.Summary())
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	var back companion.Session
	require.NoError(t, json.Unmarshal(raw, &back))
	again, err := Replay(back)
	require.NoError(t, err)
	require.Equal(t, tb.Summary(), again.Summary())
}
