package companion

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// path is a toy game whose state is the labels applied so far. An event
// names the state it was made on, so it replays only there: a taken-back
// event checked on any other state than the one it was played on fails.
type path struct{ labels []string }

type pathEvent struct {
	After string `json:"after"`
	Label string `json:"label"`
}

func (p *path) String() string { return strings.Join(p.labels, ".") }

func pathReplayer(clone bool) Replayer[struct{}, *path] {
	r := Replayer[struct{}, *path]{
		Game:  "path",
		Start: func(struct{}, uint64) (*path, error) { return &path{}, nil },
		Check: func(p *path, e Event) error {
			var d pathEvent
			if err := DecodeStrict(e.Data, &d); err != nil {
				return err
			}
			if d.After != p.String() {
				return fmt.Errorf("made after %q, replayed after %q", d.After, p)
			}
			return nil
		},
		Apply: func(p *path, e Event) error {
			var d pathEvent
			_ = json.Unmarshal(e.Data, &d)
			p.labels = append(p.labels, d.Label)
			return nil
		},
		Judge: func(p *path, e Event) Verdict {
			if strings.HasPrefix(p.labels[len(p.labels)-1], "draw") {
				return Verdict{Barrier: "a card was drawn"}
			}
			return Verdict{}
		},
	}
	if clone {
		r.Clone = func(p *path) *path { return &path{labels: p.labels[:len(p.labels):len(p.labels)]} }
	}
	return r
}

func pathEv(seq int, after, label string) Event {
	raw, _ := json.Marshal(pathEvent{After: after, Label: label})
	return Event{Seq: seq, Kind: "step", Data: raw}
}

func pathSession(live []Event, taken ...Event) Session {
	return Session{Name: "p", Game: "path", Options: json.RawMessage(`{}`), Events: live, Retracted: taken}
}

// Whatever a table does with act and undo, the store keeps a history that
// Mark replays: each taken-back event on exactly the state it was played on.
func TestMarkReplaysEveryHistoryTheStoreKeeps(t *testing.T) {
	verify := func(s Session) ([]Verdict, error) {
		_, v, err := Mark(s, pathReplayer(true))
		return v, err
	}
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 3))
		st := openTemp(t)
		require.NoError(t, st.Create(Session{Name: "p", Game: "path", Options: json.RawMessage(`{}`)}))
		var live []string
		undos, refused := 0, 0
		for i := range 60 {
			if len(live) > 0 && rng.IntN(3) == 0 {
				_, err := st.Undo("p", verify)
				if strings.HasPrefix(live[len(live)-1], "draw") {
					require.ErrorIs(t, err, ErrBarrier)
					refused++
					continue
				}
				require.NoError(t, err)
				live = live[:len(live)-1]
				undos++
				continue
			}
			label := fmt.Sprint("x", i)
			if rng.IntN(8) == 0 {
				label = fmt.Sprint("draw", i)
			}
			after := strings.Join(live, ".")
			_, err := st.Append("p", func(s Session) ([]Event, error) { return []Event{pathEv(0, after, label)}, nil })
			require.NoError(t, err)
			live = append(live, label)
		}
		s, err := st.Load("p")
		require.NoError(t, err)
		require.Len(t, s.Retracted, undos)
		p, verdicts, err := Mark(s, pathReplayer(true))
		require.NoError(t, err, "seed %d", seed)
		require.Equal(t, strings.Join(live, "."), p.String())
		require.Len(t, verdicts, len(live))
		if seed == 0 {
			require.NotZero(t, refused+undos)
		}
	}
}

