package knights

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

func newTable(t testing.TB, o Options) (*Table, companion.Session) {
	t.Helper()
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	s := companion.Session{Name: "t", Game: Game, Options: raw, Seed: 7}
	tb, err := Replay(s)
	require.NoError(t, err)
	return tb, s
}

// act applies a report and appends its event to the session, as the store
// would.
func act(t testing.TB, tb *Table, s *companion.Session, r Report) {
	t.Helper()
	text, err := tb.Command(r)
	require.NoError(t, err)
	e, err := tb.Act(r.By, text)
	require.NoError(t, err, text)
	s.Events = append(s.Events, e)
}

func TestReplayGivesTheSameDraws(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "digital", "", "")
	require.NoError(t, err)
	tb, s := newTable(t, o)
	hand := tb.Status(Role{Seat: 0}).Hand
	act(t, tb, &s, Report{Verb: "discard", Cards: hand[:1]})
	again, err := Replay(s)
	require.NoError(t, err)
	require.Equal(t, tb.Game.String(), again.Game.String(), "replaying the log draws the same cards")
	require.True(t, s.Events[0].Barrier, "a digital deal shows cards: no undo")
}

func TestPhysicalActionsCanBeUndone(t *testing.T) {
	o, err := NewOptions(3, nil, "", "physical", "", "")
	require.NoError(t, err)
	require.Equal(t, []string{"p1", "p2", "p3"}, o.Names)
	tb, s := newTable(t, o)
	act(t, tb, &s, Report{Verb: "fortify", Cards: []string{"castle"}})
	require.False(t, s.Events[0].Barrier)
}

func TestCommandBuildsEngineNotation(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	cases := map[string]Report{
		"attack 2 knight":          {Verb: "play", Cards: []string{"knight"}, At: "bob"},
		"attack 3 archer fort":     {Verb: "play", Cards: []string{"archer"}, At: "3", Fort: true},
		"special herald":           {Verb: "play", Cards: []string{"herald"}},
		"special merchant 2":       {Verb: "play", Cards: []string{"merchant"}, At: "bob"},
		"special jester(monk)":     {Verb: "play", Cards: []string{"jester(monk)"}},
		"respond 1 princess":       {Verb: "respond", Cards: []string{"princess"}, By: "ann"},
		"fortify castle,archer":    {Verb: "fortify", Cards: []string{"castle", "archer"}},
		"take 3 knight":            {Verb: "take", Cards: []string{"knight"}, At: "cy"},
		"pay gems":                 {Verb: "pay", Cards: []string{"gems"}},
		"pay cards peasant,king":   {Verb: "pay", Cards: []string{"cards", "peasant", "king"}},
		"pass":                     {Verb: "pass"},
		"attack 2 peasant,peasant": {Verb: "play", Cards: []string{"peasant", "peasant"}, At: "bob"},
	}
	for want, r := range cases {
		got, err := tb.Command(r)
		require.NoError(t, err, want)
		require.Equal(t, want, got)
	}
	bad := map[string]Report{
		"needs --at NAME":   {Verb: "play", Cards: []string{"knight"}},
		"needs the card":    {Verb: "fortify"},
		"not at the table":  {Verb: "play", Cards: []string{"knight"}, At: "zed"},
		"pay gems, or pay":  {Verb: "pay", Cards: []string{"cash"}},
		"takes no cards":    {Verb: "pass", Cards: []string{"king"}},
		"unknown play":      {Verb: "dance"},
		"needs --from NAME": {Verb: "take", Cards: []string{"knight"}},
	}
	for want, r := range bad {
		_, err := tb.Command(r)
		require.ErrorContains(t, err, want)
	}
}

func TestNamesReplaceSeatNumbers(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	require.Equal(t, "bob is attacked by cy; seat 9 is no one", tb.Names("seat 2 is attacked by seat 3; seat 9 is no one"))
	require.Equal(t, "play knight --at bob", tb.Friendly("attack 2 knight"))
	require.Equal(t, "respond princess --by cy", tb.Friendly("respond 3 princess"))
}

func TestNewOptionsRejects(t *testing.T) {
	for want, args := range map[string][]string{
		"2 names for 3 players": {"3", "ann,bob", "", "digital"},
		"names are 1-16":        {"3", "ann,bob,Table", "", "digital"},
		"choose standard":       {"3", "", "solo", "digital"},
		"for 2 players":         {"3", "", "two-player", "digital"},
		"choose digital":        {"3", "", "", "paper"},
		"not 9":                 {"9", "", "", "digital"},
	} {
		n := int(args[0][0] - '0')
		var names []string
		if args[1] != "" {
			names = strings.Split(args[1], ",")
		}
		_, err := NewOptions(n, names, args[2], args[3], "", "")
		require.ErrorContains(t, err, want)
	}
}

func TestMonkPaymentsStayPrivateInTheLog(t *testing.T) {
	pos := "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=O/PK/- forts=-/C/-"
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", pos)
	require.NoError(t, err)
	tb, s := newTable(t, o)
	act(t, tb, &s, Report{Verb: "play", Cards: []string{"monk"}})
	act(t, tb, &s, Report{Verb: "pay", Cards: []string{"cards", "peasant", "knight"}})
	require.Equal(t, "pay cards (2)", tb.LogLines(Role{Table: true})[1].Action)
	require.Equal(t, "pay cards peasant,knight", tb.LogLines(Role{Seat: 1})[1].Action)
}

// FuzzAct feeds arbitrary play text through the companion: it must refuse
// or accept without panicking, and an accepted play must replay identically.
func FuzzAct(f *testing.F) {
	for _, s := range []string{"attack 2 knight", "pass", "fortify castle", "respond 2 jester(highwayman)", "special merchant 3", "pay cards", "x"} {
		f.Add(s)
	}
	o, _ := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	raw, _ := json.Marshal(o)
	f.Fuzz(func(t *testing.T, text string) {
		s := companion.Session{Name: "t", Game: Game, Options: raw, Seed: 7}
		tb, err := Replay(s)
		if err != nil {
			t.Fatal(err)
		}
		e, err := tb.Act("", text)
		if err != nil {
			return
		}
		s.Events = append(s.Events, e)
		again, err := Replay(s)
		if err != nil || again.Game.String() != tb.Game.String() {
			t.Fatalf("%q accepted but does not replay: %v", text, err)
		}
	})
}

// With real cards the companion must say when to reshuffle and draw, since
// nobody else at the table keeps count.
func TestPhysicalCues(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	tb, s := newTable(t, o)
	act(t, tb, &s, Report{Verb: "discard", Cards: []string{"peasant"}})
	require.Equal(t, []string{"bob's turn: bob draws 2 card(s)."}, tb.Cues)
	for tb.Game.Reshuffles() == 0 {
		moves, err := tb.Moves(Role{Table: true})
		require.NoError(t, err)
		i := slices.IndexFunc(moves, func(m string) bool { return strings.HasPrefix(m, "discard ") })
		require.GreaterOrEqual(t, i, 0, "a physical hand can always discard")
		act(t, tb, &s, Report{Verb: "discard", Cards: strings.Fields(moves[i])[1:]})
	}
	require.Equal(t, "The draw pile ran out: shuffle the discards into a new draw pile. Now 9 gems win.", tb.Cues[0])
}
