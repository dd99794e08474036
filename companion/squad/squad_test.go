package squad

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
	"github.com/stretchr/testify/require"
)

func TestKindReadsTableWords(t *testing.T) {
	d := data.DefaultSquad()
	for typed, want := range map[string]string{
		"Ninja Dash": "ninja-dash", "NINJA-DASH": "ninja-dash", "pocket": "pocket-rocket",
		" perfect  hiding place ": "perfect-hiding-place", "Team Ninja!": "team-ninja",
	} {
		got, err := Kind(d.Senjutsu, "Senjutsu", typed)
		require.NoError(t, err, typed)
		require.Equal(t, want, got, typed)
	}
	got, err := Kind(d.Wana, "Wana", "Hornet's Nest")
	require.NoError(t, err)
	require.Equal(t, "hornets-nest", got)
	for _, bad := range []string{"", "smoke bomb", "p"} { // p: pocket-rocket or perfect-hiding-place
		_, err := Kind(d.Senjutsu, "Senjutsu", bad)
		require.Error(t, err, bad)
		require.LessOrEqual(t, len(err.Error()), 70, err.Error())
	}
	_, err = Kind(d.Buki, "Buki", "a very long name that nobody would ever type here")
	require.LessOrEqual(t, len(err.Error()), 70, err.Error())
}

func TestParseMet(t *testing.T) {
	for text, want := range map[string]engine.Met{
		"":                      {},
		"2 cubes 1 lantern":     {Cubes: 2, Lanterns: 1},
		"cubes 3 guard":         {Cubes: 3, Guard: true},
		"c1 l4 home":            {Cubes: 1, Lanterns: 4, Home: true},
		"took out a guard roof": {Guard: true, Home: true},
		"1 cube Blue Forest":    {Cubes: 1, Home: true},
		"palace roof 1 lantern": {Lanterns: 1, Home: true},
		"8 cubes l5":            {Cubes: 8, Lanterns: 5},
	} {
		got, err := parseMet(strings.Fields(text))
		require.NoError(t, err, text)
		require.Equal(t, want, got, text)
	}
	for _, bad := range []string{"9 cubes", "c9", "2", "2 cubes 1 cube", "purple", "cubes"} {
		_, err := parseMet(strings.Fields(bad))
		require.Error(t, err, bad)
	}
}

func TestNewOptionsChecks(t *testing.T) {
	_, err := NewOptions(5, nil, "", false, "", "", "")
	require.ErrorContains(t, err, "2 to 4")
	_, err = NewOptions(2, []string{"ann", "ann"}, "", false, "", "", "")
	require.ErrorContains(t, err, "twice")
	_, err = NewOptions(2, []string{"ann", "42"}, "", false, "", "", "")
	require.ErrorContains(t, err, "not only digits")
	_, err = NewOptions(2, []string{"ann", "table"}, "", false, "", "", "")
	require.Error(t, err)
	_, err = NewOptions(2, nil, "escape", true, "", "", "")
	require.ErrorContains(t, err, "Midnight Raid only")
	o, err := NewOptions(0, []string{"Ann", "Bob", "Cy"}, "FULL", false, "Physical", "", "")
	require.NoError(t, err)
	require.Equal(t, Options{Players: 3, Names: []string{"ann", "bob", "cy"}, Mode: "full", Decks: "physical"}, o)
}

// session builds a session from actions typed as verbs.
func session(t *testing.T, o Options, seed uint64, reports ...Report) companion.Session {
	t.Helper()
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	s := companion.Session{Name: "t", Game: Game, Options: raw, Seed: seed}
	for _, r := range reports {
		tb, err := Replay(s)
		require.NoError(t, err)
		a, by, err := tb.Build(r)
		require.NoError(t, err, r)
		e, err := tb.Act(by, a, engine.NoSeat)
		require.NoError(t, err, r)
		e.Seq = len(s.Events) + 1
		s.Events = append(s.Events, e)
	}
	return s
}

