package scorpion

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// botSession is a new session with these options and seed.
func botSession(t *testing.T, o Options, seed uint64) companion.Session {
	t.Helper()
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	return companion.Session{Name: "s", Game: Game, Options: raw, Seed: seed}
}

// person picks a person's action for role r: uniformly among its choices.
type person func(tb *Table, r Role) (engine.Action, bool)

func randomPerson(rng *rand.Rand) person {
	return func(tb *Table, r Role) (engine.Action, bool) {
		cs := tb.Game.Choices(r.Engine)
		if len(cs) == 0 {
			return engine.Action{}, false
		}
		a, err := engine.ParseAction(cs[rng.IntN(len(cs))])
		return a, err == nil
	}
}

// playBots plays s to the end (or limit actions, or until p has nothing
// to play): the bots through NextBot, everyone else through p. It returns the session and every bot
// play.
func playBots(t *testing.T, s companion.Session, p person, limit int) (companion.Session, []companion.BotPlay) {
	t.Helper()
	var plays []companion.BotPlay
	for range limit {
		bp, ok, err := NextBot(s)
		require.NoError(t, err)
		if ok {
			require.Equal(t, s.Len()+1, bp.Event.Seq)
			s.Events = append(s.Events, bp.Event)
			plays = append(plays, bp)
			continue
		}
		tb, err := Replay(s)
		require.NoError(t, err)
		if over, _ := tb.Game.Over(); over {
			return s, plays
		}
		acted := false
		for _, w := range tb.Game.Waiting() {
			r, err := tb.ParseRole(w.String())
			require.NoError(t, err)
			a, ok := p(tb, r)
			if !ok {
				continue
			}
			e, err := tb.Act(r, a)
			require.NoError(t, err, "%s %s", w, a)
			s.Events = append(s.Events, e)
			acted = true
			break
		}
		if !acted {
			return s, plays
		}
	}
	return s, plays
}

// botOptions are one-guard options with these --bot values.
func botOptions(t *testing.T, guards int, flags ...string) Options {
	t.Helper()
	o, err := NewOptions(guards, nil)
	require.NoError(t, err)
	o, err = o.WithBots(flags)
	require.NoError(t, err)
	return o
}

// TestBotFlags: --bot reads a role as --as does, and a bot plays a whole
// side while a person plays the other (SC-30); an edited import is refused
// as new refuses the flags.
func TestBotFlags(t *testing.T) {
	o := botOptions(t, 1, "GUARD=hard")
	require.Equal(t, []companion.BotSeat{{Seat: 0, Level: "hard"}}, o.Bots)
	o = botOptions(t, 2, "3", "traitor=random")
	require.Equal(t, []companion.BotSeat{{Seat: 2, Level: "normal"}, {Seat: 3, Level: "random"}}, o.Bots)
	require.Equal(t, []string{"ninja (normal)", "traitor (random)"}, o.BotNames())
	b, ok := o.Bot(engine.RoleNinja)
	require.True(t, ok)
	require.Equal(t, 2, b.Seat)
	_, ok = o.Bot(engine.RoleSword)
	require.False(t, ok)

	for _, c := range []struct {
		guards int
		flags  []string
		err    string
	}{
		{1, []string{"sword"}, "--bot: --as sword: one guard player plays here, as guard (--guards 1)"},
		{1, []string{"moderator"}, "--bot moderator: a bot plays the guards or the intruders, not the moderator"},
		{1, []string{"table"}, "not the table"},
		{1, []string{"ninja"}, "--bot ninja: the intruders play as one team, so a bot plays all of it: add --bot traitor (or play ninja yourselves)"},
		{2, []string{"spear"}, "--bot spear: the guards play as one team, so a bot plays all of it: add --bot sword"},
		{1, []string{"ninja", "2"}, "--bot ninja: named twice"},
		{1, []string{"guard", "ninja", "traitor"}, "every seat is a bot"},
		{1, []string{"guard=smart"}, `bot level "smart"`},
		{1, []string{"=easy"}, "say which seat"},
	} {
		o, err := NewOptions(c.guards, nil)
		require.NoError(t, err)
		_, err = o.WithBots(c.flags)
		require.ErrorContains(t, err, c.err, "%v", c.flags)
	}

	for name, bots := range map[string][]companion.BotSeat{
		"seat out of range": {{Seat: 3, Level: "easy"}},
		"negative seat":     {{Seat: -1, Level: "easy"}},
		"bad level":         {{Seat: 0, Level: "genius"}},
		"half a side":       {{Seat: 1, Level: "easy"}},
		"twice":             {{Seat: 0, Level: "easy"}, {Seat: 0, Level: "hard"}},
	} {
		o := Options{Guards: 1, Bots: bots}
		_, err := Start(o, 1)
		require.Error(t, err, name)
	}
}

