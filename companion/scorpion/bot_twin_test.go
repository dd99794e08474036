package scorpion

import (
	"encoding/json"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// observation is everything role r may know of a session, as the engine
// interface's Observation holds it: r's view and every event as r read it.
func observation(t *testing.T, tb *Table, r engine.Role) string {
	t.Helper()
	raw, err := json.Marshal(tb.Game.View(r))
	require.NoError(t, err)
	var b strings.Builder
	b.Write(raw)
	for _, e := range tb.fullLog()[1:] {
		for _, ev := range e.Events {
			if text, ok := ev.For(r); ok {
				b.WriteString("\n" + text)
			}
		}
	}
	return b.String()
}

// script is what the people of one twin type: a set-up, then a rule for
// every later decision.
type script struct {
	setup []string // "role words"
	then  func(tb *Table, r Role) (engine.Action, bool)
}

func (sc *script) next(tb *Table, r Role) (engine.Action, bool) {
	if tb.Game.Phase() == engine.PhaseSetup {
		for i, l := range sc.setup {
			who, words, _ := strings.Cut(l, " ")
			if who == r.Word {
				sc.setup = slices.Delete(sc.setup, i, i+1)
				a, err := engine.ParseAction(words)
				return a, err == nil
			}
		}
		return engine.Action{}, false
	}
	return sc.then(tb, r)
}

// first plays the first of these commands the role may type now.
func first(commands ...string) func(tb *Table, r Role) (engine.Action, bool) {
	return func(tb *Table, r Role) (engine.Action, bool) {
		cs := tb.Game.Choices(r.Engine)
		for _, c := range commands {
			if slices.Contains(cs, c) {
				a, err := engine.ParseAction(c)
				return a, err == nil
			}
		}
		if len(cs) == 0 {
			return engine.Action{}, false
		}
		a, err := engine.ParseAction(cs[0])
		return a, err == nil
	}
}

// twins plays two sessions that differ only in what the people's scripts
// hide from the bot side, and requires the bots to act alike step by step
// for as long as the bot side's observation is the same in both. It
// returns how many bot actions were compared and whether the twins ever
// differed in what the moderator sees (else they proved nothing).
func twins(t *testing.T, o Options, seed uint64, a, b *script, limit int) (compared int, differ bool) {
	t.Helper()
	ss := [2]companion.Session{botSession(t, o, seed), botSession(t, o, seed)}
	people := [2]*script{a, b}
	var botRoles []engine.Role
	for _, bs := range o.Bots {
		r, err := engine.ParseRole(o.Roles()[bs.Seat])
		require.NoError(t, err)
		botRoles = append(botRoles, r)
	}
	for range limit {
		var tbs [2]*Table
		for i := range ss {
			tb, err := Replay(ss[i])
			require.NoError(t, err)
			tbs[i] = tb
		}
		differ = differ || observation(t, tbs[0], engine.RoleModerator) != observation(t, tbs[1], engine.RoleModerator)
		for _, r := range botRoles {
			if observation(t, tbs[0], r) != observation(t, tbs[1], r) {
				return compared, differ
			}
		}
		if over, _ := tbs[0].Game.Over(); over {
			return compared, differ
		}
		pa, oka, err := NextBot(ss[0])
		require.NoError(t, err)
		pb, okb, err := NextBot(ss[1])
		require.NoError(t, err)
		require.Equal(t, oka, okb, "step %d: one twin's bot acts, the other's not", compared)
		if oka {
			var da, db actData
			require.NoError(t, json.Unmarshal(pa.Event.Data, &da))
			require.NoError(t, json.Unmarshal(pb.Event.Data, &db))
			require.Equal(t, da.Role+" "+da.Action, db.Role+" "+db.Action, "bot action %d differs between the twins", compared)
			ss[0].Events = append(ss[0].Events, pa.Event)
			ss[1].Events = append(ss[1].Events, pb.Event)
			compared++
			continue
		}
		for i := range ss {
			acted := false
			for _, w := range tbs[i].Game.Waiting() {
				r, err := tbs[i].ParseRole(w.String())
				require.NoError(t, err)
				act, ok := people[i].next(tbs[i], r)
				if !ok {
					continue
				}
				e, err := tbs[i].Act(r, act)
				require.NoError(t, err, "twin %d: %s %s", i, w, act)
				ss[i].Events = append(ss[i].Events, e)
				acted = true
				break
			}
			require.True(t, acted, "twin %d: nobody acts", i)
		}
	}
	return compared, differ
}

// TestBotGuardsDoNotPeek: two sessions alike but for where the ninja
// starts, which cards he chose and where the passage runs (the missions
// come from the session seed, which the bot's own seed derives from, so
// twins share them). The intruders stand still and pass on every listen,
// so nothing public tells the twins apart until a guard walks in on the
// ninja or stops on a passage end: until then the bot guards act alike,
// step by step.
func TestBotGuardsDoNotPeek(t *testing.T) {
	stand := first("pass", "done")
	// Where the guards first find the ninja depends on the game, so the
	// twins are played from a few seeds: together they must keep alike for
	// many steps, each past the set-up.
	sweep.Sampled(t, "two of the four seeds")
	total, seeds := 0, 0
	for seed := uint64(31); seed < 35; seed++ {
		if !sweep.Every(int(seed), 2, 0) {
			continue
		}
		seeds++
		a := &script{setup: []string{"ninja start OL1", "ninja deck kenjutsu:3 rope:3 shuriken:2", "ninja passage OL2 OL3",
			"traitor start YA4", "traitor deck kenjutsu:3 sake:3 cat:1", "ninja ready", "traitor ready"}, then: stand}
		b := &script{setup: []string{"ninja start OL7", "ninja deck kenjutsu:2 walk:2 shuriken:3 secret-passage:1", "ninja passage OL9 OL10",
			"traitor start YA4", "traitor deck kenjutsu:3 sake:3 cat:1", "ninja ready", "traitor ready"}, then: stand}
		compared, differ := twins(t, botOptions(t, 1, "guard=easy"), seed, a, b, 400)
		require.True(t, differ)
		require.Greater(t, compared, 8, "seed %d: the twins parted before the game began", seed)
		total += compared
	}
	require.Greater(t, total, 20*seeds, "too few bot actions compared")
	t.Logf("%d bot guard actions alike", total)
}

// TestBotIntrudersDoNotPeek: two sessions alike but for the guards' hidden
// set-up (sleeping guards, objectives, traps, hidden sentries, hand): the
// person types each part out in both, so the table hears the same. The
// bot intruders act alike until a search or an encounter shows them a
// difference.
func TestBotIntrudersDoNotPeek(t *testing.T) {
	o := botOptions(t, 1, "ninja=easy", "traitor=easy")
	// Twin a's hidden set-up is the game's own random fill, typed out.
	tb, err := Start(o, 41)
	require.NoError(t, err)
	_, err = tb.Game.Apply(engine.RoleGuard, engine.Action{Verb: "random"})
	require.NoError(t, err)
	v := tb.Game.View(engine.RoleGuard)
	plan := guardPlan(v, engine.RoleGuard, 1)
	var setupA, setupB []string
	for _, st := range plan {
		setupA = append(setupA, "guard "+st.action)
	}
	// Twin b's: the same things hidden one zone along, the sleeping guards
	// two to a barracks, another hand.
	zones := slices.Sorted(maps.Keys(v.Hidden))
	var hide []string
	for i, z := range zones {
		hide = append(hide, z+"="+v.Hidden[zones[(i+1)%len(zones)]])
	}
	for _, l := range setupA {
		switch {
		case strings.HasPrefix(l, "guard sleep "):
			l = "guard sleep YA2 YA2 YA10 YA10 YA14 YA14 CA3 CA3"
		case strings.HasPrefix(l, "guard hide "):
			l = "guard hide " + strings.Join(hide, " ")
		case strings.HasPrefix(l, "guard hand "):
			l = "guard hand kenjutsu:6 sentry-search:6 sentry-listen:8 patrol-search:4"
		}
		setupB = append(setupB, l)
	}
	require.NotEqual(t, setupA, setupB)
	still := first("done", "march", "stay", "keep")
	compared, differ := twins(t, o, 41, &script{setup: setupA, then: still}, &script{setup: setupB, then: still}, 400)
	require.True(t, differ)
	require.Greater(t, compared, 12, "too few bot actions compared")
	t.Logf("%d bot intruder actions alike", compared)
}
