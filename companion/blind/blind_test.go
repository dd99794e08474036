package blind

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
	"github.com/stretchr/testify/require"
)

func TestNewOptions(t *testing.T) {
	o, err := NewOptions(0, []string{"Ann", " bob "}, "bob", 5, "")
	require.NoError(t, err)
	require.Equal(t, Options{Players: 2, Names: []string{"ann", "bob"}, First: 1, Turns: 5}, o)
	o, err = NewOptions(3, nil, "", 0, "")
	require.NoError(t, err)
	require.Equal(t, []string{"p1", "p2", "p3"}, o.Names)
	for _, c := range []struct {
		players int
		names   []string
		first   string
		turns   int
		want    string
	}{
		{5, nil, "", 0, "--players 5: What Blind Ninjas takes 2 to 4 players"},
		{3, []string{"ann", "bob"}, "", 0, "--names gives 2 names for 3 players"},
		{0, []string{"ann", "ann"}, "", 0, `name "ann" is given twice`},
		{0, []string{"ann", "table"}, "", 0, `name "table" is a word the companion uses itself`},
		{2, nil, "cy", 0, `--first: "cy" is not a player here: choose p1, p2`},
		{2, nil, "", 1000, "--turns 1000: choose 1 to 999 rounds, or 0 for no limit"},
	} {
		_, err := NewOptions(c.players, c.names, c.first, c.turns, "")
		require.EqualError(t, err, c.want)
	}
}

func session(t *testing.T, o Options, actions ...string) companion.Session {
	t.Helper()
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	s := companion.Session{Name: "t", Game: Game, Options: raw, Created: time.Now()}
	for i, a := range actions {
		s.Events = append(s.Events, companion.Event{Seq: i + 1, Kind: "act", Data: []byte(`{"action":"` + a + `"}`)})
	}
	return s
}

// TestPlacementWords: along an edge a bare letter or row number names the
// square.
func TestPlacementWords(t *testing.T) {
	tb, err := Start(Options{Players: 4, Names: []string{"a", "b", "c", "d"}}, 0)
	require.NoError(t, err)
	for seat, words := range map[int][]string{0: {"b", "D", "e1", "h"}, 1: {"1", "3", "h5", "8"}, 2: {"a", "b", "c8", "d"}, 3: {"2", "4", "6", "a8"}} {
		a, err := tb.Placement(rules.Seat(seat), words)
		require.NoError(t, err)
		require.NoError(t, tb.Game.Apply(a), a)
	}
	require.Equal(t, engine.StagePlay, tb.Game.Stage())
	require.Contains(t, tb.Game.Position(), "seats=b1n,d1n,e1n,h1n/h1w,h3w,h5w,h8w/a8s,b8s,c8s,d8s/a2e,a4e,a6e,a8e")
}

// TestUndoBarriers: silent orders may be taken back, a slash or the end
// may not.
func TestUndoBarriers(t *testing.T) {
	o := Options{Players: 2, Names: []string{"ann", "bob"}, Turns: 1}
	v, err := Verify(session(t, o, "1 orders 1:s 2:s 3:s 4:m", "2 orders 1:s 2:s 3:s 4:x"))
	require.NoError(t, err)
	require.Equal(t, "", v[0].Barrier)
	require.Equal(t, "the game is over and every grid has been shown", v[1].Barrier)
	o.Turns = 0
	v, err = Verify(session(t, o, "1 orders 1:s 2:s 3:s 4:x"))
	require.NoError(t, err)
	require.Equal(t, "everyone heard the slash at D2", v[0].Barrier)
	require.True(t, v[0].V1)
}

// TestReplayRefusesWhatTheTableDidNotWrite: an event the engine would not
// write, or refuses, damages the session.
func TestReplayRefusesWhatTheTableDidNotWrite(t *testing.T) {
	o := Options{Players: 2, Names: []string{"ann", "bob"}}
	for _, a := range []string{"1 orders 1:m 2:m 3:m 4:m 5:m", "2 orders 1:s 2:s 3:s 4:s", "1 orders s s s s", "1 start a1 b1 c1 d1"} {
		_, err := Replay(session(t, o, a))
		require.ErrorIs(t, err, companion.ErrDamaged, a)
	}
	tb, err := Replay(session(t, o, "1 orders 1:m 2:s 3:s 4:s"))
	require.NoError(t, err)
	require.Equal(t, []string{"ann gave orders", "your ninja 1 moved to A2", "your ninja 2 stood on B1",
		"your ninja 3 stood on C1", "your ninja 4 stood on D1"}, tb.Last(Role{Seat: 0}))
	require.Equal(t, []string{"ann gave orders"}, tb.Last(Role{Seat: 1}))
	require.Equal(t, []string{"ann gave orders"}, tb.Last(Role{Table: true}))
	st := tb.Status(Role{Seat: 1})
	require.Nil(t, st.Players[0].Ninjas)
	require.Len(t, st.Players[1].Ninjas, 4)
}