// TestUndoNeverUnsees: a move that drew Buki cards is an undo barrier with
// digital piles; a move that drew nothing is not; with physical piles undo
// only corrects the record.
func TestUndoNeverUnsees(t *testing.T) {
	o := Options{Players: 2, Names: []string{"ann", "bob"}, Mode: "escape", Decks: "digital"}
	s := session(t, o, 3, Report{Verb: "trap", Args: []string{"caltrops"}}, Report{Verb: "move", Args: []string{"1.2", "2", "cubes"}})
	v, err := Verify(s)
	require.NoError(t, err)
	require.Empty(t, v[0].Barrier)
	require.Equal(t, "ann already drew a Buki card after that", v[1].Barrier)

	o.Decks = "physical"
	s = session(t, o, 3, Report{Verb: "move", Args: []string{"1.2", "1", "cube"}}, Report{Verb: "draw", Args: []string{"spear"}})
	v, err = Verify(s)
	require.NoError(t, err)
	require.Empty(t, v[1].Barrier)
}

// TestReplayRefusesEditedLogs: an event the table did not write is damage.
func TestReplayRefusesEditedLogs(t *testing.T) {
	o := Options{Players: 2, Names: []string{"ann", "bob"}, Mode: "raid", Decks: "digital"}
	s := session(t, o, 1, Report{Verb: "move", Args: []string{"1.1", "2", "cubes"}})
	for _, data := range []string{
		`{"seat":1,"action":"play 1.1 c2"}`,       // the wrong seat
		`{"seat":0,"action":"play  1.1 c2"}`,      // not the engine's writing
		`{"seat":0,"action":"play 1.1 c2","x":1}`, // unknown field
		`{"seat":0,"action":"buki 1 spear"}`,      // not legal in the raid
	} {
		bad := s
		bad.Events = []companion.Event{{Seq: 1, Kind: "act", Data: json.RawMessage(data)}}
		_, err := Verify(bad)
		require.Error(t, err, data)
	}
}

// TestCloneIsIndependent: the clone Mark uses for taken-back events reads
// back the same position and leaves the original alone.
func TestCloneIsIndependent(t *testing.T) {
	o := Options{Players: 3, Names: []string{"a", "b", "c"}, Mode: "full", Decks: "digital"}
	tb, err := Replay(session(t, o, 9, Report{Verb: "move", Args: []string{"1.1", "1", "cube"}}))
	require.NoError(t, err)
	c := tb.clone()
	require.Equal(t, tb.Game.Position(), c.Game.Position())
	a, by, err := c.Build(Report{Verb: "freeze"})
	require.NoError(t, err)
	_, err = c.Act(by, a, engine.NoSeat)
	require.NoError(t, err)
	require.NotEqual(t, tb.Game.Position(), c.Game.Position())
	require.Len(t, tb.Log, 2)
	_ = rules.Seat(0)
}

// TestHiddenCardsStayHidden: the table's story of a digital escape names
// no drawn Buki card; the holder's does.
func TestHiddenCardsStayHidden(t *testing.T) {
	o := Options{Players: 2, Names: []string{"ann", "bob"}, Mode: "escape", Decks: "digital"}
	tb, err := Replay(session(t, o, 3, Report{Verb: "move", Args: []string{"1.2", "2", "cubes"}}))
	require.NoError(t, err)
	require.Equal(t, []string{"ann moved with card 1, route 2: 2 cubes", "ann drew a Buki card", "ann drew a Buki card"}, tb.Last(Role{Table: true}))
	require.Equal(t, tb.Last(Role{Table: true}), tb.Last(Role{Seat: 1}))
	require.NotEqual(t, tb.Last(Role{Table: true}), tb.Last(Role{Seat: 0}))
	st := tb.Status(Role{Seat: 1})
	require.Nil(t, st.Players[0].Hand)
	require.Equal(t, 2, st.Players[0].Buki)
	require.NotNil(t, tb.Status(Role{Seat: 0}).Players[0].Hand)
}

