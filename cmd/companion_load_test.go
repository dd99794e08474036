package cmd

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	cbl "github.com/ninjakit/ninjakit/companion/blind"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/stretchr/testify/require"
)

// TestCommandsReadOnce: past a snapshot and with taken-back events, as
// BenchmarkLongSession plays each game, an action and an undo each read
// the session from the file once, and an undo right after an undo and an
// action replays only the event it takes back (it used to read the
// session three times: before, inside its transaction and after, for its
// line, and replay the action twice).
func TestCommandsReadOnce(t *testing.T) {
	for _, g := range longGames {
		t.Run(g.game, func(t *testing.T) {
			_, act, undo := buildLong(t, g, 100)
			in := func(args []string) []string { return append([]string{"companion", g.game}, args...) }
			for i := range 2 {
				loads := companion.Loads()
				mustRun(t, in(act)...)
				require.EqualValues(t, 1, companion.Loads()-loads, "reads of the session by %v", act)
				loads, replays := companion.Loads(), companion.Replayed()
				mustRun(t, in(undo)...)
				require.EqualValues(t, 1, companion.Loads()-loads, "reads of the session by %v", undo)
				if i > 0 { // the first undo may start from a snapshot K events back
					require.EqualValues(t, 1, companion.Replayed()-replays, "events replayed by %v", undo)
				}
			}
		})
	}
}

// undoViews are, per game, a check that the table the store's undo hands
// over, built from the table before the undone event, reads for every
// role as a fresh load and replay of the session does.
var undoViews = map[string]func(*testing.T, companion.Undone, companion.Session){
	cb.Game:  sameView(cb.Replay, (*cb.Table).Status, (*cb.Table).LogLines, (*cb.Table).Undone, "table", "1", "2", "3"),
	ck.Game:  sameView(ck.Replay, (*ck.Table).Status, (*ck.Table).LogLines, (*ck.Table).Undone, "table", "1", "2", "3", "4"),
	cs.Game:  sameView(cs.Replay, (*cs.Table).Status, (*cs.Table).LogLines, (*cs.Table).Undone, "table", "1", "2"),
	cbl.Game: sameView(cbl.Replay, (*cbl.Table).Status, (*cbl.Table).LogLines, (*cbl.Table).Undone, "table", "ann", "bob", "cy", "dee"),
	sc.Game:  sameView(sc.Replay, (*sc.Table).Status, (*sc.Table).LogLines, (*sc.Table).Undone, "table", "ninja", "guard", "moderator"),
}

func sameView[T roleReader[R], R, S, L any](replay func(companion.Session) (T, error), status func(T, R) S, log func(T, R) L, undone func(T, R, companion.Event) string, roles ...string) func(*testing.T, companion.Undone, companion.Session) {
	return func(t *testing.T, u companion.Undone, fresh companion.Session) {
		got, ok := u.Table.(T)
		require.True(t, ok, "the undo hands over the game's table, not %T", u.Table)
		want, err := replay(fresh)
		require.NoError(t, err)
		for _, role := range roles {
			r, err := want.ParseRole(role)
			require.NoError(t, err, role)
			view := func(x T) string {
				raw, err := json.Marshal([]any{status(x, r), log(x, r), undone(x, r, u.Event)})
				require.NoError(t, err)
				return string(raw)
			}
			require.Equal(t, view(want), view(got), "--as %s", role)
		}
	}
}

// TestUndoHandsOverTables: the session and table an undo hands over are
// those a fresh load gives, for every game, after an action and across a
// snapshot (two undos in a row), in a short session replayed from the
// start and in one with snapshots; the check sees the table before the
// undo.
func TestUndoHandsOverTables(t *testing.T) {
	for _, g := range longGames {
		for _, n := range []int{10, 100} {
			t.Run(fmt.Sprintf("%s/%d", g.game, n), func(t *testing.T) { undoHandsOver(t, g, n) })
		}
	}
}

func undoHandsOver(t *testing.T, g longGame, n int) {
	path, act, _ := buildLong(t, g, n)
	mustRun(t, append([]string{"companion", g.game}, act...)...)
	for i := range 2 {
		st, err := companion.Open(path)
		require.NoError(t, err)
		name, err := st.Latest(g.game)
		require.NoError(t, err)
		checked := false
		err = st.UndoTables(name, verifiers[g.game], nil, func(s companion.Session, table any) error {
			checked = true
			require.NotNil(t, table)
			require.Equal(t, s.Len(), func() int {
				now, err := st.LoadLatest(name)
				require.NoError(t, err)
				return now.Len()
			}())
			return nil
		}, func(u companion.Undone) error {
			fresh, err := st.LoadLatest(name)
			require.NoError(t, err)
			require.Equal(t, fresh.Len(), u.After.Len(), "undo %d", i+1)
			require.Equal(t, fresh.TakenCount(), u.After.TakenCount(), "undo %d", i+1)
			undoViews[g.game](t, u, fresh)
			return nil
		})
		require.NoError(t, err, "undo %d", i+1)
		require.True(t, checked)
		require.NoError(t, st.Close())
	}
}

// TestBotSeatsAskedFromTheTable: with bot seats, a person's action after
// which no bot has a decision reads the session once, as one without bots
// does (asking the bots used to open and read it again); one after which
// a bot has one lets it act, as ever.
func TestBotSeatsAskedFromTheTable(t *testing.T) {
	freshHome(t)
	mustRun(t, "companion", "blind", "new", "dojo", "--names", "ann,bob,cy,dee", "--bot", "cy=easy", "--turns", "3", "--private-seed", "12")
	for _, start := range [][]string{{"ann", "a", "c", "e", "g"}, {"bob", "1", "3", "5", "7"}} {
		loads := companion.Loads()
		mustRun(t, append([]string{"companion", "blind", "start", "--as"}, start...)...)
		require.EqualValues(t, 1, companion.Loads()-loads, "%s's start, with a person still to place", start[0])
	}
	mustRun(t, "companion", "blind", "start", "--as", "dee", "2", "4", "6", "8")
	loads := companion.Loads()
	code, out, stderr := ninjakit(t, "", "companion", "blind", "orders", "--as", "ann", "s", "s", "s", "s")
	require.Equal(t, 0, code, stderr)
	require.EqualValues(t, 1, companion.Loads()-loads, "ann's orders, with bob (a person) next")
	loads = companion.Loads()
	code, out, stderr = ninjakit(t, "", "companion", "blind", "orders", "--as", "bob", "s", "s", "s", "s")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "cy (bot)", "bob's orders, with cy (a bot) next")
	require.Greater(t, companion.Loads()-loads, int64(1))
}
