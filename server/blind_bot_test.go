package server_test

import (
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// TestBlindBotSeatsOnPhones: bob and cy are bots. They place when the
// session starts; once ann has given her orders from her phone the server
// lets them give theirs, one after another, and every phone reads each as
// "(bot)" with only what the room hears. No screen shows a bot's grid
// before the end (W-16, T-19).
func TestBlindBotSeatsOnPhones(t *testing.T) {
	tb := serve(t, []string{"companion", "blind", "new", "dojo", "--names", "ann,bob,cy", "--bot", "bob=easy", "--bot", "cy=easy",
		"--turns", "2", "--private-seed", "4"})[0]
	require.Equal(t, 2, tb.events(), "the bots placed at new")
	ann, room := tb.phone(0), tb.phone(tui.Table)
	ann.until(2)
	room.until(2)
	require.True(t, ann.act("start a b c d").OK)
	require.True(t, ann.view.YourTurn)
	r := ann.act("s s s s")
	require.True(t, r.OK, r.Refused)
	room.until(6)
	require.Equal(t, 6, tb.events(), "bob and cy gave their orders after ann's")
	require.True(t, strings.HasPrefix(room.view.Bot, "cy (bot) gave orders"), room.view.Bot)
	ann.until(6)
	require.True(t, ann.view.YourTurn, "round 2 waits for ann again")
	var gave []string
	for _, l := range room.log {
		if strings.HasSuffix(l.Action, " gave orders") {
			gave = append(gave, l.Who)
		}
	}
	require.Equal(t, []string{"ann", "bob", "cy"}, gave)
	for _, f := range append(ann.frames, room.frames...) {
		require.NotContains(t, f, "east edge):", "bob's grid reached a screen")
		require.NotContains(t, f, "north edge):", "cy's grid reached a screen")
	}
}
