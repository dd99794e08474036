package companion

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseBotFlag(t *testing.T) {
	seat, lv, err := ParseBotFlag("2")
	require.NoError(t, err)
	assert.Equal(t, "2", seat)
	assert.Equal(t, bots.Normal, lv)

	seat, lv, err = ParseBotFlag("red=hard")
	require.NoError(t, err)
	assert.Equal(t, "red", seat)
	assert.Equal(t, bots.Hard, lv)

	for _, bad := range []string{"", "=hard", "2=genius"} {
		_, _, err := ParseBotFlag(bad)
		assert.Error(t, err, bad)
	}
}

func TestBotSeedPerSeatAndSession(t *testing.T) {
	assert.Equal(t, BotSeed(7, 1), BotSeed(7, 1))
	assert.NotEqual(t, BotSeed(7, 1), BotSeed(7, 2))
	assert.NotEqual(t, BotSeed(7, 1), BotSeed(8, 1))
}

func TestBotSeatOptionsIterations(t *testing.T) {
	o, err := BotSeat{Seat: 1, Level: "hard"}.Options(9, 40)
	require.NoError(t, err)
	assert.Equal(t, 200, o.Iterations)
	assert.Equal(t, BotSeed(9, 1), o.Seed)
	o, err = BotSeat{Seat: 0, Level: "easy"}.Options(9, 40)
	require.NoError(t, err)
	assert.Zero(t, o.Iterations)
	_, err = BotSeat{Level: "genius"}.Options(9, 40)
	assert.Error(t, err)
}

func TestBotSeatsOf(t *testing.T) {
	bs, err := BotSeatsOf(Session{Options: []byte(`{"players":3,"bots":[{"seat":1,"level":"easy"}]}`)})
	require.NoError(t, err)
	assert.Equal(t, []BotSeat{{Seat: 1, Level: "easy"}}, bs)
	assert.True(t, IsBot(bs, 1))
	assert.False(t, IsBot(bs, 0))
	bs, err = BotSeatsOf(Session{Options: []byte(`{"players":3}`)})
	require.NoError(t, err)
	assert.Empty(t, bs, "a game without bots")
	_, err = BotSeatsOf(Session{Name: "x", Options: []byte(`[1]`)})
	assert.ErrorContains(t, err, `session "x": options`)
}

// botLog is a store holding one session whose events are a person's (p)
// or a bot's (kinds ending in b); next says a bot is to act wherever a
// bot's event follows.
func botLog(t *testing.T, kinds ...string) (*Store, BotFunc) {
	t.Helper()
	st, err := Open(filepath.Join(t.TempDir(), FileName))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	require.NoError(t, st.Create(Session{Name: "s", Game: "test", Created: time.Now().UTC()}))
	for _, k := range kinds {
		_, err := st.Append("s", func(Session) ([]Event, error) { return []Event{{Kind: k}}, nil })
		require.NoError(t, err)
	}
	next := func(s Session) (BotPlay, bool, error) {
		return BotPlay{}, s.Len() < len(kinds) && strings.HasSuffix(kinds[s.Len()], "b"), nil
	}
	return st, next
}

// verifyBarrier judges every event takeable but those of kind barrier.
func verifyBarrier(barrier string) Verifier {
	return func(s Session) ([]Verdict, error) {
		var out []Verdict
		for _, e := range s.Events {
			v := Verdict{}
			if e.Kind == barrier {
				v.Barrier = "a card was seen"
			}
			out = append(out, v)
		}
		return out, nil
	}
}

// A person's undo takes back the bots' actions since the person's own
// with it, and stops at a barrier (ruling C-23).
func TestUndoWithBots(t *testing.T) {
	st, next := botLog(t, "p", "p", "b", "b")
	var taken []string
	each := func(e Event, after Session) error {
		taken = append(taken, fmt.Sprintf("%d:%s/%d", e.Seq, e.Kind, after.Len()))
		return nil
	}
	require.NoError(t, st.UndoWithBots("s", verifyBarrier("x"), next, each))
	assert.Equal(t, []string{"4:b/3", "3:b/2", "2:p/1"}, taken, "back to the person's decision")

	st, next = botLog(t, "p", "p", "barrier-b", "b")
	taken = nil
	require.NoError(t, st.UndoWithBots("s", verifyBarrier("barrier-b"), next, each))
	assert.Equal(t, []string{"4:b/3"}, taken, "a barrier further back stops it there")

	st, next = botLog(t, "p", "b")
	taken = nil
	err := st.UndoWithBots("s", verifyBarrier("b"), next, each)
	assert.ErrorIs(t, err, ErrBarrier, "a barrier as the last event refuses the undo")
	assert.Empty(t, taken)

	st, _ = botLog(t, "p", "b", "b")
	taken = nil
	require.NoError(t, st.UndoWithBots("s", verifyBarrier("x"), nil, each))
	assert.Equal(t, []string{"3:b/2"}, taken, "without bots, one plain undo")
}
