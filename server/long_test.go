package server_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// longEvents is the log length the companion benchmark measures at.
const longEvents = 3000

// growBlades lengthens a Flying Blades session to longEvents logged
// actions as BenchmarkLongSession does: a few live moves, one pass done
// and taken back, its copy imported as taken back until the log is long,
// then two live moves after the import.
func growBlades(t *testing.T, name string) {
	run := func(args ...string) string {
		code, out, errOut := ninjakit(append([]string{"companion", "blades"}, append(args, "--session", name)...)...)
		require.Zero(t, code, "%v: %s", args, errOut)
		return out
	}
	move := func() {
		var ml struct{ Moves []string }
		require.NoError(t, json.Unmarshal([]byte(run("moves", "--json")), &ml))
		require.NotEmpty(t, ml.Moves)
		run(append([]string{"move"}, strings.Fields(ml.Moves[len(ml.Moves)-1])...)...)
	}
	for range 8 {
		move()
	}
	run("move", "pass")
	run("undo")
	st, err := companion.Open(filepath.Join(os.Getenv("NINJAKIT_HOME"), companion.FileName))
	require.NoError(t, err)
	s, err := st.Load(name)
	require.NoError(t, err)
	taken := s.Retracted[len(s.Retracted)-1]
	for len(s.Events)+len(s.Retracted) < longEvents {
		s.Retracted = append(s.Retracted, taken)
	}
	require.NoError(t, st.Import(s, true))
	require.NoError(t, st.Close())
	move()
	move()
}

// A served session of thousands of logged actions answers every phone from
// its newest snapshot: the views, the undo a seat is offered and the whole
// log replay a few events, never the log from the start (ruling C-21).
func TestLongSessionServedFromSnapshot(t *testing.T) {
	before := companion.Replayed()
	tb := serveGrown(t, "127.0.0.1:0", server.Options{Limits: server.Limits{PerAddr: 256}}, func(name string) {
		growBlades(t, name)
	}, []string{"companion", "blades", "new", "--session", "long", "--players", "3", "--seed", "42", "--cards", "none"})[0]
	grown := companion.Replayed() - before
	require.Greater(t, grown, int64(longEvents), "building the log replayed it whole at least once (the import)")

	st, err := companion.Open(filepath.Join(tb.home, companion.FileName), companion.ReadOnly())
	require.NoError(t, err)
	full, err := st.Load(tb.session)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	require.Equal(t, longEvents+2, len(full.Events)+len(full.Retracted))

	// The log each viewer reads, replayed from the start.
	logOf, err := server.Games[full.Game].Log(full)
	require.NoError(t, err)
	var want [][]server.Line
	for v := tui.Table; v < 3; v++ {
		w, err := logOf(v, -1)
		require.NoError(t, err)
		require.Len(t, w, len(full.Events))
		want = append(want, w)
	}

	start := companion.Replayed()
	var phones []*phone
	for v := tui.Table; v < 3; v++ {
		p := tb.phone(v)
		p.until(0)
		phones = append(phones, p)
	}
	// Every phone got its whole log, as the replay from the start tells it.
	for v, p := range phones {
		require.NotNil(t, p.view)
		require.Equal(t, want[v], p.log)
	}
	// The seat that moved last is offered its undo, judged from the
	// snapshot.
	offered := 0
	for _, p := range phones {
		if p.view.Undo {
			offered++
		}
	}
	require.Equal(t, 1, offered, "the last mover may take it back")
	work := companion.Replayed() - start
	require.Less(t, work, int64(2*companion.SnapshotEvery), "serving %d logged actions replayed %d events", longEvents, work)

	// An action and its undo from a phone: the next views load from a
	// snapshot again.
	var mover *phone
	for _, p := range phones {
		if p.view.YourTurn {
			mover = p
		}
	}
	require.NotNil(t, mover)
	start = companion.Replayed()
	r := mover.act("pass")
	require.True(t, r.OK, r.Refused)
	for _, p := range phones {
		p.until(mover.version)
	}
	require.True(t, mover.view.Undo)
	r = mover.undoAt(mover.version)
	require.True(t, r.OK, r.Refused)
	for _, p := range phones {
		p.until(mover.version)
	}
	work = companion.Replayed() - start
	require.Less(t, work, int64(4*companion.SnapshotEvery), "an action and its undo replayed %d events", work)
}
