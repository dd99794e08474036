package blades

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// TestHintsArePlayable plays a dealt game by hints alone, each taken through
// the same checked Keep and Move a person's choice goes through.
func TestHintsArePlayable(t *testing.T) {
	tb, err := Start(Options{Players: 3, Seed: 42, Cards: "dealt"}, 99)
	require.NoError(t, err)
	for step := 0; step < 80 && tb.Pos.Phase() != engine.Over; step++ {
		seat := tb.Pos.Turn()
		for i := range tb.Players() {
			if tb.Pos.Choosing(engine.Seat(i)) {
				seat = engine.Seat(i)
				break
			}
		}
		r := Role{Seat: seat}
		h, err := tb.Hint(r, bots.Options{Level: bots.Easy, Seed: uint64(step)})
		require.NoError(t, err)
		require.Equal(t, int(seat)+1, h.Seat)
		var e companion.Event
		if strings.HasPrefix(h.Play, "keep") {
			_, cards, ok := strings.Cut(h.Command, fmt.Sprintf("--as %d ", h.Seat))
			require.True(t, ok, h.Command)
			e, err = tb.Keep(r, cards)
		} else {
			require.Equal(t, fmt.Sprintf("ninjakit companion blades move %s --as %d", h.Play, h.Seat), h.Command)
			e, err = tb.Move(r, h.Play)
		}
		require.NoError(t, err, "step %d: %s", step, h.Command)
		require.True(t, strings.HasPrefix(h.Said, tb.colour(seat)+" "), h.Said)
		require.NotEmpty(t, e.Kind)
	}
	require.NotEqual(t, engine.Choosing, tb.Pos.Phase(), "every seat kept its hinted cards")
}

// TestHintSeesOnlyItsSeat: two tables that differ only in a hand seat 1 may
// not see give seat 1 the same hint from the same seed, and a hint for the
// whole table is refused.
func TestHintSeesOnlyItsSeat(t *testing.T) {
	hint := func(pos string) Hint {
		tb, err := Start(Options{Players: 3, Cards: "hidden", Position: pos}, 1)
		require.NoError(t, err)
		h, err := tb.Hint(Role{Seat: 0}, bots.Options{Level: bots.Normal, Seed: 5, Iterations: 300})
		require.NoError(t, err)
		return h
	}
	a := hint("3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0")
	require.Equal(t, a, hint("3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0"), "same view, same seed, same hint")
	require.Equal(t, a, hint("3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,S,- 0,0,0"), "seat 2's hidden card changed the hint")
	require.Equal(t, 300, a.Searches)
	require.Greater(t, a.WinChance, 0.0)

	tb, err := Start(Options{Players: 3, Cards: "hidden", Position: "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0"}, 1)
	require.NoError(t, err)
	_, err = tb.Hint(TableRole, bots.Options{Level: bots.Easy})
	require.ErrorContains(t, err, "--as SEAT")
	_, err = tb.Hint(Role{Seat: 1}, bots.Options{Level: bots.Easy})
	require.ErrorContains(t, err, "seat 2 has nothing to decide now")
}
