package companion

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// openTemp opens a store in a fresh directory; it is closed at cleanup.
func openTemp(t *testing.T) *Store {
	t.Helper()
	st, err := Open(filepath.Join(t.TempDir(), FileName), WithTimeout(100*time.Millisecond))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// add returns a check that accepts and appends evs.
func add(evs ...Event) func(Session) ([]Event, error) {
	return func(Session) ([]Event, error) { return evs, nil }
}

func move(data string) Event { return Event{Kind: "move", Data: json.RawMessage(data)} }

func TestHome(t *testing.T) {
	dir := t.TempDir()

	t.Setenv("NINJAKIT_HOME", filepath.Join(dir, "nk"))
	h, err := Home()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "nk"), h)
	fi, err := os.Stat(h)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	p, err := DefaultPath()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "nk", FileName), p)

	t.Setenv("NINJAKIT_HOME", "")
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "xdg"))
	h, err = Home()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "xdg", "ninjakit"), h)

	// A relative XDG_STATE_HOME is invalid per the spec and ignored.
	t.Setenv("XDG_STATE_HOME", "relative")
	t.Setenv("HOME", filepath.Join(dir, "home"))
	h, err = Home()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "home", ".local", "state", "ninjakit"), h)
}

func TestCreateLoad(t *testing.T) {
	st := openTemp(t)
	created := time.Date(2025, 3, 1, 12, 30, 0, 123, time.FixedZone("JST", 9*3600))
	require.NoError(t, st.Create(Session{Name: "dojo-1", Game: "blades", Options: json.RawMessage(` { "players" : 3 } `), Seed: 42, Created: created}))

	s, err := st.Load("dojo-1")
	require.NoError(t, err)
	require.Equal(t, Session{Name: "dojo-1", Game: "blades", Options: json.RawMessage(`{"players":3}`), Seed: 42, Created: created.UTC()}, s)
	require.True(t, s.Created.Equal(created))

	// Created defaults to now.
	before := time.Now()
	require.NoError(t, st.Create(Session{Name: "dojo-2", Game: "blades"}))
	s, err = st.Load("dojo-2")
	require.NoError(t, err)
	require.WithinRange(t, s.Created, before.Add(-time.Second), time.Now().Add(time.Second))

	err = st.Create(Session{Name: "dojo-1", Game: "squad"})
	require.ErrorIs(t, err, ErrExists)
	require.ErrorContains(t, err, `"dojo-1" already exists`)

	_, err = st.Load("nope")
	require.ErrorIs(t, err, ErrNoSession)
	require.ErrorContains(t, err, `"nope"`)

	for _, bad := range []Session{
		{Name: "", Game: "g"},
		{Name: "Upper", Game: "g"},
		{Name: "a b", Game: "g"},
		{Name: "-flag", Game: "g"},
		{Name: "_ninjakit", Game: "g"}, // the marker bucket
		{Name: "x1234567890123456789012345678901234567890", Game: "g"},
		{Name: "ok", Game: ""},
		{Name: "ok", Game: "G!"},
		{Name: "ok", Game: "g", Options: json.RawMessage(`{`)},
		{Name: "ok", Game: "g", Events: []Event{{Seq: 1, Kind: "move"}}},
	} {
		require.Error(t, st.Create(bad), "%+v", bad)
	}
	_, err = st.Load("Bad Name")
	require.ErrorContains(t, err, "may only use")

	require.NoError(t, st.Create(Session{Name: "x123456789012345678901234567890123456789", Game: "g"}), "40 characters fit")
}

