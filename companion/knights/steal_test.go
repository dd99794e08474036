package knights

import (
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// decline logs a seat letting the gems go, as the store would.
func decline(t *testing.T, tb *Table, s *companion.Session, by string) {
	t.Helper()
	e, err := tb.Decline(by)
	require.NoError(t, err, by)
	s.Events = append(s.Events, e)
}

// After gems move by a common attack, every other player may steal them
// with a highwayman, the one card the rulebook lets a player use "out of
// turn". The table asks every other seat holding cards, in turn
// order from the holder's left, the same question whatever its hand holds;
// each steals or lets the gems go, and the last answer closes the window
// (ruling K42). A steal opens a new window over the thief's gems, which
// asks everyone again but the thief.
func TestStealWindowAsksEveryOtherSeat(t *testing.T) {
	pos := "players=4 mode=digital turn=1 phase=main gems=5,5,5,5 hands=K/P/H/S"
	o, err := NewOptions(0, []string{"ann", "bob", "cy", "dee"}, "", "digital", "", pos)
	require.NoError(t, err)
	tb, s := newTable(t, o)
	act(t, tb, &s, Report{Verb: "play", Cards: []string{"knight"}, At: "bob"})
	act(t, tb, &s, Report{Verb: "pass"})
	require.Equal(t, []rules.Seat{1, 2, 3}, tb.Asked(), "bob, cy and dee, from ann's left")
	require.Equal(t, []string{"bob", "cy", "dee"}, tb.Status(Role{Table: true}).Asked)
	require.Equal(t, "ann just took 3 gems. Do you steal them with a highwayman (steal), or let them go (decline)?", tb.Question())
	require.Contains(t, tb.Waiting(), "still to answer: bob, cy and dee")

	moves, err := tb.Moves(Role{Seat: 1})
	require.NoError(t, err)
	require.Equal(t, []Group{{Name: "let the gems go", Commands: []string{"decline --by bob"}}}, moves[0].Groups, "bob has no highwayman: he can only let them go")
	moves, err = tb.Moves(Role{Seat: 2})
	require.NoError(t, err)
	require.Equal(t, []Group{{Name: "steal the gems", Commands: []string{"steal --by cy"}}, {Name: "let the gems go", Commands: []string{"decline --by cy"}}}, moves[0].Groups)

	_, err = tb.Decline("ann")
	require.EqualError(t, err, "not allowed: ann holds the gems")
	decline(t, tb, &s, "")
	require.Equal(t, []rules.Seat{2, 3}, tb.Asked(), "an empty --by answers for the next seat asked")
	require.Nil(t, tb.Cues, "an open window needs nothing done by hand")
	_, err = tb.Decline("bob")
	require.EqualError(t, err, "not allowed: bob already let these gems go")
	text, err := tb.Command(Report{Verb: "steal", By: "bob"})
	require.NoError(t, err)
	_, err = tb.Act("bob", text)
	require.EqualError(t, err, "not allowed: bob already let these gems go")

	act(t, tb, &s, Report{Verb: "steal", By: "cy"})
	require.Equal(t, []int{5, 2, 8, 5}, []int{tb.Game.Gems(0), tb.Game.Gems(1), tb.Game.Gems(2), tb.Game.Gems(3)})
	require.Equal(t, []rules.Seat{3, 1}, tb.Asked(), "a new window asks dee and bob again; ann has no cards")
	decline(t, tb, &s, "dee")
	decline(t, tb, &s, "bob")
	require.Nil(t, tb.Asked(), "the last answer closed the window")
	require.Equal(t, rules.Seat(1), tb.Game.Turn(), "and ended ann's turn")

	var got []string
	for _, l := range tb.LogLines(Role{Table: true}) {
		got = append(got, l.Who+": "+l.Action)
	}
	require.Equal(t, []string{
		"ann: attacked bob with a knight",
		"bob: let ann's knight through; ann's knight took 3 gems from bob",
		"bob: lets the gems go",
		"cy: cy's highwayman stole 3 gems from ann",
		"dee: lets the gems go",
		"bob: lets the gems go; nobody steals from cy: the window closes",
	}, got)

	again, err := Replay(s)
	require.NoError(t, err)
	require.Equal(t, tb.Game.String(), again.Game.String(), "declines replay to the same game")
	verdicts, err := Verify(s)
	require.NoError(t, err)
	require.Empty(t, verdicts[2].Barrier, "a decline that leaves the window open changes no card")
	require.Equal(t, "bob already drew two cards after that play", verdicts[5].Barrier, "the closing one starts bob's turn")

	stole := s
	stole.Events = s.Events[:3]
	tb, err = Replay(stole)
	require.NoError(t, err)
	require.Contains(t, tb.Undone(Role{Table: true}, s.Events[3]), "Took back cy's steal with a highwayman; ann's turn: ann just took 3 gems")

	open := s
	open.Events = s.Events[:4]
	tb, err = Replay(open)
	require.NoError(t, err)
	require.Equal(t, "Took back dee's decline to steal; ann's turn: cy just took 3 gems: every other player with cards steals them with a highwayman or lets them go (steal --by NAME, decline --by NAME); still to answer: dee and bob.",
		tb.Undone(Role{Table: true}, s.Events[4]))
}

// A steal reported in table words plays a highwayman, or with a digital
// deck a jester posing as one when the thief holds a jester but no
// highwayman; it names no other card.
func TestStealPicksTheCard(t *testing.T) {
	pos := "players=3 mode=digital turn=1 phase=steal gems=8,2,5 hands=-/J/PH target=2 holder=1 amount=3"
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", pos)
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	for r, want := range map[*Report]string{
		{Verb: "steal", By: "bob"}:                           "respond 2 jester(highwayman)",
		{Verb: "steal", By: "cy"}:                            "respond 3 highwayman",
		{Verb: "steal", By: "cy", Cards: []string{"jester"}}: "respond 3 jester(highwayman)",
		{Verb: "steal"}:                                      "respond 2 jester(highwayman)",
	} {
		got, err := tb.Command(*r)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	_, err = tb.Command(Report{Verb: "steal", By: "cy", Cards: []string{"knight"}})
	require.EqualError(t, err, "only a highwayman steals, or a jester as one: steal, or steal jester")
}

// A log holds only declines the table could have written: by a seat the
// open window asks, once, in the exact form Decline writes.
func TestVerifyRefusesDeclinesTheTableNeverWrites(t *testing.T) {
	pos := "players=3 mode=digital turn=1 phase=steal gems=8,2,5 hands=-/P/PH target=2 holder=1 amount=3"
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", pos)
	require.NoError(t, err)
	_, s := newTable(t, o)
	for data, want := range map[string]string{
		`{"seat":0}`:            "not allowed: ann holds the gems",
		`{"seat":5}`:            "decline by seat 6 at a table of 3",
		`{"seat":1,"card":1}`:   "unknown field",
		`{"seat":1} {"seat":1}`: "data after",
	} {
		s.Events = []companion.Event{{Seq: 1, Kind: declineKind, Data: []byte(data)}}
		_, err := Verify(s)
		require.ErrorContains(t, err, want, data)
	}
	s.Events = []companion.Event{{Seq: 1, Kind: declineKind, Data: []byte(`{"seat":1}`)}, {Seq: 2, Kind: declineKind, Data: []byte(`{"seat":1}`)}}
	_, err = Verify(s)
	require.ErrorContains(t, err, "bob already let these gems go")
	s.Events = s.Events[:1]
	verdicts, err := Verify(s)
	require.NoError(t, err)
	require.Empty(t, verdicts[0].Barrier)
}
