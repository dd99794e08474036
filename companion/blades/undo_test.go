package blades

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// store opens a fresh session file holding session s.
func store(t *testing.T, s companion.Session) *companion.Store {
	t.Helper()
	st, err := companion.Open(filepath.Join(t.TempDir(), companion.FileName))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	s.Created = time.Date(2026, 11, 22, 4, 0, 0, 0, time.UTC)
	require.NoError(t, st.Create(s))
	return st
}

// act plays text for role as in `companion blades move`.
func act(t *testing.T, st *companion.Store, as string, text string) {
	t.Helper()
	_, err := st.Append("t", func(s companion.Session) ([]companion.Event, error) {
		tb, err := Replay(s)
		if err != nil {
			return nil, err
		}
		r, err := tb.ParseRole(as)
		if err != nil {
			return nil, err
		}
		e, err := tb.Move(r, text)
		return []companion.Event{e}, err
	})
	require.NoError(t, err)
}

func load(t *testing.T, st *companion.Store) (companion.Session, *Table) {
	t.Helper()
	s, err := st.Load("t")
	require.NoError(t, err)
	tb, err := Replay(s)
	require.NoError(t, err)
	return s, tb
}

// "Oops": a card played from a hidden hand is taken back; the card goes
// back to the hand, every role's log keeps that it was shown, and the
// player moves again (ruling B-19).
func TestUndoTakesBackACardPlayAndKeepsItShown(t *testing.T) {
	st := store(t, session(t, Options{Position: duelPosition, Players: 3, Cards: "hidden"}))
	act(t, st, "red", "shuriken a1 a2")
	e, err := st.Undo("t", Verify)
	require.NoError(t, err)
	s, tb := load(t, st)
	require.Empty(t, s.Events)
	require.Equal(t, []companion.Event{e}, s.Retracted)
	require.Equal(t, "Took back: Red's Shuriken from a1 removed a Yellow ninja on a2; Red is to move again. The log keeps that Red showed a Shuriken.", tb.Undone(TableRole, e))
	red, _ := tb.ParseRole("red")
	require.Equal(t, "Bomb, Shuriken", tb.Status(red).Seats[0].Hand, "the card is back in the hand")

	note := LogLine{Seq: 1, Seat: 1, Who: "seat 1", Action: "Red showed a Shuriken (the play was taken back)", TakenBack: true}
	for _, as := range []string{"table", "1", "2", "3"} {
		r, err := tb.ParseRole(as)
		require.NoError(t, err)
		require.Equal(t, []LogLine{note}, tb.LogLines(r), as)
	}
	raw, err := json.Marshal(tb.LogLines(TableRole))
	require.NoError(t, err)
	require.Contains(t, string(raw), `"takenBack":true`)

	// The play the player meant; the note stays before it.
	act(t, st, "red", "attack a1 a2")
	_, tb = load(t, st)
	lines := tb.LogLines(TableRole)
	require.Len(t, lines, 2)
	require.Equal(t, note, lines[0])
	require.Equal(t, "Red's attack from a1 removed a Yellow ninja on a2", lines[1].Action)

	// A plain attack leaves no note; undo says whose turn it is again.
	e, err = st.Undo("t", Verify)
	require.NoError(t, err)
	s, tb = load(t, st)
	require.Equal(t, "Took back: Red's attack from a1 removed a Yellow ninja on a2; Red is to move again.", tb.Undone(TableRole, e))
	require.Equal(t, []LogLine{note}, tb.LogLines(TableRole))
	verdicts, err := Verify(s)
	require.NoError(t, err)
	require.Empty(t, verdicts)

	// The whole history travels in an export.
	b, err := companion.Export(s)
	require.NoError(t, err)
	back, err := companion.ParseExport(b)
	require.NoError(t, err)
	require.Equal(t, s, back)
	_, err = Verify(back)
	require.NoError(t, err)
}

// A taken-back play is replayed where it stood: one that claims a card the
// player never held, or a move out of turn, is refused (ruling C-11).
func TestVerifyRefusesInventedTakebacks(t *testing.T) {
	o := Options{Position: duelPosition, Players: 3, Cards: "hidden"}
	for name, e := range map[string]companion.Event{
		"a card never held":  ev("move", `{"seat":0,"move":"double-kick a1 a3"}`),
		"out of turn":        ev("move", `{"seat":1,"move":"attack a2 a3"}`),
		"not canonical":      ev("move", `{"seat":0,"move":"shuriken  a1 a2"}`),
		"a keep while moves": ev("keep", `{"seat":0,"hand":"-"}`),
	} {
		e.Seq = 1
		s := session(t, o)
		s.Retracted = []companion.Event{e}
		_, err := Verify(s)
		var re *companion.ReplayError
		require.ErrorAs(t, err, &re, name)
		require.Equal(t, 1, re.Taken, name)
	}
}

// Undoing a keep choice names the kept cards only to whoever may see them.
func TestUndoneKeepIsNamedToItsOwnerOnly(t *testing.T) {
	o := Options{Players: 3, Seed: 1, Cards: "dealt"}
	st := store(t, session(t, o))
	_, tb := load(t, st)
	var keep engine.Hand
	for k, n := range tb.Pos.Hand(0) {
		if n > 0 {
			keep[k] = 1
			break
		}
	}
	_, err := st.Append("t", func(companion.Session) ([]companion.Event, error) {
		e, err := tb.Keep(Role{Seat: 0}, tb.handNames(keep))
		return []companion.Event{e}, err
	})
	require.NoError(t, err)
	e, err := st.Undo("t", Verify)
	require.NoError(t, err)
	_, tb = load(t, st)
	colour := tb.colour(0)
	require.Equal(t, "Took back "+colour+"'s choice of 1 card(s) to keep; "+tb.next(e)+".", tb.Undone(TableRole, e))
	require.Contains(t, tb.Undone(Role{Seat: 0}, e), "'s keep ("+tb.handNames(keep)+")")
	require.NotContains(t, tb.Undone(Role{Seat: 1}, e), tb.handNames(keep))
	require.Contains(t, tb.next(e), "to choose cards to keep")
	require.Empty(t, tb.LogLines(TableRole), "a keep shows no card: no note")
}
