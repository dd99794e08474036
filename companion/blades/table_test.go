package blades

import (
	"encoding/json"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/generate"
	"github.com/stretchr/testify/require"
)

func session(t *testing.T, o Options, events ...companion.Event) companion.Session {
	t.Helper()
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	for i := range events {
		events[i].Seq = i + 1
	}
	return companion.Session{Name: "t", Game: Game, Options: raw, Seed: 99, Events: events}
}

func ev(kind, data string) companion.Event {
	return companion.Event{Kind: kind, Data: json.RawMessage(data)}
}

func TestReplayRebuildsTheGame(t *testing.T) {
	o := Options{Players: 3, Seed: 42, Cards: "dealt"}
	start, err := Start(o, 99)
	require.NoError(t, err)
	again, err := Start(o, 99)
	require.NoError(t, err)
	require.Equal(t, start.Pos.String(), again.Pos.String(), "the deal comes from the session seed, not the clock")

	tb, err := Replay(session(t, o, ev("keep", `{"seat":0,"hand":"-"}`), ev("keep", `{"seat":1,"hand":"-"}`), ev("keep", `{"seat":2,"hand":"-"}`)))
	require.NoError(t, err)
	require.Len(t, tb.Log, 3)
	require.Equal(t, "playing", tb.Status(TableRole).Phase)
}

func TestReplayRefusesDamagedLogs(t *testing.T) {
	o := Options{Position: "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 none 0,0,0", Players: 3, Cards: "none"}
	cases := map[string]companion.Event{
		"unknown kind":   ev("teleport", `{}`),
		"illegal move":   ev("move", `{"seat":0,"move":"attack a1 b1"}`),
		"out of turn":    ev("move", `{"seat":1,"move":"pass"}`),
		"bad notation":   ev("move", `{"seat":0,"move":"jump"}`),
		"not json":       ev("move", `[1,2]`),
		"keep with none": ev("keep", `{"seat":0,"hand":"B"}`),
	}
	for name, e := range cases {
		_, err := Replay(session(t, o, e))
		require.ErrorContains(t, err, `session "t" is damaged at event 1`, name)
	}
	s := session(t, o)
	s.Game = "knights"
	_, err := Replay(s)
	require.ErrorContains(t, err, "is a knights game, not blades")
}

func TestRolesSeeOnlyTheirHands(t *testing.T) {
	o := Options{Position: "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0", Players: 3, Cards: "hidden"}
	tb, err := Replay(session(t, o))
	require.NoError(t, err)
	for _, as := range []string{"1", "red", "r"} {
		r, err := tb.ParseRole(as)
		require.NoError(t, err)
		st := tb.Status(r)
		require.Equal(t, "Bomb, Shuriken", st.Seats[0].Hand)
		require.Equal(t, 7, st.Seats[0].HandCost)
		require.Empty(t, st.Seats[1].Hand)
		require.Equal(t, 1, st.Seats[1].Cards)
	}
	ml := tb.Moves(TableRole)
	require.True(t, ml.CardsHidden)
	require.Equal(t, []string{"pass", "attack a1 a2", "attack b1 b2"}, ml.Moves)
	r, _ := tb.ParseRole("1")
	ml = tb.Moves(r)
	require.False(t, ml.CardsHidden)
	require.Contains(t, ml.Moves, "shuriken a1 a2")

	for _, bad := range []string{"4", "0", "purple"} {
		_, err := tb.ParseRole(bad)
		require.Error(t, err, bad)
	}

	_, err = tb.Move(r, "shuriken a1 a2")
	require.NoError(t, err)
	_, err = tb.Move(TableRole, "pass")
	require.NoError(t, err)
}

func TestKeepNeedsASeatAndTheLimit(t *testing.T) {
	o := Options{Position: "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BBC?,-?,-? 0,0,0", Players: 3, Cards: "hidden"}
	tb, err := Replay(session(t, o))
	require.NoError(t, err)
	_, err = tb.Keep(TableRole, "B")
	require.ErrorContains(t, err, "--as SEAT")
	r, _ := tb.ParseRole("1")
	_, err = tb.Keep(r, "bomb,bomb,circle")
	require.ErrorContains(t, err, "cost 14, more than the limit of 10")
	_, err = tb.Keep(r, "bomb,bomb")
	require.NoError(t, err)
	require.Equal(t, "Red keeps 2 Bomb", tb.LogLines(r)[0].Action)
	require.Equal(t, "Red keeps 2 card(s)", tb.LogLines(TableRole)[0].Action)
}

func TestNewOptions(t *testing.T) {
	o, err := NewOptions(3, "24R0-00000-058Y4", "", "dealt", "")
	require.NoError(t, err)
	require.Equal(t, uint64(42), o.Seed)
	open, err := generate.ParseCode("2508-00000-7X8DN")
	require.NoError(t, err)
	o, err = NewOptions(3, open.String(), "", "dealt", "")
	require.NoError(t, err)
	require.Equal(t, Options{Players: 4, Seed: 2026, Cards: "open"}, o, "the code's players and cards win over the flags")
	_, err = NewOptions(3, "", "", "hidden", "")
	require.ErrorContains(t, err, "cannot check")
	_, err = NewOptions(9, "", "1", "dealt", "")
	require.ErrorContains(t, err, "2 to 5 players")
	_, err = NewOptions(3, "24R0-00000-058Y5", "", "dealt", "")
	require.ErrorContains(t, err, "check characters")
	_, err = NewOptions(3, "", "", "dealt", "nonsense")
	require.ErrorContains(t, err, "position")
}