// TestTripWireOwnerReadsTheLostCard: with digital piles the engine picks
// the card a Trip Wire takes; the mover and the trap's owner read it, the
// others read only that a Buki card went.
func TestTripWireOwnerReadsTheLostCard(t *testing.T) {
	o := Options{Players: 3, Names: []string{"ann", "bob", "cy"}, Mode: "escape", Decks: "digital"}
	tb, err := Replay(session(t, o, 3,
		Report{Verb: "trap", Args: []string{"trip", "wire"}},
		Report{Verb: "move", Args: []string{"1.1"}},
		Report{Verb: "move", Args: []string{"1.1", "2", "cubes"}},
		Report{Verb: "end"},
		Report{Verb: "move", Args: []string{"1.1"}},
		Report{Verb: "star"},
		Report{Verb: "move", Args: []string{"1.1"}},
		Report{Verb: "sprung", Args: []string{"trip-wire"}, Of: "ann"},
	))
	require.NoError(t, err)
	last := tb.Log[len(tb.Log)-1]
	require.Equal(t, engine.ActSpring, last.Action.Type)
	var lost string
	for _, ev := range last.Events {
		if ev.Kind == engine.EventTrapLoss {
			lost = ev.Card
		}
	}
	require.NotEmpty(t, lost)
	name := cardName(engine.BukiPile, lost)
	require.Contains(t, tb.Last(Role{Seat: 1}), "bob lost "+name+" to the Trip Wire")
	require.Contains(t, tb.Last(Role{Seat: 0}), "bob lost "+name+" to the Trip Wire")
	require.Contains(t, tb.Last(Role{Seat: 2}), "bob lost a Buki card to the Trip Wire")
	require.Contains(t, tb.Last(Role{Table: true}), "bob lost a Buki card to the Trip Wire")
}

// TestRivalKnockedOntoATrap: on ann's turn bob is knocked onto ann's Trip
// Wire: the card it takes is read by bob and ann only, and cy, knocked into
// a guard, will miss a turn.
func TestRivalKnockedOntoATrap(t *testing.T) {
	o := Options{Players: 3, Names: []string{"ann", "bob", "cy"}, Mode: "escape", Decks: "digital"}
	tb, err := Replay(session(t, o, 3,
		Report{Verb: "trap", Args: []string{"trip", "wire"}},
		Report{Verb: "move", Args: []string{"1.1"}},
		Report{Verb: "move", Args: []string{"1.1", "2", "cubes"}},
		Report{Verb: "end"},
		Report{Verb: "move", Args: []string{"1.1"}},
		Report{Verb: "sprung", Args: []string{"trip-wire"}, Of: "ann", Who: "bob"},
		Report{Verb: "guard", Args: []string{"cy"}},
	))
	require.NoError(t, err)
	spring := tb.Log[len(tb.Log)-2]
	require.Equal(t, "spring 1 trip-wire on 2", spring.Action.String())
	require.Equal(t, rules.Seat(0), spring.Seat, "reported on ann's turn")
	story := func(r Role) string { return strings.Join(tb.Story(spring, r), "\n") }
	require.Contains(t, story(Role{Table: true}), "ann knocked bob onto ann's trip-wire")
	require.Contains(t, story(Role{Table: true}), "bob lost a Buki card to the Trip Wire")
	require.Equal(t, story(Role{Table: true}), story(Role{Seat: 2}))
	require.NotContains(t, story(Role{Seat: 1}), "a Buki card to")
	require.NotContains(t, story(Role{Seat: 0}), "a Buki card to")
	require.Equal(t, 1, tb.Game.Missed(2))
	require.Equal(t, []string{"cy was knocked into a guard or reached by one: misses a turn"}, tb.Last(Role{Table: true}))
	_, _, err = tb.Build(Report{Verb: "guard"})
	require.ErrorContains(t, err, "guard needs the one rival")
}

// TestRivalPushedHome: on bob's turn a Team Ninja! moves cy onto the
// palace roof through a cube; cy is home with the cube, and bob still
// moves (S-28).
func TestRivalPushedHome(t *testing.T) {
	o := Options{Players: 3, Names: []string{"ann", "bob", "cy"}, Mode: "raid", Decks: "digital"}
	tb, err := Replay(session(t, o, 3,
		Report{Verb: "move", Args: []string{"1.1", "home"}},
		Report{Verb: "reached", Args: []string{"cy", "1", "cube", "palace", "roof"}},
	))
	require.NoError(t, err)
	last := tb.Log[len(tb.Log)-1]
	require.Equal(t, "reached 3 c1 home", last.Action.String())
	require.Equal(t, rules.Seat(1), last.Seat, "reported on bob's turn")
	require.True(t, tb.Game.Home(2))
	require.Equal(t, rules.Seat(1), tb.Game.ToAct())
	require.Contains(t, tb.Last(Role{Table: true}), "cy was moved by someone else: 1 cube, reached the palace roof")
	var listed []string
	for _, gr := range tb.Moves(Role{Table: true}).Groups {
		for _, m := range gr.Moves {
			listed = append(listed, m.Command)
		}
	}
	require.NotContains(t, listed, "reached cy home", "cy is home already")
	require.NotContains(t, listed, "reached bob home", "bob reports with its own move")
	_, _, err = tb.Build(Report{Verb: "reached", Args: []string{"cy", "9", "cubes"}})
	require.ErrorContains(t, err, "0 to 8")
	_, _, err = tb.Build(Report{Verb: "reached"})
	require.ErrorContains(t, err, "reached needs the rival moved")
	a, _, err := tb.Build(Report{Verb: "reached", Args: []string{"cy", "home"}})
	require.NoError(t, err)
	require.ErrorIs(t, tb.Game.Apply(a), rules.ErrIllegal)
}