// TestPeopleDoNotActForBots: no role types a bot's action or takes back
// what a bot did, and the bot's own set-up is drawn from its seed, never
// from the game's random source.
func TestPeopleDoNotActForBots(t *testing.T) {
	s := botSession(t, botOptions(t, 1, "guard=easy"), 11)
	s, plays := playBots(t, s, func(*Table, Role) (engine.Action, bool) { return engine.Action{}, false }, 20)
	require.Len(t, plays, 8, "posts, three patrols, sleep, hide, hand, ready")
	tb, err := Replay(s)
	require.NoError(t, err)
	guard, err := tb.ParseRole("guard")
	require.NoError(t, err)
	a, err := engine.ParseAction("random")
	require.NoError(t, err)
	_, err = tb.Act(guard, a)
	require.EqualError(t, err, "not allowed: the guard is a bot here: the companion plays it, and nobody acts for it")
	require.ErrorContains(t, tb.MayUndo(guard), "the guard is a bot here")
	ninja, err := tb.ParseRole("ninja")
	require.NoError(t, err)
	require.EqualError(t, tb.MayUndo(ninja), "not allowed: the last action is the guards' (bot): what a bot did is not taken back")
	mod, err := tb.ParseRole("moderator")
	require.NoError(t, err)
	require.Error(t, tb.MayUndo(mod))

	// Another session seed gives another set-up (the bot's seed derives
	// from it), and the game's own random fill would give a third.
	other, _ := playBots(t, botSession(t, botOptions(t, 1, "guard=easy"), 12), func(*Table, Role) (engine.Action, bool) { return engine.Action{}, false }, 20)
	tb2, err := Replay(other)
	require.NoError(t, err)
	require.NotEqual(t, tb.Game.Placements(engine.Guards), tb2.Game.Placements(engine.Guards))
	plain := session(t, 1, "guard random")
	tb3, err := Replay(plain)
	require.NoError(t, err)
	require.NotEqual(t, tb.Game.View(engine.RoleGuard).Hidden, tb3.Game.View(engine.RoleGuard).Hidden)
}

// checkBotEvents checks that every bot play is the event a person's
// command logs ("act", the role's word, the action as the engine writes
// it), that the whole session verifies through the checked replay, and
// that no Said line is an empty promise: a line names the side "(bot)".
func checkBotEvents(t *testing.T, s companion.Session, plays []companion.BotPlay) {
	t.Helper()
	_, err := Verify(s)
	require.NoError(t, err)
	o := Options{}
	require.NoError(t, json.Unmarshal(s.Options, &o))
	for _, p := range plays {
		require.Equal(t, "act", p.Event.Kind)
		var d actData
		require.NoError(t, companion.DecodeStrict(p.Event.Data, &d))
		require.Equal(t, o.Roles()[p.Seat], d.Role)
		a, err := engine.ParseAction(d.Action)
		require.NoError(t, err)
		require.Equal(t, a.String(), d.Action)
		if p.Said != "" {
			require.Regexp(t, `^(Guard|Sword|Spear|Intruders) \(bot\): `, p.Said)
		}
	}
}

// TestBotGuardsWholeGame: one person plays the ninja and the traitor (at
// random) against easy bot guards, to the end; every bot action is
// accepted by the same checked replay as a person's.
func TestBotGuardsWholeGame(t *testing.T) {
	s, plays := playBots(t, botSession(t, botOptions(t, 1, "guard=easy"), 5), randomPerson(rand.New(rand.NewPCG(1, 2))), 3000)
	tb, err := Replay(s)
	require.NoError(t, err)
	over, _ := tb.Game.Over()
	require.True(t, over)
	checkBotEvents(t, s, plays)
	require.Greater(t, len(plays), 40)
	moved := 0
	for _, p := range plays {
		if strings.Contains(p.Said, "On the board: move") {
			moved++
		}
	}
	require.Positive(t, moved, "the bot guards never told the table to move a figure")
}

// TestBotIntrudersWholeGame: two easy bot intruders against a person
// playing both guard players (two-guard game) at random, to the end. The
// intruders' hidden steps tell the table nothing.
func TestBotIntrudersWholeGame(t *testing.T) {
	s, plays := playBots(t, botSession(t, botOptions(t, 2, "ninja=easy", "traitor=easy"), 8), randomPerson(rand.New(rand.NewPCG(3, 4))), 3000)
	tb, err := Replay(s)
	require.NoError(t, err)
	over, _ := tb.Game.Over()
	require.True(t, over)
	checkBotEvents(t, s, plays)
	silent := 0
	for i, p := range plays {
		var d actData
		require.NoError(t, json.Unmarshal(p.Event.Data, &d))
		if strings.HasPrefix(d.Action, "move ") || strings.HasPrefix(d.Action, "start ") || strings.HasPrefix(d.Action, "deck ") {
			e := tb.fullLog()[p.Event.Seq]
			public := false
			for _, ev := range e.Events {
				if text, ok := ev.For(engine.RoleTable); ok && text != "" {
					public = true
				}
			}
			if !public {
				require.Empty(t, p.Said, "play %d (%s) told the table of a hidden step", i, d.Action)
				silent++
			}
		}
	}
	require.Positive(t, silent)
}

// TestNormalBotDecides: a normal bot searches its fixed iterations and
// acts; the same session gives the same action (reproducible on replay).
func TestNormalBotDecides(t *testing.T) {
	s := botSession(t, botOptions(t, 1, "guard=normal"), 21)
	quiet := func(tb *Table, r Role) (engine.Action, bool) {
		for _, c := range []string{"random", "ready", "done"} {
			for _, m := range tb.Game.Choices(r.Engine) {
				if m == c {
					a, err := engine.ParseAction(c)
					return a, err == nil
				}
			}
		}
		return engine.Action{}, false
	}
	s, plays := playBots(t, s, quiet, 14)
	require.Greater(t, len(plays), 8, "past the set-up")
	tb, err := Replay(s)
	require.NoError(t, err)
	require.NotEqual(t, engine.PhaseSetup, tb.Game.Phase())
	p1, ok, err := NextBot(s)
	require.NoError(t, err)
	if ok {
		p2, _, err := NextBot(s)
		require.NoError(t, err)
		require.Equal(t, string(p1.Event.Data[:len(p1.Event.Data)]), string(p2.Event.Data))
	}
	checkBotEvents(t, s, plays)
}
