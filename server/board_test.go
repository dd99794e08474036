package server_test

import (
	"encoding/json"
	"slices"
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

// Twin games that differ only in the other seats' hidden hands send seat 1
// the very same screen, drawn board and all, as the game goes on.
func TestTwinHandsSameScreen(t *testing.T) {
	twins := []string{
		"3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0",
		"3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,V,- 0,0,0",
	}
	var screens, theirs [2][]string
	for i, pos := range twins {
		tb := serve(t, []string{"companion", "blades", "new", "--session", "twin", "--position", pos})[0]
		phones := []*phone{tb.phone(0), tb.phone(1), tb.phone(2)}
		for step := range 6 {
			for _, p := range phones {
				p.until(step)
			}
			raw, err := json.Marshal(phones[0].view)
			require.NoError(t, err)
			screens[i] = append(screens[i], string(raw))
			raw, err = json.Marshal(phones[1].view)
			require.NoError(t, err)
			theirs[i] = append(theirs[i], string(raw))
			at := slices.IndexFunc(phones, func(p *phone) bool { return p.view.YourTurn })
			if at < 0 {
				break
			}
			// An attack is public, the same in both games whoever holds
			// which card.
			moves := offered(phones[at].view)
			move := "pass"
			if i := slices.IndexFunc(moves, func(m string) bool { return strings.HasPrefix(m, "attack") }); i >= 0 {
				move = moves[i]
			}
			r := phones[at].act(move)
			require.True(t, r.OK, r.Refused)
		}
	}
	require.Equal(t, screens[0], screens[1])
	require.NotEqual(t, theirs[0], theirs[1], "seat 2, whose hand differs, sees it")
}