// TestSpeedyPhasesAreStamped: the action that begins a Super Speedy
// movement phase carries the time it was logged, from which the countdown
// runs; the first phase runs from the session's creation. A stamp on any
// other action, or one not written as the companion writes it, is damage;
// a session logged before stamps reads as unstamped.
func TestSpeedyPhasesAreStamped(t *testing.T) {
	o := Options{Players: 2, Names: []string{"ann", "bob"}, Mode: "raid", Decks: "digital", Speedy: true}
	reports := []Report{{Verb: "exposed", Args: []string{"none"}}, {Verb: "patrols"}}
	for range 12 {
		reports = append([]Report{{Verb: "move", Args: []string{"1.1"}}}, reports...)
	}
	s := session(t, o, 1, reports...)
	created := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	tb, err := Replay(s)
	require.NoError(t, err)
	at, ok := tb.PhaseStarted(created)
	require.True(t, ok)
	require.Equal(t, 2, tb.Game.Phase())
	require.WithinDuration(t, time.Now(), at, time.Minute, "phase 2 runs from the patrols report")
	require.Contains(t, string(s.Events[13].Data), `"at":"`)
	for _, e := range s.Events[:13] {
		require.NotContains(t, string(e.Data), `"at"`, "only the action that began a phase is stamped")
	}

	first, err := Replay(companion.Session{Name: "t", Game: Game, Options: s.Options, Seed: 1, Events: s.Events[:3]})
	require.NoError(t, err)
	at, ok = first.PhaseStarted(created)
	require.True(t, ok)
	require.Equal(t, created, at, "the first phase runs from the session's creation")

	clock := time.Date(2026, 1, 1, 20, 5, 0, 0, time.UTC)
	tb, err = Replay(companion.Session{Name: "t", Game: Game, Options: s.Options, Seed: 1, Events: s.Events[:13]})
	require.NoError(t, err)
	tb.Clock = func() time.Time { return clock }
	a, by, err := tb.Build(Report{Verb: "patrols"})
	require.NoError(t, err)
	e, err := tb.Act(by, a, engine.NoSeat)
	require.NoError(t, err)
	require.JSONEq(t, `{"seat":-1,"action":"patrols -","at":"2026-01-01T20:05:00.000Z"}`, string(e.Data))
	at, _ = tb.PhaseStarted(created)
	require.Equal(t, clock, at)

	for _, bad := range [][2]int{{0, 1}, {13, 0}} {
		edited := s
		edited.Events = slices.Clone(s.Events)
		data := string(edited.Events[bad[0]].Data)
		if bad[1] == 1 {
			data = strings.TrimSuffix(data, "}") + `,"at":"2026-01-01T20:05:00.000Z"}`
		} else {
			data = strings.Replace(data, ".", ",", 1)
		}
		edited.Events[bad[0]].Data = json.RawMessage(data)
		_, err := Verify(edited)
		require.Error(t, err, data)
	}
	legacy := s
	legacy.Events = slices.Clone(s.Events)
	legacy.Events[13].Data = json.RawMessage(`{"seat":-1,"action":"patrols -"}`)
	tb, err = Replay(legacy)
	require.NoError(t, err)
	_, ok = tb.PhaseStarted(created)
	require.False(t, ok, "a phase begun before stamps has no stored start")
}
