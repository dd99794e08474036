package blades

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPositionShowsHiddenHandsOnlyWhenRevealed: a position string holds
// every hand, so a hidden-hands game gives it only to the table on
// --reveal (ruling B-22); open hands and no cards hide nothing.
func TestPositionShowsHiddenHandsOnlyWhenRevealed(t *testing.T) {
	const hidden = "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0"
	tb := fromPosition(t, hidden)
	seat, _ := tb.ParseRole("2")
	for _, r := range []Role{TableRole, seat} {
		_, err := tb.Position(r, false)
		require.True(t, errors.Is(err, ErrHiddenPosition), err)
		require.Empty(t, tb.Status(r).Position)
	}
	_, err := tb.Position(seat, true)
	require.ErrorContains(t, err, "--as table only")
	pos, err := tb.Position(TableRole, true)
	require.NoError(t, err)
	require.Equal(t, hidden, pos)

	for _, open := range []string{"3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 open:BS,2,- 0,0,0", "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 2 1 none 0,0,0"} {
		tb := fromPosition(t, open)
		for _, as := range []string{"table", "1", "3"} {
			r, _ := tb.ParseRole(as)
			pos, err := tb.Position(r, false)
			require.NoError(t, err)
			require.Equal(t, open, pos)
			require.Equal(t, open, tb.Status(r).Position)
		}
	}
}

func TestStatusShowsPreyHuntersAndPrices(t *testing.T) {
	tb := fromPosition(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BSS,2,- 0,0,0")
	r, _ := tb.ParseRole("1")
	text := tb.Status(r).Text(false)
	require.Contains(t, text, "> seat 1 Red     2 ninjas, 3 cards  prey: Yellow  hunter: Blue\n")
	require.Contains(t, text, "  seat 2 Yellow  2 ninjas, 1 card   prey: Blue    hunter: Red\n")
	require.Contains(t, text, "  seat 3 Blue    1 ninjas, 0 cards  prey: Red     hunter: Yellow\n")
	require.Contains(t, text, "  Hand of seat 1 (Red): Bomb (5), 2 Shuriken (2 each); kept, worth 9 of at\n    most 10\n")
	require.NotContains(t, tb.Status(TableRole).Text(false), "Hand of")

	choosing := fromPosition(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BCD?,-?,-? 0,0,0")
	text = choosing.Status(r).Text(false)
	require.Contains(t, text, "  Hand of seat 1 (Red): Bomb (5), Circle kick (4), Double Dragon (3); dealt,\n    worth 12: keep cards worth at most 10\n")

	five := fromPosition(t, "5:GKBYR 15/15/15/15/15/15/15/15/GKBYR10 5 0 none 0,0,0,0,0")
	text = five.Status(TableRole).Text(false)
	require.Contains(t, text, "seat 1 Green   1 ninjas, 0 cards  prey: Black, Blue   hunters: Red, Yellow\n")
	requireAligned(t, text, "prey:", "hunters:")
	four := fromPosition(t, "4:KBRY xxxK11/xxx12/xxx12/xxx12/xxx12/xxx12/xxx12/xxx12/xxxRYB9 4 0 none 0,0,0,0")
	text = four.Status(TableRole).Text(false)
	require.Contains(t, text, "seat 1 Black   1 ninjas, 0 cards  prey: Blue    hunter: Yellow  across: Red\n")
	requireAligned(t, text, "prey:", "hunter:", "across:")
	two := fromPosition(t, "2:RY/B 9/9/9/9/9/9/9/9/RYB6 1 0 none 0,0")
	require.Contains(t, two.Status(TableRole).Text(true), "seat 1 Red     1 ninjas, 0 prey eliminated, 0 cards  prey: Blue  rival: Yellow\n")
}

// requireAligned checks that each word starts at the same column on every
// seat line of a status, and that those lines fit 80 columns.
func requireAligned(t *testing.T, text string, words ...string) {
	t.Helper()
	for _, w := range words {
		col := -1
		for _, l := range strings.Split(text, "\n") {
			if !strings.Contains(l, " seat ") || !strings.Contains(l, "prey:") {
				continue
			}
			require.LessOrEqual(t, len(l), 80, l)
			i := strings.Index(l, w)
			require.GreaterOrEqual(t, i, 0, l)
			if col < 0 {
				col = i
			}
			require.Equal(t, col, i, "%q in %q", w, l)
		}
		require.GreaterOrEqual(t, col, 0, w)
	}
}

// TestRevealIsALoggedBarrier: a reveal of hidden hands is a public note
// every role reads in the log, that Verify accepts exactly as Reveal writes
// it and undo can never take back (ruling B-22).
func TestRevealIsALoggedBarrier(t *testing.T) {
	const hidden = "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0"
	o, err := NewOptions(0, "", "", "dealt", hidden)
	require.NoError(t, err)
	tb := fromPosition(t, hidden)
	move, err := tb.Move(TableRole, "pass")
	require.NoError(t, err)
	note, err := tb.Reveal()
	require.NoError(t, err)
	require.Equal(t, 2, note.Seq)

	s := session(t, o, move, note)
	verdicts, err := Verify(s)
	require.NoError(t, err)
	require.Empty(t, verdicts[0].Barrier)
	require.Equal(t, "the whole table saw every hand with position --reveal", verdicts[1].Barrier)

	replayed, err := Replay(s)
	require.NoError(t, err)
	for _, as := range []string{"table", "1", "2"} {
		r, _ := replayed.ParseRole(as)
		ls := replayed.LogLines(r)
		require.Len(t, ls, 2)
		require.Equal(t, LogLine{Seq: 2, Who: "table", Action: "showed the whole position, every hand included, with position --reveal"}, ls[1])
	}
	pos, err := replayed.Position(TableRole, true)
	require.NoError(t, err)
	require.Equal(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 2 1 hidden:BS,2,- 0,0,0", pos, "a note leaves the position as it was")

	// Undo never took a reveal back: a history claiming so is refused.
	s.Events, s.Retracted = s.Events[:1], s.Events[1:]
	_, err = Verify(s)
	require.ErrorContains(t, err, "cannot be: the whole table saw every hand")
}

// TestVerifyRefusesNotesRevealWouldNotWrite: only the note Reveal writes,
// and only where a reveal hides something, passes import.
func TestVerifyRefusesNotesRevealWouldNotWrite(t *testing.T) {
	hidden, err := NewOptions(0, "", "", "dealt", "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0")
	require.NoError(t, err)
	open, err := NewOptions(0, "", "", "dealt", "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 open:BS,2,- 0,0,0")
	require.NoError(t, err)
	for name, c := range map[string]struct {
		o    Options
		data string
		want string
	}{
		"unknown field": {hidden, `{"note":"reveal","seat":1}`, "unknown field"},
		"other note":    {hidden, `{"note":"peek"}`, `unknown note "peek"`},
		"no note":       {hidden, `{}`, `unknown note ""`},
		"open hands":    {open, `{"note":"reveal"}`, "without hidden hands"},
	} {
		_, err := Verify(session(t, c.o, ev("note", c.data)))
		require.ErrorContains(t, err, c.want, name)
	}
}
