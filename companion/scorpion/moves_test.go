package scorpion

import (
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// begun is a one-guard table set up at random by every role: turn 1.
func begun(t *testing.T) *Table {
	t.Helper()
	o, err := NewOptions(1, nil)
	require.NoError(t, err)
	tb, err := Start(o, 9)
	require.NoError(t, err)
	for _, w := range []string{"guard", "ninja", "traitor"} {
		r, err := tb.ParseRole(w)
		require.NoError(t, err)
		for _, c := range []string{"random", "ready"} {
			a, err := engine.ParseAction(c)
			require.NoError(t, err)
			_, err = tb.Act(r, a)
			require.NoError(t, err, "%s %s", w, c)
		}
	}
	return tb
}

// TestMovesGroupEveryChoiceOnce: the grouped list holds every move the
// engine allows, once, in full notation; the free listen is its own group.
func TestMovesGroupEveryChoiceOnce(t *testing.T) {
	tb := begun(t)
	guard, _ := tb.ParseRole("guard")
	ml := tb.Moves(guard)
	choices := tb.Game.Choices(guard.Engine)
	var got []string
	free := 0
	for _, g := range ml.Groups {
		n := len(g.Moves)
		got = append(got, g.Moves...)
		for _, f := range g.From {
			n += len(f.Moves)
			got = append(got, f.Moves...)
			for _, m := range f.Moves {
				require.True(t, strings.HasPrefix(m, g.Verb+" "+f.From), m)
			}
		}
		require.Equal(t, g.Count, n, g.Name)
		if g.Free {
			free++
			for _, m := range g.Moves {
				require.True(t, strings.HasSuffix(m, " free"), m)
			}
		}
	}
	require.Equal(t, 2, free, "the free listen, by a sentry and by a patrol")
	require.Equal(t, len(choices), ml.Count)
	slices.Sort(got)
	slices.Sort(choices)
	require.Equal(t, choices, got)

	text := ml.Text(false)
	require.Less(t, strings.Count(text, "\n"), 30, "grouped, not a line a move:\n%s", text)
	for _, l := range strings.Split(text, "\n") {
		require.LessOrEqual(t, len([]rune(l)), 80, l)
	}
	only, err := ml.Only("ssearch")
	require.NoError(t, err)
	require.Len(t, only.Groups, 1)
	require.Contains(t, only.Text(true), "(then ")
	_, err = ml.Only("fly")
	require.Error(t, err)

	ninja, _ := tb.ParseRole("ninja")
	require.Contains(t, tb.Moves(ninja).Text(false), "Nothing for the ninja now; waiting: guard")
}

// TestDoneBeforeTheMarchSaysSo: in the patrol phase before the march,
// done's group says it marches and ends the turn with no strike (SC-31).
func TestDoneBeforeTheMarchSaysSo(t *testing.T) {
	tb := begun(t)
	guard, _ := tb.ParseRole("guard")
	done := func() string {
		t.Helper()
		for _, g := range tb.Moves(guard).Groups {
			if g.Verb == "done" {
				return g.Name
			}
		}
		t.Fatal("no done")
		return ""
	}
	for tb.Game.Phase() != engine.PhasePatrol {
		require.Equal(t, "end your phase or turn", done(), tb.Game.Phase())
		a, _ := engine.ParseAction("done")
		_, err := tb.Act(guard, a)
		require.NoError(t, err)
	}
	require.Equal(t, "march and end the turn, no Kenjutsu after", done())
}

// TestLogTextIndentsAndDoesNotEcho: an action's later lines stand under
// its first line's text, and no line repeats the command as typed.
func TestLogTextIndentsAndDoesNotEcho(t *testing.T) {
	tb := begun(t)
	guard, _ := tb.ParseRole("guard")
	a, err := engine.ParseAction(tb.Moves(guard).Groups[1].Moves[0])
	require.NoError(t, err)
	_, err = tb.Act(guard, a)
	require.NoError(t, err)
	require.NotContains(t, tb.Last(guard), a.String())
	text := LogText(tb.LogLines(guard))
	require.NotContains(t, text, ": "+a.String()+"\n")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	last := lines[len(lines)-1]
	head := companion.LogLine{Seq: tb.LogLines(guard)[len(tb.LogLines(guard))-1].Seq, Who: "guard"}.String()
	require.Equal(t, strings.Repeat(" ", len(head))+"the traitor may answer: cat or pass", last)
}
