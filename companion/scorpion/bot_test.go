package scorpion

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

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

// playBots plays s to the end (or limit actions): the bots through
// NextBot, everyone else through p. It returns the session and every bot
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
		require.True(t, acted, "nobody may act, yet the game is not over")
	}
	return s, plays
}

func TestExploreBots(t *testing.T) {
	o, err := NewOptions(1, nil)
	require.NoError(t, err)
	o, err = o.WithBots([]string{"guard=easy"})
	require.NoError(t, err)
	start := time.Now()
	s, plays := playBots(t, botSession(t, o, 5), randomPerson(rand.New(rand.NewPCG(1, 2))), 3000)
	t.Logf("%d events, %d bot plays in %s", s.Len(), len(plays), time.Since(start))
	for _, p := range plays {
		t.Log(p.Said)
	}
	tb, err := Replay(s)
	require.NoError(t, err)
	t.Log(tb.Status(TableRole).Text())
}
