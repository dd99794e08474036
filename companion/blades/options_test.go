package blades

import (
	"encoding/json"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

const duelPosition = "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0"

// TestStartChecksOptionsAsNewOptionsDoes: options that NewOptions would
// never produce, as found in a stored or imported session, start no game.
func TestStartChecksOptionsAsNewOptionsDoes(t *testing.T) {
	bad := map[string]Options{
		"hidden cards (ruling B-18)": {Players: 3, Seed: 1, Cards: "hidden"},
		"unknown cards":              {Players: 3, Seed: 1, Cards: "some"},
		"no cards word":              {Players: 3, Seed: 1},
		"one player":                 {Players: 1, Seed: 1, Cards: "dealt"},
		"six players":                {Players: 6, Seed: 1, Cards: "dealt"},
		"negative players":           {Players: -3, Seed: 1, Cards: "none"},
		"seed no code can carry":     {Players: 3, Seed: 1 << 40, Cards: "dealt"},
		"bad position":               {Players: 3, Cards: "hidden", Position: "3:RYB nonsense"},
		"position and seed":          {Players: 3, Cards: "hidden", Seed: 7, Position: duelPosition},
		"position, other players":    {Players: 4, Cards: "hidden", Position: duelPosition},
		"position, other cards":      {Players: 3, Cards: "dealt", Position: duelPosition},
		"position, not canonical":    {Players: 3, Cards: "hidden", Position: "  " + duelPosition},
		"position too many cards":    {Players: 3, Cards: "hidden", Position: "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BBBB,-,- 0,0,0"},
	}
	for name, o := range bad {
		_, err := Start(o, 1)
		require.Error(t, err, name)
		raw, _ := json.Marshal(o)
		_, err = Replay(companion.Session{Name: "t", Game: Game, Options: raw})
		require.Error(t, err, name)
	}
	// Whatever NewOptions accepts, Start accepts.
	for _, args := range [][5]any{
		{3, "", "42", "dealt", ""}, {2, "", "1099511627775", "open", ""}, {5, "", "0", "none", ""},
		{3, "24R0-00000-058Y4", "", "dealt", ""}, {0, "", "", "dealt", duelPosition},
	} {
		o, err := NewOptions(args[0].(int), args[1].(string), args[2].(string), args[3].(string), args[4].(string))
		require.NoError(t, err, args)
		_, err = Start(o, 1)
		require.NoError(t, err, args)
	}
}

// TestStoredDataIsReadStrictly: unknown, missing or trailing fields in a
// session's options or events are refused, not ignored.
func TestStoredDataIsReadStrictly(t *testing.T) {
	opts := map[string]string{
		"unknown field":   `{"players":3,"seed":1,"cards":"dealt","code":"24R0-00000-058Y4"}`,
		"wrong type":      `{"players":"3","seed":1,"cards":"dealt"}`,
		"negative seed":   `{"players":3,"seed":-1,"cards":"dealt"}`,
		"imported hidden": `{"players":3,"seed":1,"cards":"hidden"}`,
	}
	for name, raw := range opts {
		_, err := Replay(companion.Session{Name: "t", Game: Game, Options: json.RawMessage(raw)})
		require.Error(t, err, name)
	}
	_, err := Replay(companion.Session{Name: "t", Game: Game, Options: json.RawMessage(`{"players":3,"seed":1,"cards":"dealt"}`)})
	require.NoError(t, err)

	o := Options{Position: duelPosition, Players: 3, Cards: "hidden"}
	events := map[string]companion.Event{
		"unknown field":  ev("move", `{"seat":0,"move":"pass","card":"bomb"}`),
		"missing seat":   ev("move", `{"move":"pass"}`),
		"null seat":      ev("move", `{"seat":null,"move":"pass"}`),
		"missing hand":   ev("keep", `{"seat":0}`),
		"keep extra":     ev("keep", `{"seat":0,"hand":"-","also":1}`),
		"fractional":     ev("move", `{"seat":0.5,"move":"pass"}`),
		"trailing value": ev("move", `{"seat":0,"move":"pass"} {}`),
		"not an object":  ev("move", `"pass"`),
	}
	for name, e := range events {
		_, err := Replay(session(t, o, e))
		require.ErrorContains(t, err, "damaged at event 1", name)
	}
	_, err = Replay(session(t, o, ev("move", `{"move":"pass","seat":0}`)))
	require.NoError(t, err, "field order does not matter")
}

// TestStoredFlagsAreIgnored: a stored barrier flag changes nothing (ruling
// C-5): sessions stored before undo could take back a card play carry one.
func TestStoredFlagsAreIgnored(t *testing.T) {
	o := Options{Position: duelPosition, Players: 3, Cards: "hidden"}
	for _, flag := range []bool{false, true} {
		for _, e := range []companion.Event{ev("move", `{"seat":0,"move":"shuriken a1 a2"}`), ev("move", `{"seat":0,"move":"attack a1 a2"}`)} {
			e.Barrier = flag
			_, err := Replay(session(t, o, e))
			require.NoError(t, err)
		}
		keep := ev("keep", `{"seat":0,"hand":"-"}`)
		keep.Barrier = flag
		_, err := Replay(session(t, Options{Players: 3, Seed: 1, Cards: "dealt"}, keep))
		require.NoError(t, err)
	}
}
