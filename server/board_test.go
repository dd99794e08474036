package server_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Undo from a phone: only the seat that acted last may, on the screen of
// now; it takes the action back through the store (a card played stays in
// the log as a note) and every phone sees the game before it.
func TestPhoneUndoIsTheLastActors(t *testing.T) {
	tb := serve(t, []string{"companion", "blades", "new", "--session", "u", "--position",
		"3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0"})[0]
	ann, bob := tb.phone(0), tb.phone(1)
	ann.until(0)
	bob.until(0)
	require.False(t, ann.view.Undo, "nothing to take back yet")
	require.False(t, ann.undoAt(0).OK)

	var card string
	for _, text := range offered(ann.view) {
		if strings.HasPrefix(text, "bomb") || strings.HasPrefix(text, "shuriken") {
			card = text
			break
		}
	}
	require.NotEmpty(t, card, "ann may play a card")
	r := ann.act(card)
	require.True(t, r.OK, r.Refused)
	ann.until(1)
	bob.until(1)
	require.True(t, ann.view.Undo, "ann acted last")
	require.False(t, bob.view.Undo)
	r = bob.undoAt(1)
	require.False(t, r.OK)
	require.Contains(t, r.Refused, "acted last")
	r = ann.undoAt(0)
	require.False(t, r.OK)
	require.Contains(t, r.Refused, "moved on")
	require.Equal(t, 1, tb.events())

	r = ann.undoAt(1)
	require.True(t, r.OK, r.Refused)
	require.Contains(t, r.Said, "Took back")
	require.Equal(t, 0, tb.events())
	bob.until(2)
	ann.until(2)
	require.Contains(t, bob.log[len(bob.log)-1].Action, "showed a", "the card shown stays public")
	require.True(t, ann.view.YourTurn, "ann moves again")
	require.Contains(t, offered(ann.view), card)
}
