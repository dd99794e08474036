package blades

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// house writes a 9x9 board for a position string from pieces by cell
// ("c4": 'R'); every other cell is empty.
func house(pieces map[string]byte) string {
	var rows []string
	for r := 9; r >= 1; r-- {
		row, empty := "", 0
		for c := 'a'; c <= 'i'; c++ {
			p, ok := pieces[string(c)+strconv.Itoa(r)]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				row += strconv.Itoa(empty)
			}
			row, empty = row+string(p), 0
		}
		if empty > 0 {
			row += strconv.Itoa(empty)
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "/")
}

// played starts a 3-player game (seat 1 Red hunts Yellow, Blue hunts Red),
// plays the moves as the table and returns what the last one said.
func played(t *testing.T, pieces map[string]byte, hands string, moves ...string) (*Table, string) {
	t.Helper()
	tb := fromPosition(t, "3:RYB "+house(pieces)+" 1 0 "+hands+" 0,0,0")
	for _, m := range moves {
		_, err := tb.Move(TableRole, m)
		require.NoError(t, err, m)
	}
	return tb, tb.Log[len(tb.Log)-1].Said
}

func TestMovesAreToldInTableWords(t *testing.T) {
	keep := map[string]byte{"a9": 'R', "i9": 'Y', "i1": 'B'}
	with := func(extra map[string]byte) map[string]byte {
		m := map[string]byte{}
		for k, v := range keep {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	for _, c := range []struct {
		pieces   map[string]byte
		hands    string
		move     string
		said     string
		foretold string
	}{
		{with(map[string]byte{"c4": 'R', "c5": 'Y'}), "none", "c4 c5", "Red's attack from c4 removed a Yellow ninja on c5",
			"Red's attack from c4 removes a Yellow ninja on c5"},
		{with(map[string]byte{"c4": 'R', "c8": 'Y'}), "hidden:S,-,-", "shuriken c4 c8", "Red's Shuriken from c4 removed a Yellow ninja on c8",
			"Red's Shuriken from c4 removes a Yellow ninja on c8"},
		{with(map[string]byte{"c4": 'R', "c5": 'Y', "c6": 'Y'}), "open:2,-,-", "Double kick c4 c6", "Red's Double kick from c4 removed 2 Yellow ninjas on c5 and c6 and ended on c6",
			"Red's Double kick from c4 removes 2 Yellow ninjas on c5 and c6 and ends on c6"},
		{map[string]byte{"e1": 'R', "a9": 'R', "e5": 'Y', "f6": 'Y', "d4": 'B', "i1": 'B'}, "hidden:B,-,-", "bomb e1 e5",
			"Red's Bomb from e1 landed on e5 and removed a Blue ninja on d4 and 2 Yellow ninjas on e5 and f6; Yellow has no ninjas left",
			"Red's Bomb from e1 lands on e5 and removes a Blue ninja on d4 and 2 Yellow ninjas on e5 and f6; Yellow is left with no ninjas"},
		{with(map[string]byte{"a1": 'R'}), "hidden:V,-,-", "vanishing a1 e5", "Red's Vanishing took the ninja on a1 to e5",
			"Red's Vanishing takes the ninja on a1 to e5"},
		{with(map[string]byte{"e5": 'R', "d4": 'Y', "f6": 'Y', "e6": 'B'}), "hidden:C,-,-", "CIRCLE KICK e5", "Red's Circle kick on e5 removed 2 Yellow ninjas on d4 and f6",
			"Red's Circle kick on e5 removes 2 Yellow ninjas on d4 and f6"},
		{with(map[string]byte{"d4": 'R', "e5": 'R', "e4": 'B'}), "hidden:D,-,-", "double dragon d4 e4", "Red's Double Dragon removed a Blue ninja on e4; the ninja from d4 stepped in",
			"Red's Double Dragon removes a Blue ninja on e4; the ninja from d4 steps in"},
		{keep, "none", "pass", "Red passed", "Red passes"},
	} {
		before := fromPosition(t, "3:RYB "+house(c.pieces)+" 1 0 "+c.hands+" 0,0,0")
		m, err := engine.ParseMove(before.Pos.Board(), c.move)
		require.NoError(t, err)
		require.Equal(t, c.foretold, before.Foretell(m), "a phone asks before the move, in the present")
		_, said := played(t, c.pieces, c.hands, c.move)
		require.Equal(t, c.said, said, c.move)
	}
	_, said := played(t, keep, "none", "pass", "pass")
	require.Equal(t, "Yellow passed (2 passes in a row)", said)
	_, said = played(t, keep, "none", "pass", "pass", "pass")
	require.Equal(t, "Blue passed; everyone has passed in a row, so the game is over", said)
}

func TestLogTellsOutcomesNotCommands(t *testing.T) {
	tb, _ := played(t, map[string]byte{"c4": 'R', "c5": 'Y', "i9": 'Y', "i1": 'B'}, "none", "c4 c5")
	l := tb.LogLines(TableRole)[0]
	require.Equal(t, "  1  seat 1: Red's attack from c4 removed a Yellow ninja on c5", l.String())
	require.Equal(t, "attack c4 c5", l.Move, "programs still get the notation")
}

func TestTheEndOfTheGameIsSummed(t *testing.T) {
	tb, _ := played(t, map[string]byte{"c4": 'R', "c5": 'Y', "b1": 'Y', "b2": 'B', "a8": 'B', "a9": 'R', "h9": 'B'}, "none",
		"c4 c5", "b1 b2", "a8 a9", "pass", "pass", "pass")
	st := tb.Status(TableRole)
	require.Equal(t, &Summary{Turns: 6, Passes: 3, Seats: []SeatSummary{
		{Seat: 1, Colour: "Red", Left: 1, Removed: 1, Prey: 1, Lost: 1},
		{Seat: 2, Colour: "Yellow", Left: 1, Removed: 1, Prey: 1, Lost: 1},
		{Seat: 3, Colour: "Blue", Left: 2, Removed: 1, Prey: 1, Lost: 1},
	}}, st.Summary)
	text := st.Text(false)
	require.Contains(t, text, "6 turns were played, 3 of them passes.\n")
	require.Contains(t, text, "  seat 1 Red      1 ninjas left, removed 1 (1 of them prey), lost 1\n")
	require.Contains(t, text, "Game over: seat 3 (Blue) wins with 2 ninjas left.\n")
	require.NotContains(t, text, "another game")

	tie, _ := played(t, map[string]byte{"a1": 'R', "c5": 'Y', "h9": 'B'}, "none", "pass", "pass", "pass")
	text = tie.Status(TableRole).Text(false)
	require.Contains(t, text, "Game over: a tie between seat 1 (Red), seat 2 (Yellow) and seat 3 (Blue), 1 ninja left each.\n")
	require.Contains(t, text, "play another game")
}

func TestTwoPlayerSummaryCountsPreyAndTheCommonPrey(t *testing.T) {
	tb := fromPosition(t, "2:RY/B "+house(map[string]byte{"a1": 'R', "a2": 'B', "i9": 'Y', "i8": 'B'})+" 1 0 none 0,0")
	for _, m := range []string{"a1 a2", "i9 i8", "pass", "pass"} {
		_, err := tb.Move(TableRole, m)
		require.NoError(t, err, m)
	}
	text := tb.Status(TableRole).Text(true)
	require.Contains(t, text, "  common prey Blue     0 ninjas left, lost 2\n")
	require.Contains(t, text, "a tie between seat 1 (Red) and seat 2 (Yellow), 1 prey eliminated each.\n")
}
