package server_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// TestScorpionBotGuardsOnPhones: one person plays the ninja and the
// traitor on two phones against bot guards. The guards set up at `new`;
// once the intruders are ready the server plays the guards' turn after its
// pause and tells every phone, in words that hide the guards' secrets.
func TestScorpionBotGuardsOnPhones(t *testing.T) {
	tb := serveWith(t, "127.0.0.1:0", server.Options{Limits: server.Limits{PerAddr: 256}, BotPause: time.Millisecond},
		[]string{"companion", "scorpion", "new", "--session", "solo", "--guards", "1", "--bot", "guard=easy", "--private-seed", "3"})[0]
	require.Empty(t, tb.token(0), "the bot guard gets no seat link")
	require.NotEmpty(t, tb.token(1))
	setup := tb.events()
	require.Equal(t, 8, setup, "the bot guards set up at new")
	ninja, traitor := tb.phone(1), tb.phone(2)
	for _, c := range []struct {
		p    *phone
		text string
	}{{ninja, "start OL3"}, {ninja, "deck kenjutsu:3 rope:3 shuriken:2"}, {ninja, "passage OL4 CA3"}, {traitor, "random"},
		{ninja, "ready"}, {traitor, "ready"}} {
		c.p.until(tb.events())
		m := c.p.act(c.text)
		require.True(t, m.OK, "%s: %s", c.text, m.Refused)
	}
	l := tb.waitLog(regexp.MustCompile(`Guard \(bot\): .*intruders' phase`))
	require.NotRegexp(t, `sleeping guards:|hidden:|hand:`, l)
	require.Greater(t, tb.events(), setup+6, "the bot guards played their turn")
	// The ninja's phone hears of it and may act again.
	ninja.until(tb.events())
	require.Regexp(t, `^Guard \(bot\): `, ninja.view.Bot, "the phones read the bot's last words")
	m := ninja.act("done")
	require.True(t, m.OK, m.Refused)
}
