package scorpion

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// hintSession is a one-guard session with those lines ("ROLE WORDS")
// played through Act.
func hintSession(t *testing.T, lines ...string) (companion.Session, *Table) {
	t.Helper()
	o, err := NewOptions(1, nil)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	s := companion.Session{Name: "s", Game: Game, Options: raw, Seed: 7}
	tb, err := Start(o, s.Seed)
	require.NoError(t, err)
	for _, l := range lines {
		who, words, _ := strings.Cut(l, " ")
		r, err := tb.ParseRole(who)
		require.NoError(t, err)
		a, err := engine.ParseAction(words)
		require.NoError(t, err)
		e, err := tb.Act(r, a)
		require.NoError(t, err, l)
		s.Events = append(s.Events, e)
	}
	return s, tb
}

// TestHintSeesOnlyItsSeat: two games that differ only in where the ninja
// starts give the guard the same hint from the same seed; the hint is an
// action the table takes as typed; the table and a role with nothing to do
// get none.
func TestHintSeesOnlyItsSeat(t *testing.T) {
	guard := Role{Word: "guard", Engine: engine.RoleGuard}
	hint := func(start string) (*Table, Hint) {
		s, tb := hintSession(t, "guard random", "guard ready", "ninja start "+start, "ninja random",
			"traitor random", "ninja ready", "traitor ready")
		h, err := tb.Hint(s, guard, bots.Options{Level: bots.Normal, Seed: 3, Iterations: 100})
		require.NoError(t, err)
		return tb, h
	}
	tb, a := hint("OL3")
	_, b := hint("OL5")
	require.Equal(t, a, b, "where the ninja starts changed the guard's hint")
	require.Equal(t, 100, a.Searches)
	require.Equal(t, "the guard: "+a.Play, a.Said)
	require.Equal(t, "ninjakit companion scorpion act "+a.Play+" --as guard", a.Command)
	require.Regexp(t, `\n  Why: the normal bot rates the guard's chance of winning after it at \d+% \(100 searches\)\.\n$`, a.Text())
	act, err := engine.ParseAction(a.Play)
	require.NoError(t, err)
	_, err = tb.Act(guard, act)
	require.NoError(t, err, "the hint is an action the table takes")

	s, tb := hintSession(t, "guard random", "guard ready")
	_, err = tb.Hint(s, TableRole, bots.Options{Level: bots.Easy})
	require.ErrorContains(t, err, "--as ROLE")
	_, err = tb.Hint(s, guard, bots.Options{Level: bots.Easy})
	require.EqualError(t, err, "not allowed: the guard has nothing to decide now")
}
