package knights

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

// storeWith opens a fresh session file holding a game started from pos.
func storeWith(t *testing.T, pos string) *companion.Store {
	t.Helper()
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", pos)
	require.NoError(t, err)
	_, s := newTable(t, o)
	s.Created = time.Date(2026, 11, 22, 4, 0, 0, 0, time.UTC)
	st, err := companion.Open(filepath.Join(t.TempDir(), companion.FileName))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	require.NoError(t, st.Create(s))
	return st
}

func report(t *testing.T, st *companion.Store, r Report) {
	t.Helper()
	_, err := st.Append("t", func(s companion.Session) ([]companion.Event, error) {
		tb, err := Replay(s)
		if err != nil {
			return nil, err
		}
		text, err := tb.Command(r)
		if err != nil {
			return nil, err
		}
		e, err := tb.Act(r.By, text)
		return []companion.Event{e}, err
	})
	require.NoError(t, err)
}

func table(t *testing.T, st *companion.Store) (companion.Session, *Table) {
	t.Helper()
	s, err := st.Load("t")
	require.NoError(t, err)
	tb, err := Replay(s)
	require.NoError(t, err)
	return s, tb
}

// "Oops, I meant cy": an attack with a digital deck showed only its card,
// so it can be taken back; the log keeps the card for every role, and the
// same seat attacks again. Once the next turn has drawn, undo refuses in
// table words (ruling C-1).
func TestUndoAnAttackThenNotADraw(t *testing.T) {
	st := storeWith(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KS/P/P draw=*")
	report(t, st, Report{Verb: "play", Cards: []string{"knight"}, At: "bob"})
	e, err := st.Undo("t", Verify)
	require.NoError(t, err)
	_, tb := table(t, st)
	require.Equal(t, "Took back ann's knight attack on bob; ann's turn. The log keeps that ann showed a knight.", tb.Undone(Role{Table: true}, e))
	require.Equal(t, []string{"soldier", "knight"}, tb.Status(Role{Seat: 0}).Hand, "the knight is back in ann's hand")
	note := companion.LogLine{Seq: 1, Who: "ann", Action: "showed a knight (the play was taken back)", TakenBack: true}
	for _, r := range []Role{{Table: true}, {Seat: 0}, {Seat: 1}, {Seat: 2}} {
		require.Equal(t, []companion.LogLine{note}, tb.LogLines(r))
	}

	report(t, st, Report{Verb: "play", Cards: []string{"knight"}, At: "cy"})
	_, tb = table(t, st)
	require.Equal(t, []companion.LogLine{note, {Seq: 1, Who: "ann", Action: "attacked cy with a knight"}}, tb.LogLines(Role{Table: true}))

	// cy answers with a peasant, then takes it back: the answer is public.
	report(t, st, Report{Verb: "respond", Cards: []string{"peasant"}, By: "cy"})
	e, err = st.Undo("t", Verify)
	require.NoError(t, err)
	_, tb = table(t, st)
	require.Equal(t, "Took back cy's answer with a peasant; ann's turn: cy is to answer ann's knight (respond CARD --by cy), or pass to let it through. The log keeps that cy showed a peasant.", tb.Undone(Role{Table: true}, e))

	// cy lets it through; the knight takes gems and ends ann's turn once the
	// steal window closes, and bob draws.
	report(t, st, Report{Verb: "pass"})
	report(t, st, Report{Verb: "pass"})
	_, err = st.Undo("t", Verify)
	var be *companion.BarrierError
	require.True(t, errors.As(err, &be), "%v", err)
	require.EqualError(t, err, "bob already drew two cards after that play: it cannot be taken back")
	require.ErrorIs(t, err, companion.ErrBarrier)

	s, tb := table(t, st)
	require.Len(t, s.Retracted, 2)
	require.Len(t, tb.LogLines(Role{Table: true}), 5, "two notes and three plays")
	_, err = Verify(s)
	require.NoError(t, err)
}

// A Herald's private show, the Merchant's random pick and a Monk paid in
// cards cannot be taken back; the Herald itself, before anyone showed, can.
func TestUndoRefusesPrivateShowsAndRandomPicks(t *testing.T) {
	st := storeWith(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=FM/PS/K draw=*")
	report(t, st, Report{Verb: "play", Cards: []string{"herald"}})
	e, err := st.Undo("t", Verify)
	require.NoError(t, err)
	_, tb := table(t, st)
	require.Equal(t, "Took back ann's herald; ann's turn. The log keeps that ann showed a herald.", tb.Undone(Role{Table: true}, e))

	report(t, st, Report{Verb: "play", Cards: []string{"herald"}})
	report(t, st, Report{Verb: "show", Cards: []string{"soldier"}})
	_, err = st.Undo("t", Verify)
	require.EqualError(t, err, "bob showed one card to ann's herald: it cannot be taken back")

	st = storeWith(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=M/PS/K draw=*")
	report(t, st, Report{Verb: "play", Cards: []string{"merchant"}, At: "bob"})
	_, err = st.Undo("t", Verify)
	require.EqualError(t, err, "ann's merchant took one card at random from bob: it cannot be taken back")
}

// Every undoable kind of play is told in table words.
func TestUndoneSaysThePlay(t *testing.T) {
	st := storeWith(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=PPPDJ/P/P forts=-/C/- draw=*")
	for _, c := range []struct {
		r    Report
		want string
	}{
		{Report{Verb: "play", Cards: []string{"peasant", "peasant", "peasant"}, At: "cy"}, "Took back ann's attack on cy with 3 peasants; ann's turn."},
		{Report{Verb: "play", Cards: []string{"dragon"}, At: "bob", Burn: true}, "Took back ann's dragon attack on bob, to burn the castle; ann's turn."},
		{Report{Verb: "play", Cards: []string{"jester(knight)"}, At: "cy"}, "Took back ann's attack on cy with a jester as a knight; ann's turn. The log keeps that ann showed a jester as a knight."},
	} {
		report(t, st, c.r)
		e, err := st.Undo("t", Verify)
		require.NoError(t, err)
		_, tb := table(t, st)
		require.Contains(t, tb.Undone(Role{Seat: 1}, e), c.want)
	}
}

// Undo cannot reroll (ruling C-12): after a play taken back, the turn's end
// reshuffles the discards and deals exactly as it would have without the
// play, since draws follow the live log's length, not the taken-back plays.
func TestUndoThenTheSameDraws(t *testing.T) {
	pos := "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KS/P/P draw=P discard=*"
	straight := storeWith(t, pos)
	report(t, straight, Report{Verb: "discard", Cards: []string{"soldier"}})
	_, want := table(t, straight)

	oops := storeWith(t, pos)
	report(t, oops, Report{Verb: "play", Cards: []string{"knight"}, At: "bob"})
	_, err := oops.Undo("t", Verify)
	require.NoError(t, err)
	report(t, oops, Report{Verb: "discard", Cards: []string{"soldier"}})
	_, got := table(t, oops)
	require.Equal(t, 1, got.Game.Reshuffles(), "bob's draw emptied the pile")
	require.Equal(t, want.Game.String(), got.Game.String(), "the same shuffle, the same cards")

	_, err = oops.Undo("t", Verify)
	require.EqualError(t, err, "bob already drew one card after that play: it cannot be taken back")
}

// A reveal of the whole position is a public note that undo never takes
// back, with a physical deck as with a digital one (ruling K38), and export
// version 1 flagged it as a barrier (ruling C-13).
func TestRevealIsAlwaysABarrier(t *testing.T) {
	for _, mode := range []string{"digital", "physical"} {
		o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", mode, "", "")
		require.NoError(t, err)
		tb, s := newTable(t, o)
		e, err := tb.Act("", tb.Game.LegalActions()[0].String())
		require.NoError(t, err)
		s.Events = append(s.Events, e)
		for _, r := range []Role{{Table: true}, {Seat: 1}} {
			tb, err := Replay(s)
			require.NoError(t, err)
			s := s
			s.Events = append(append([]companion.Event(nil), s.Events...), tb.Reveal(r))
			verdicts, err := Verify(s)
			require.NoError(t, err)
			v := verdicts[len(verdicts)-1]
			require.True(t, v.V1, mode)
			want := "the whole position was revealed to the table"
			if !r.Table {
				want = "bob revealed the whole position to the table"
			}
			require.Equal(t, want, v.Barrier, mode)
		}
	}
}

// A finished game stays finished (ruling K41): the play that wins cannot
// be taken back, with either deck, whoever made it (here the answer that
// lets a ninja through), since the end shows every hand to everyone. The
// refusal names only what the whole table saw.
func TestUndoRefusesTheWinningPlay(t *testing.T) {
	for _, c := range []struct{ mode, hands string }{
		{"digital", "N/PS/P"},
		{"physical", "1/2/1"},
	} {
		st := storeWith(t, "players=3 mode="+c.mode+" turn=1 phase=main gems=9,5,1 hands="+c.hands+" draw=*")
		report(t, st, Report{Verb: "play", Cards: []string{"ninja"}, At: "bob"})
		report(t, st, Report{Verb: "pass"})
		s, tb := table(t, st)
		require.Equal(t, "ann", tb.Status(Role{Table: true}).Winner, c.mode)
		_, err := st.Undo("t", Verify)
		require.ErrorIs(t, err, companion.ErrBarrier, c.mode)
		require.EqualError(t, err, "ann won the game on that play: it cannot be taken back", c.mode)
		after, _ := table(t, st)
		require.Equal(t, s.Events, after.Events, "%s: the win stands", c.mode)
		require.Empty(t, after.Retracted, c.mode)
		verdicts, err := Verify(after)
		require.NoError(t, err)
		require.Empty(t, verdicts[0].Barrier, "%s: the ninja attack before it could be taken back", c.mode)
		require.Equal(t, c.mode == "digital", verdicts[1].V1, "%s: version 1 flags stay as version 1 wrote them (ruling C-13)", c.mode)
	}
}