func TestMarkRefusesImpossibleHistories(t *testing.T) {
	a, b := pathEv(1, "", "a"), pathEv(2, "a", "b")
	for name, tc := range map[string]struct {
		s     Session
		taken int
		msg   string
	}{
		"taken back before what stood under it": {
			// b was undone first, so c (made on a.b) cannot be undone later.
			pathSession([]Event{a}, pathEv(2, "a", "b"), pathEv(3, "a.b", "c")), 2, "no event 2 stood before it",
		},
		"taken back with nothing before it": {
			pathSession([]Event{a}, pathEv(3, "a.b", "c")), 1, "no event 2 stood before it",
		},
		"taken back under an event that stays": {
			// b was taken back while y, played on it, still stands.
			pathSession([]Event{a, pathEv(2, "a", "x"), pathEv(3, "a.b", "y")}, pathEv(4, "a.b.y", "d"), b), 2, "event 3 still stands after it",
		},
		"made on another state": {
			pathSession([]Event{a, b}, pathEv(2, "q", "z")), 1, `made after "q"`,
		},
		"a barrier taken back": {
			pathSession([]Event{a}, pathEv(2, "a", "draw")), 1, "cannot be: a card was drawn",
		},
	} {
		_, _, err := Mark(tc.s, pathReplayer(true))
		var re *ReplayError
		require.True(t, errors.As(err, &re), "%s: %v", name, err)
		require.Equal(t, tc.taken, re.Taken, name)
		require.ErrorContains(t, err, tc.msg, name)
	}

	// Two takebacks of one seq, then a third event: all replay, each where
	// it stood.
	s := pathSession([]Event{a, pathEv(2, "a", "y")}, pathEv(2, "a", "b"), pathEv(3, "a.x", "c"), pathEv(2, "a", "x"))
	p, v, err := Mark(s, pathReplayer(true))
	require.NoError(t, err)
	require.Equal(t, "a.y", p.String())
	require.Len(t, v, 2)

	// Without Clone the taken-back events are not replayed.
	p, _, err = Mark(pathSession([]Event{a}, pathEv(9, "?", "z")), pathReplayer(false))
	require.NoError(t, err)
	require.Equal(t, "a", p.String())
}

func TestWithNotes(t *testing.T) {
	lines := []LogLine{{Seq: 1, Action: "a"}, {Seq: 2, Action: "b"}}
	notes := []LogLine{{Seq: 2, Action: "x", TakenBack: true}, {Seq: 5, Action: "y", TakenBack: true}, {Seq: 1, Action: "z", TakenBack: true}}
	var got []string
	for _, l := range WithNotes(lines, notes) {
		got = append(got, l.Action)
	}
	require.Equal(t, []string{"z", "a", "x", "b", "y"}, got)
	require.Equal(t, lines, WithNotes(lines, nil))
	require.Equal(t, "b", LastPlayed(WithNotes(lines, notes)).Action, "a later note may follow the last play")
	require.Equal(t, LogLine{}, LastPlayed(notes))
}

// Taken-back events in any order at any seq never crash the replay: it
// accepts them or says which one no history explains.
func TestMarkSurvivesShuffledTakebacks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	live := []Event{pathEv(1, "", "a"), pathEv(2, "a", "b"), pathEv(3, "a.b", "c")}
	pool := []Event{pathEv(1, "", "x"), pathEv(2, "a", "y"), pathEv(3, "a.b", "z"), pathEv(2, "x", "w"), pathEv(4, "a.b.c", "v")}
	accepted := 0
	for range 2000 {
		var taken []Event
		for range rng.IntN(6) {
			e := pool[rng.IntN(len(pool))]
			if rng.IntN(4) == 0 {
				e.Seq = 1 + rng.IntN(6)
			}
			taken = append(taken, e)
		}
		p, v, err := Mark(pathSession(live, taken...), pathReplayer(true))
		if err != nil {
			var re *ReplayError
			require.ErrorAs(t, err, &re)
			require.True(t, re.Taken > 0 || re.Seq > 0, "%v", err)
			continue
		}
		accepted++
		require.Equal(t, "a.b.c", p.String())
		require.Len(t, v, 3)
	}
	require.Greater(t, accepted, 100)
}

// TestLogLineNamesTheActorOnce: "ann: ann gave orders" reads as a stutter.
func TestLogLineNamesTheActorOnce(t *testing.T) {
	require.Equal(t, "  3  ann: gave orders", LogLine{Seq: 3, Who: "ann", Action: "ann gave orders"}.String())
	require.Equal(t, "  4  ann: ann's ninja fell", LogLine{Seq: 4, Who: "ann", Action: "ann's ninja fell"}.String())
	require.Equal(t, " 12  table: annie passed", LogLine{Seq: 12, Who: "table", Action: "annie passed"}.String())
	require.Equal(t, "  1  ann: annie passed", LogLine{Seq: 1, Who: "ann", Action: "annie passed"}.String())
	require.Equal(t, "ann: moved", LogLine{Seq: 5, Who: "ann", Action: "ann moved"}.Told(), "the table mode's last line too")
}
