package server_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A Scorpion Clan phone offers Undo to the role that acted last, and takes
// back only what the companion's undo would: an intruder's step, which only
// his side read, but not the patrols' march, which everyone saw (C-18).
func TestScorpionPhoneUndo(t *testing.T) {
	tb := serve(t, []string{"companion", "scorpion", "new", "undo", "--guards", "1", "--private-seed", "12"})[0]
	guard, ninja, traitor := tb.phone(0), tb.phone(1), tb.phone(2)
	n := 0
	play := func(p *phone, text string) {
		t.Helper()
		for _, q := range []*phone{guard, ninja, traitor} {
			q.until(n)
		}
		require.Contains(t, offered(p.view), text)
		r := p.act(text)
		require.True(t, r.OK, "%s: %s", text, r.Refused)
		n = tb.events()
	}
	for _, p := range []*phone{guard, ninja, traitor} {
		play(p, "random")
		play(p, "ready")
	}
	play(guard, "done")
	play(guard, "march")
	guard.until(n)
	require.False(t, guard.view.Undo, "the guard acted last, but the march was seen")
	r := guard.undoAt(n)
	require.False(t, r.OK)
	require.Contains(t, r.Refused, "was seen")

	ninja.until(n)
	i := slices.IndexFunc(offered(ninja.view), func(m string) bool { return strings.HasPrefix(m, "move ") })
	require.GreaterOrEqual(t, i, 0, "the ninja may step")
	play(ninja, offered(ninja.view)[i])
	guard.until(n)
	ninja.until(n)
	require.False(t, guard.view.Undo, "only the role that acted last sees Undo")
	require.True(t, ninja.view.Undo)
	r = ninja.undoAt(n)
	require.True(t, r.OK, r.Refused)
	require.Contains(t, r.Said, "Took back ninja: move ")
	require.Equal(t, n-1, tb.events())
}
