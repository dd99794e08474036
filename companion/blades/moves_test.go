package blades

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMovesAreGroupedWithCounts(t *testing.T) {
	tb := fromPosition(t, "3:RYB "+house(map[string]byte{"c4": 'R', "e5": 'R', "c5": 'Y', "d5": 'Y', "i9": 'Y', "a1": 'B'})+" 1 0 hidden:VC,-,- 0,0,0")
	r, _ := tb.ParseRole("1")
	ml := tb.Moves(r)
	require.Equal(t, 1, ml.Seat)
	require.Equal(t, "Red", ml.Colour)
	var names []string
	for _, g := range ml.Groups {
		names = append(names, g.Name)
	}
	require.Equal(t, []string{"Attack", "Vanishing", "Circle kick"}, names)
	require.Equal(t, MoveGroup{Action: "attack", Name: "Attack", Count: 2, From: []FromGroup{{From: "c4", To: []string{"c5"}}, {From: "e5", To: []string{"d5"}}}}, ml.Groups[0])
	total := 0
	for _, g := range ml.Groups {
		total += g.Count
	}
	require.Equal(t, len(ml.Moves)-1, total, "every move but pass is in one group")

	text := ml.Text(nil)
	require.True(t, strings.HasPrefix(text, "Moves of seat 1 (Red), "), text)
	require.Contains(t, text, "Attack, 2 move(s) from 2 ninja(s):\n  c4: c5   e5: d5\n")
	require.Contains(t, text, "Circle kick, 2 move(s):\n  c4   e5\n")
	require.Contains(t, text, "Vanishing, 150 move(s) from 2 ninja(s), too many to show here:\n  list them with: ninjakit companion blades moves vanish\n", "a long group shows as a count")
	for _, line := range strings.Split(text, "\n") {
		require.LessOrEqual(t, len(line), 80, line)
	}

	vanish, err := tb.Only(ml, "VANISHING")
	require.NoError(t, err)
	require.Contains(t, vanish.From[0].To, "i8", "listed in full when asked for")
	full := ml.Text(&vanish)
	require.Greater(t, strings.Count(full, "\n"), 6)
	none, err := tb.Only(ml, "Double Dragon")
	require.NoError(t, err)
	require.Equal(t, "No Double Dragon move for seat 1 (Red) now.\n", ml.Text(&none))
	_, err = tb.Only(ml, "kick")
	require.ErrorContains(t, err, `"kick" is not a card; the cards are Bomb, Shuriken, Double kick, Triple kick, Vanishing, Circle kick, Double Dragon`)

	// The table sees no card move, and a note that says so whatever the hand.
	pub := tb.Moves(TableRole)
	require.True(t, pub.CardsHidden)
	require.Len(t, pub.Groups, 1)
	require.Contains(t, pub.Text(nil), "Card plays, if any, show only to the player to move: --as 1")
	for _, card := range []string{"vanish", "bomb"} {
		g, err := tb.Only(pub, card)
		require.NoError(t, err)
		require.Equal(t, "Card plays of seat 1 (Red) show only to that player: --as 1\n", pub.Text(&g), "held or not, the same line")
	}
}

func TestMovesSayWhenThereIsNothingToDo(t *testing.T) {
	tb := fromPosition(t, "3:RYB "+house(map[string]byte{"a1": 'R', "i9": 'Y', "e5": 'B'})+" 1 0 none 0,0,0")
	ml := tb.Moves(TableRole)
	require.True(t, ml.OnlyPass)
	require.Equal(t, "Moves of seat 1 (Red): nothing to do but pass (ninjakit companion blades pass).\n", ml.Text(nil))

	hidden := fromPosition(t, "3:RYB "+house(map[string]byte{"a1": 'R', "i9": 'Y', "e5": 'B'})+" 1 0 hidden:V,-,- 0,0,0")
	require.False(t, hidden.Moves(TableRole).OnlyPass, "with a hidden hand the table cannot know")
	require.Contains(t, hidden.Moves(TableRole).Text(nil), "  no attack\n")
	empty := fromPosition(t, "3:RYB "+house(map[string]byte{"a1": 'R', "i9": 'Y', "e5": 'B'})+" 1 0 hidden:-,S,S 0,0,0")
	require.True(t, empty.Moves(TableRole).OnlyPass, "an empty hand is public")

	choosing := fromPosition(t, "3:RYB "+house(map[string]byte{"a1": 'R'})+" 1 0 hidden:B?,-?,-? 0,0,0")
	require.Equal(t, "Nobody moves: players are still choosing which cards to keep.\n", choosing.Moves(TableRole).Text(nil))
}