func TestAppendUndoBarrier(t *testing.T) {
	st := openTemp(t)
	require.NoError(t, st.Create(Session{Name: "s", Game: "knights", Seed: 7}))

	evs, err := st.Append("s", add(move(`{ "card" : "a" }`), Event{Seq: 99, Kind: "keep"}))
	require.NoError(t, err)
	require.Equal(t, []Event{{Seq: 1, Kind: "move", Data: json.RawMessage(`{"card":"a"}`)}, {Seq: 2, Kind: "keep"}}, evs)

	// check sees the current log, inside the same transaction.
	var seen int
	evs, err = st.Append("s", func(s Session) ([]Event, error) {
		seen = len(s.Events)
		return []Event{{Kind: "draw", Data: json.RawMessage(`"k3"`), Barrier: true}}, nil
	})
	require.NoError(t, err)
	require.Equal(t, 2, seen)
	require.Equal(t, 3, evs[0].Seq)
	evs, err = st.Append("s", add(move(`2`)))
	require.NoError(t, err)
	require.Equal(t, 4, evs[0].Seq)

	// An empty result writes nothing and is no error.
	evs, err = st.Append("s", add())
	require.NoError(t, err)
	require.Empty(t, evs)

	e, err := st.Undo("s", drawsBar)
	require.NoError(t, err)
	require.Equal(t, Event{Seq: 4, Kind: "move", Data: json.RawMessage(`2`)}, e)

	_, err = st.Undo("s", drawsBar)
	require.ErrorIs(t, err, ErrBarrier)
	require.EqualError(t, err, "a card was drawn: it cannot be taken back")
	s, err := st.Load("s")
	require.NoError(t, err)
	require.Len(t, s.Events, 3, "a refused undo removes nothing")
	require.Equal(t, []Event{e}, s.Retracted, "undo keeps what it took back")
	require.False(t, s.Events[2].Barrier, "the store keeps no barrier flag")

	// The seq freed by undo is reused.
	evs, err = st.Append("s", add(move(`5`)))
	require.NoError(t, err)
	require.Equal(t, 4, evs[0].Seq)
	_, err = st.Undo("s", drawsBar)
	require.NoError(t, err)
	s, err = st.Load("s")
	require.NoError(t, err)
	require.Equal(t, []Event{e, {Seq: 4, Kind: "move", Data: json.RawMessage(`5`)}}, s.Retracted, "in the order undo took them")

	require.NoError(t, st.Create(Session{Name: "empty", Game: "knights"}))
	_, err = st.Undo("empty", drawsBar)
	require.ErrorIs(t, err, ErrNothingToUndo)
	_, err = st.Undo("ghost", drawsBar)
	require.ErrorIs(t, err, ErrNoSession)
	_, err = st.Append("ghost", add(move(`1`)))
	require.ErrorIs(t, err, ErrNoSession)
}

// A refused action must leave the file byte for byte as it was: nothing
// half-written, not even a bumped "changed" time.
func TestRejectedAppendChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	st, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "s", Game: "squad"}))
	_, err = st.Append("s", add(move(`1`), move(`2`)))
	require.NoError(t, err)
	require.NoError(t, st.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	errIllegal := errors.New("illegal: the guard sees you")
	st, err = Open(path)
	require.NoError(t, err)
	_, err = st.Append("s", func(s Session) ([]Event, error) {
		return []Event{move(`3`)}, errIllegal
	})
	require.ErrorIs(t, err, errIllegal)
	// One bad event spoils the whole batch, even after a good one.
	_, err = st.Append("s", add(move(`3`), Event{Kind: "Bad Kind"}))
	require.ErrorContains(t, err, "event 4: event kind")
	_, err = st.Append("s", add(Event{Kind: "move", Data: json.RawMessage(`{nope`)}))
	require.ErrorContains(t, err, "not valid JSON")
	_, err = st.Append("s", add()) // accepted, but nothing to write
	require.NoError(t, err)
	s, err := st.Load("s")
	require.NoError(t, err)
	require.Len(t, s.Events, 2)
	require.NoError(t, st.Close())

	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, before, after)
}

// A panic in the caller's check is the caller's bug: it must propagate, not
// be reported as a damaged file, and must leave nothing written.
func TestCheckPanicPropagates(t *testing.T) {
	st := openTemp(t)
	require.NoError(t, st.Create(Session{Name: "s", Game: "g"}))
	require.PanicsWithValue(t, "engine bug", func() {
		_, _ = st.Append("s", func(Session) ([]Event, error) { panic("engine bug") })
	})
	s, err := st.Load("s")
	require.NoError(t, err)
	require.Empty(t, s.Events)
}

func TestListDeleteLatest(t *testing.T) {
	st := openTemp(t)
	list, err := st.List()
	require.NoError(t, err)
	require.Empty(t, list)
	_, err = st.Latest("blades")
	require.ErrorIs(t, err, ErrNoSession)

	for _, s := range []Session{{Name: "zeta", Game: "blades"}, {Name: "alpha", Game: "blades"}, {Name: "mid", Game: "squad"}} {
		require.NoError(t, st.Create(s))
	}
	latest, err := st.Latest("blades")
	require.NoError(t, err)
	require.Equal(t, "alpha", latest, "created last")

	time.Sleep(2 * time.Millisecond) // "changed" must be strictly later
	_, err = st.Append("zeta", add(move(`1`), move(`2`)))
	require.NoError(t, err)
	latest, err = st.Latest("blades")
	require.NoError(t, err)
	require.Equal(t, "zeta", latest, "changed last")
	latest, err = st.Latest("squad")
	require.NoError(t, err)
	require.Equal(t, "mid", latest)

	list, err = st.List()
	require.NoError(t, err)
	require.Len(t, list, 3)
	var names []string
	for _, s := range list {
		names = append(names, s.Name)
	}
	require.Equal(t, []string{"alpha", "mid", "zeta"}, names)
	require.Equal(t, "blades", list[2].Game)
	require.Equal(t, 2, list[2].Events)
	require.Equal(t, 0, list[0].Events)
	require.True(t, list[2].Changed.After(list[2].Created))
	require.Equal(t, list[0].Created, list[0].Changed)

	// Undo is a change too.
	time.Sleep(2 * time.Millisecond)
	_, err = st.Undo("alpha", drawsBar)
	require.ErrorIs(t, err, ErrNothingToUndo)
	latest, err = st.Latest("blades")
	require.NoError(t, err)
	require.Equal(t, "zeta", latest, "a refused undo is no change")

	require.NoError(t, st.Delete("zeta"))
	require.ErrorIs(t, st.Delete("zeta"), ErrNoSession)
	_, err = st.Load("zeta")
	require.ErrorIs(t, err, ErrNoSession)
	latest, err = st.Latest("blades")
	require.NoError(t, err)
	require.Equal(t, "alpha", latest)
	list, err = st.List()
	require.NoError(t, err)
	require.Len(t, list, 2)
}

func TestPersistsAcrossOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	st, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "s", Game: "blind", Seed: 1 << 63}))
	_, err = st.Append("s", add(move(`{"x":1}`), Event{Kind: "reveal", Barrier: true}))
	require.NoError(t, err)
	want, err := st.Load("s")
	require.NoError(t, err)
	require.NoError(t, st.Close())

	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the file holds private seeds")

	st, err = Open(path)
	require.NoError(t, err)
	defer st.Close()
	got, err := st.Load("s")
	require.NoError(t, err)
	require.Equal(t, want, got)
	require.Equal(t, uint64(1<<63), got.Seed, "full uint64 range survives JSON")
}

func TestRand(t *testing.T) {
	st := openTemp(t)
	require.NoError(t, st.Create(Session{Name: "s", Game: "knights", Seed: 12345}))
	draw := func() uint64 {
		s, err := st.Load("s")
		require.NoError(t, err)
		return s.Rand("draw").Uint64()
	}
	first := draw()
	require.Equal(t, first, draw(), "same seed, position and stream")

	s, _ := st.Load("s")
	require.NotEqual(t, first, s.Rand("deal").Uint64(), "streams are independent")
	other := s
	other.Seed++
	require.NotEqual(t, first, other.Rand("draw").Uint64(), "seeds are independent")

	// Draw at position 0, record it, then at position 1.
	_, err := st.Append("s", add(move(`1`)))
	require.NoError(t, err)
	second := draw()
	require.NotEqual(t, first, second, "each position draws afresh")

	// Undo and redo the same action: the same card comes up, no reroll.
	_, err = st.Undo("s", drawsBar)
	require.NoError(t, err)
	require.Equal(t, first, draw())
	_, err = st.Append("s", add(move(`1`)))
	require.NoError(t, err)
	require.Equal(t, second, draw())

	// Replay can re-derive a past draw from a cut copy.
	s, _ = st.Load("s")
	past := s
	past.Events = s.Events[:0]
	require.Equal(t, first, past.Rand("draw").Uint64())
}

// The stream hash puts the position first at fixed width, so no pair of
// (position, stream) inputs coincide byte for byte.
func TestRandStreamsDistinct(t *testing.T) {
	seen := map[uint64]string{}
	for n := 0; n < 20; n++ {
		for _, stream := range []string{"", "a", "b", "ab", "draw", "deal"} {
			s := Session{Seed: 9, Events: make([]Event, n)}
			v := s.Rand(stream).Uint64()
			key := stream + "@" + string(rune('0'+n))
			require.NotContains(t, seen, v, "%s collides with %s", key, seen[v])
			seen[v] = key
		}
	}
	require.NotEqual(t, NewSeed(), NewSeed())
}

// drawsBar is a Verifier for game-less tests: a "draw" event is a barrier.
func drawsBar(s Session) ([]Verdict, error) {
	out := make([]Verdict, len(s.Events))
	for i, e := range s.Events {
		if e.Kind == "draw" {
			out[i].Barrier = "a card was drawn"
		}
	}
	return out, nil
}

// A file holding taken-back events says so in its version, so that an
// older ninjakit, which reads version 1 only, refuses it untouched instead
// of exporting it without them; this one reads both.
func TestTakenBackEventsRaiseTheFileVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	version := func() string {
		var v string
		db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
		require.NoError(t, err)
		require.NoError(t, db.View(func(tx *bolt.Tx) error {
			v = string(tx.Bucket(markerBucket).Get(keyVersion))
			return nil
		}))
		require.NoError(t, db.Close())
		return v
	}
	st, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "s", Game: "g"}))
	_, err = st.Append("s", add(move(`1`)))
	require.NoError(t, err)
	require.NoError(t, st.Close())
	require.Equal(t, "1", version(), "a file without taken-back events stays readable by older ninjakit")

	st, err = Open(path)
	require.NoError(t, err)
	_, err = st.Undo("s", drawsBar)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	require.Equal(t, "2", version())

	st, err = Open(path, ReadOnly())
	require.NoError(t, err)
	s, err := st.Load("s")
	require.NoError(t, err)
	require.Len(t, s.Retracted, 1)
	require.NoError(t, st.Close())
}
