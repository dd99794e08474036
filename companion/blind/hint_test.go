package blind

import (
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/stretchr/testify/require"
)

// TestHintSeesOnlyItsSeat: two games that differ only in bob's grid (his
// placement and silent orders) give ann the same hint from the same seed;
// the hint is hers alone, and it is playable as typed.
func TestHintSeesOnlyItsSeat(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", 0, "")
	require.NoError(t, err)
	hint := func(start, orders string) (*Table, Hint) {
		acts := []string{"1 start a1 c1 e1 g1", start, "3 start a8 b8 c8 d8",
			"1 orders 1:s 2:s 3:s 4:s", orders, "3 orders 1:s 2:s 3:s 4:s"}
		tb, err := Replay(session(t, o, acts...))
		require.NoError(t, err)
		h, err := tb.Hint(Role{Seat: 0}, bots.Options{Level: bots.Normal, Seed: 3, Iterations: 300})
		require.NoError(t, err)
		return tb, h
	}
	tb, a := hint("2 start h1 h2 h3 h4", "2 orders 1:s 2:s 3:s 4:s")
	_, b := hint("2 start h2 h4 h6 h8", "2 orders 1:t:n 2:m 3:s 4:t:s")
	require.Equal(t, a, b, "bob's hidden squares changed ann's hint")
	require.Equal(t, 300, a.Searches)
	require.Equal(t, "ann", a.Player)
	require.True(t, strings.HasPrefix(a.Said, "ann: ninja 1 "), a.Said)
	require.True(t, strings.HasPrefix(a.Command, "ninjakit companion blind orders --as ann 1:"), a.Command)
	require.Regexp(t, `^Hint: ann: .*\.\n  To play it: ninjakit companion blind orders --as ann .*\n  Why: the normal bot rates ann's chance of winning after it at \d+% \(300 searches\)\.\n$`, a.Text())
	act, err := tb.Orders(0, strings.TrimPrefix(a.Command, "ninjakit companion blind orders --as ann "))
	require.NoError(t, err)
	_, err = tb.Act(act, 0)
	require.NoError(t, err, "the hint is a legal turn")

	_, err = tb.Hint(Role{Table: true}, bots.Options{Level: bots.Easy})
	require.ErrorContains(t, err, "--as NAME")
	_, err = tb.Hint(Role{Seat: 0}, bots.Options{Level: bots.Easy})
	require.EqualError(t, err, "not allowed: ann has nothing to decide now")
}

// TestHintPlacement: before the first turn the hint is four squares of the
// player's own edge.
func TestHintPlacement(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", 0, "")
	require.NoError(t, err)
	tb, err := Replay(session(t, o))
	require.NoError(t, err)
	h, err := tb.Hint(Role{Seat: 1}, bots.Options{Level: bots.Easy, Seed: 1})
	require.NoError(t, err)
	require.Regexp(t, `^ninjakit companion blind start --as bob h\d h\d h\d h\d$`, h.Command)
	require.Regexp(t, `^bob places their ninjas on H\d, H\d, H\d, H\d$`, h.Said)
}
