package knights

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

// hintSession is an in-memory session started from a position.
func hintSession(t *testing.T, position string) (companion.Session, *Table) {
	t.Helper()
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", position)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	s := companion.Session{Name: "t", Game: Game, Options: raw, Seed: 4}
	tb, err := Replay(s)
	require.NoError(t, err)
	return s, tb
}

// TestHintSeesOnlyItsSeat: two games that differ only in bob's hand give
// ann the same hint from the same seed; the hint is a play the act command
// takes; the table, a physical deck and a seat with nothing to do get none.
func TestHintSeesOnlyItsSeat(t *testing.T) {
	const pos = "players=3 mode=digital first=1 turn=1 phase=main gems=5,5,5 hands=PSEAC/%s/PQDB forts=-/-/- draw=* discard=- reshuffles=0"
	hint := func(bob string) (companion.Session, *Table, Hint) {
		s, tb := hintSession(t, strings.Replace(pos, "%s", bob, 1))
		h, err := tb.Hint(s, Role{Seat: 0}, bots.Options{Level: bots.Normal, Seed: 2, Iterations: 200})
		require.NoError(t, err)
		return s, tb, h
	}
	_, tb, a := hint("PPSR")
	_, _, b := hint("EJRA")
	require.Equal(t, a, b, "bob's hidden hand changed ann's hint")
	require.Equal(t, 200, a.Searches)
	require.Equal(t, "ninjakit companion knights act --as ann "+a.Play, a.Command)
	require.True(t, strings.HasPrefix(a.Said, "ann "), a.Said)
	require.Regexp(t, `\n  Why: the normal bot rates ann's chance of winning after it at \d+% \(200 searches\)\.\n$`, a.Text())
	_, err := tb.Act("ann", a.Play)
	require.NoError(t, err, "the hint is a play the table takes")

	s, tb := hintSession(t, strings.Replace(pos, "%s", "PPSR", 1))
	_, err = tb.Hint(s, Role{Table: true}, bots.Options{Level: bots.Easy})
	require.ErrorContains(t, err, "--as NAME")
	_, err = tb.Hint(s, Role{Seat: 1}, bots.Options{Level: bots.Easy})
	require.EqualError(t, err, "not allowed: bob has nothing to decide now")
	tb.Options.Mode = "physical"
	_, err = tb.Hint(s, Role{Seat: 0}, bots.Options{Level: bots.Easy})
	require.ErrorContains(t, err, "a hint needs the companion's own deck")
}
