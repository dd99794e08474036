package squad

import (
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// TestRefusals: each refusal is one line, public unless it rests on a hand.
func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, setup, action, reason string
		mode                        Mode
		private                     bool
	}{
		{"draw not owed", "", "draw 1 alarm scaredy-cat", "no card is owed", Raid, false},
		{"dash without card", "", "dash 1.1", "Ninja Dash card", Raid, false},
		{"exposed mid-phase", "", "exposed 1", "end of the movement phase", Raid, false},
		{"end not open", "", "end", "ends with its movement card", Raid, false},
		{"time-up not speedy", "", "time-up", "Super Speedy", Raid, false},
		{"buki in the raid", "", "buki 1 spear", "Dawn Escape", Raid, false},
		{"senjutsu in the escape", "", "senjutsu 1 team-ninja", "set aside", Escape, false},
		{"other seat's star", "", "star 2", "only seat 1", Raid, false},
		{"own trap", "set 1 caltrops", "spring 1 caltrops", "own trap", Escape, false},
		{"trap not set", "", "spring 2 hornets-nest", "no hornets-nest set", Escape, false},
		{"no fire", "", "fire 1", "holds no such card", Escape, true},
		{"no flask fire", "", "flask 1", "no fire", Escape, false},
		{"senjutsu not held", "", "senjutsu 2 blow-dart", "holds no such card", Raid, true},
		{"lantern in the escape", "", "play 1.1 l1", "no lanterns", Escape, false},
		{"five lanterns on one card", "", "play 1.1 l5", "one card's route meets at most 4 cubes and 4 lanterns (a dash's two routes, 8)", Raid, false},
		{"seat to act reached", "", "reached 1 home", "seat 1 is moving", Raid, false},
		{"reached with a guard", "", "reached 2 c1 guard", "reported with guard", Raid, false},
		{"reached nothing", "", "reached 2", "cubes, lanterns or home", Raid, false},
		{"pushed five cubes", "", "reached 2 c5", "moved by someone else meets at most 4 cubes", Raid, false},
		{"pushed onto a lantern by day", "", "reached 2 l1", "no lanterns", Escape, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.mode, 2, Digital)
			if tc.setup != "" {
				do(t, g, tc.setup)
			}
			a, err := ParseAction(tc.action, 2)
			require.NoError(t, err)
			var ie *IllegalError
			require.ErrorAs(t, g.Apply(a), &ie)
			require.ErrorIs(t, ie, rules.ErrIllegal)
			require.NotContains(t, ie.Error(), "\n")
			require.Contains(t, ie.Reason, tc.reason)
			if tc.private {
				require.NotEqual(t, NoSeat, ie.Private)
				require.Equal(t, Neutral, ie.For(ie.Private.Next(2)))
			} else {
				require.Equal(t, NoSeat, ie.Private)
				require.True(t, strings.Contains(ie.For(1), tc.reason))
			}
		})
	}
}

func TestEventFor(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	do(t, g, "play 1.1 c1")
	moveAll(t, g)
	do(t, g, "exposed -", "patrols -")
	drew := kinds(g.Events(), EventDrew)
	require.Len(t, drew, 1)
	require.NotEmpty(t, drew[0].For(0).Card, "the holder sees the card")
	require.Empty(t, drew[0].For(1).Card)
	require.Empty(t, drew[0].For(NoSeat).Card)
	require.Equal(t, 1, len(g.Hand(0, SenjutsuPile)))
	require.Equal(t, 4, g.Deck(0), "seat 1 received the deck of the last Interchange pile")
	require.Equal(t, 1, g.Deck(1), "seat 2 received seat 1's deck")
}
