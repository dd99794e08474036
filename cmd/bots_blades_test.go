package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// twinPositions are two starts of a 3-player game with hidden hands that
// differ only in one card swapped between the deals of seats 1 and 3: what
// seat 2 sees (its own deal, how many cards each seat holds, the board) is
// the same in both. It returns them and, per human seat, a keep both deals
// allow.
func twinPositions(t *testing.T) (a, b string, keeps map[int]string) {
	t.Helper()
	o, err := cb.NewOptions(3, "", "2026", "dealt", "")
	require.NoError(t, err)
	tb, err := cb.Start(o, 77)
	require.NoError(t, err)
	h1, h3 := tb.Pos.Hand(0), tb.Pos.Hand(2)
	var give, take engine.Kind
	gave, took := false, false
	for k := range engine.NumKinds {
		switch {
		case !gave && h1[k] > h3[k]:
			give, gave = k, true
		case !took && h3[k] > h1[k]:
			take, took = k, true
		}
	}
	require.True(t, gave && took, "the deals differ")
	b1, b3 := h1, h3
	b1[give]--
	b1[take]++
	b3[take]--
	b3[give]++
	f := strings.Fields(tb.Pos.String())
	hands := strings.Split(strings.TrimPrefix(f[4], "hidden:"), ",")
	a = tb.Pos.String()
	hands[0], hands[2] = b1.String()+"?", b3.String()+"?"
	f[4] = "hidden:" + strings.Join(hands, ",")
	b = strings.Join(f, " ")
	require.NotEqual(t, a, b)
	r := engine.DefaultRules()
	keeps = map[int]string{}
	for seat, pair := range map[int][2]engine.Hand{1: {h1, b1}, 3: {h3, b3}} {
		var keep engine.Hand
		for k := range engine.NumKinds {
			if keep[k] = min(pair[0][k], pair[1][k], 1); r.Price(keep) > r.KeepLimit {
				keep[k] = 0
			}
		}
		keeps[seat] = strings.Join(kindWords(keep), " ")
		if keeps[seat] == "" {
			keeps[seat] = "none"
		}
	}
	return a, b, keeps
}

// TestBladesBotDoesNotPeek: two sessions that differ only in cards seat 2
// may not know (another seat's deal), with the same private seed and so the
// same bot seed, get the same bot actions step by step, through the
// commands the table types.
func TestBladesBotDoesNotPeek(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	a, b, keeps := twinPositions(t)
	logs := func(step string) string {
		var first string
		for i, name := range []string{"twin-a", "twin-b"} {
			code, out, errOut := run("companion", "blades", "log", "--json", "--session", name)
			require.Zero(t, code, errOut)
			if i == 0 {
				first = out
				continue
			}
			require.Equal(t, first, out, "after %s the bot acted differently with another seat's other cards", step)
		}
		return first
	}
	both := func(args ...string) {
		t.Helper()
		for _, name := range []string{"twin-a", "twin-b"} {
			code, _, errOut := run(append(append([]string{"companion", "blades"}, args...), "--session", name)...)
			require.Zero(t, code, "%v in %s: %s", args, name, errOut)
		}
	}
	for name, pos := range map[string]string{"twin-a": a, "twin-b": b} {
		code, _, errOut := run("companion", "blades", "new", "--session", name, "--position", pos, "--private-seed", "31", "--bot", "2")
		require.Zero(t, code, errOut)
	}
	require.Contains(t, logs("new"), `"seat": 2`, "the bot kept at once")
	both(append([]string{"keep", "--as", "1"}, strings.Fields(keeps[1])...)...)
	both(append([]string{"keep", "--as", "3"}, strings.Fields(keeps[3])...)...)
	logs("the keeps")
	bot := 0
	for step := 0; step < 6; step++ {
		code, out, errOut := run("companion", "blades", "moves", "--json", "--session", "twin-a")
		require.Zero(t, code, errOut)
		if strings.Contains(out, `"waiting": "the game is over"`) {
			break
		}
		// The people attack where they can, the same in both.
		move := "pass"
		if i := strings.Index(out, `"attack `); i >= 0 {
			move = out[i+1 : i+strings.Index(out[i+1:], `"`)+1]
		}
		both("move", move)
		var ls []cb.LogLine
		require.NoError(t, json.Unmarshal([]byte(logs(fmt.Sprintf("move %d (%s)", step, move))), &ls))
		bot = 0
		for _, l := range ls {
			if l.Seat == 2 && l.Move != "" {
				bot++
			}
		}
	}
	require.Positive(t, bot, "the bot moved in play")
}

// With --json the bots' actions are one more JSON value after the
// command's own; when no bot is to act nothing is printed (ruling C-24).
func TestBotsAreToldAsJSON(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	raw, err := json.Marshal(cb.Options{Players: 3, Seed: 5, Cards: "dealt", Bots: []companion.BotSeat{{Seat: 1, Level: "easy"}}})
	require.NoError(t, err)
	s := companion.Session{Name: "b", Game: cb.Game, Options: raw, Seed: 9, Created: time.Now().UTC()}
	require.NoError(t, createSession(&s))
	var out bytes.Buffer
	io := &IOStreams{Out: &out, ErrOut: &out}
	require.NoError(t, tellBots(io, true, cb.Game, "b", botPlayers[cb.Game]))
	var told map[string][]botTold
	require.NoError(t, json.Unmarshal(out.Bytes(), &told), out.String())
	require.Len(t, told["bots"], 1)
	require.Equal(t, 2, told["bots"][0].Seat)
	require.Equal(t, "easy", told["bots"][0].Level)
	require.Regexp(t, `^Red \(bot\) keeps \d+ card\(s\), face down by the companion$`, told["bots"][0].Said)
	out.Reset()
	require.NoError(t, tellBots(io, true, cb.Game, "b", botPlayers[cb.Game]))
	require.Empty(t, out.String(), "no bot to act: nothing printed")
	require.NoError(t, tellBots(io, false, "squad", "b", botPlayers["squad"]), "a game without bots (Ninja Squad has none) is left alone")
	require.Empty(t, out.String())
}
