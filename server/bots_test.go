package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// TestBotSeatActsForEveryPhone: a bot seat has no link; once the people's
// last keep is logged, the server lets the bot move after its pause and
// every phone gets the new screen with the bot's words and its log line;
// the seat whose action the bot followed takes both back with one Undo
// (rulings T-19, C-23).
func TestBotSeatActsForEveryPhone(t *testing.T) {
	tb := serveWith(t, "127.0.0.1:0", server.Options{Limits: server.Limits{PerAddr: 256}, BotPause: 20 * time.Millisecond},
		[]string{"companion", "blades", "new", "--players", "3", "--seed", "5", "--private-seed", "9", "--bot", "2=easy"})[0]
	require.Empty(t, tb.token(1), "no link opens the bot's seat")
	require.NotEmpty(t, tb.token(0))
	names := []string{"seat 1 (Yellow)", "seat 2 (Red, bot)", "seat 3 (Blue)"}
	seats, err := server.LoadSeats(tb.seats)
	require.NoError(t, err)
	links := server.Links(seats, tb.session, tb.url+"/", names)
	require.Len(t, links, 3, "the table's link and the two people's")
	for _, l := range links {
		require.NotEqual(t, tui.Viewer(1), l.Viewer)
	}

	yellow, blue, room := tb.phone(0), tb.phone(2), tb.phone(tui.Table)
	for _, p := range []*phone{yellow, blue, room} {
		p.until(0)
	}
	require.Equal(t, 1, tb.events(), "the bot kept when the session was made")
	require.True(t, yellow.act("keep none").OK)
	blue.until(yellow.version)
	r := blue.act("keep none")
	require.True(t, r.OK, r.Refused)
	for _, p := range []*phone{yellow, blue, room} {
		for p.view.Bot == "" {
			_, err := p.read()
			require.NoError(t, err)
		}
		require.True(t, strings.HasPrefix(p.view.Bot, "Red (bot) "), p.view.Bot)
		require.Contains(t, p.view.Bot, "take the ")
		last := p.log[len(p.log)-1]
		require.Equal(t, "seat 2", last.Who, "every phone's log has the bot's move")
		require.Equal(t, "seat 3 (Blue)", p.view.Waiting)
	}
	require.Equal(t, 4, tb.events())
	tb.waitLog(lit("Red (bot) "))

	require.True(t, blue.view.Undo, "Blue acted before the bot: Blue may take both back")
	require.False(t, yellow.view.Undo)
	r = blue.undoAt(blue.version)
	require.True(t, r.OK, r.Refused)
	require.Equal(t, 2, tb.events(), "the bot's move went with Blue's keep")
	for blue.view.Waiting != "seat 3 (Blue)" || blue.view.Bot != "" {
		_, err := blue.read()
		require.NoError(t, err)
	}
	require.True(t, blue.view.YourTurn, "Blue chooses again")
}
