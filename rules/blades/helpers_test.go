package blades

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var testRules = DefaultRules()

// place builds a position from a table ("3:RYB"), pieces by colour
// ("R:c4,d4 Y:c5") and the cards field ("none", "hidden:B,-,-"); seat 1
// moves, nobody has passed or eliminated anything yet.
func place(t testing.TB, table, pieces, cards string) *Position {
	t.Helper()
	players := int(table[0] - '0')
	b := testRules.Board(players)
	grid := make([][]byte, b.Rows)
	for r := range grid {
		grid[r] = make([]byte, b.Cols)
		for c := range grid[r] {
			grid[r][c] = '.'
			if !b.InPlay(Cell(r*b.Cols + c)) {
				grid[r][c] = 'x'
			}
		}
	}
	for _, group := range strings.Fields(pieces) {
		letter, cells, _ := strings.Cut(group, ":")
		for _, name := range strings.Split(cells, ",") {
			c, err := b.ParseCell(name)
			require.NoError(t, err)
			grid[int(c)/b.Cols][int(c)%b.Cols] = letter[0]
		}
	}
	var rows []string
	for r := b.Rows - 1; r >= 0; r-- {
		row, empty := "", 0
		for _, ch := range grid[r] {
			if ch == '.' {
				empty++
				continue
			}
			if empty > 0 {
				row += strconv.Itoa(empty)
				empty = 0
			}
			row += string(ch)
		}
		if empty > 0 {
			row += strconv.Itoa(empty)
		}
		rows = append(rows, row)
	}
	taken := strings.TrimSuffix(strings.Repeat("0,", players), ",")
	p, err := ParsePosition(testRules, table+" "+strings.Join(rows, "/")+" 1 0 "+cards+" "+taken)
	require.NoError(t, err)
	return p
}

func mv(t testing.TB, p *Position, text string) Move {
	t.Helper()
	m, err := ParseMove(p.Board(), text)
	require.NoError(t, err)
	return m
}

// occupant names what stands on a cell: a colour letter or '.'.
func occupant(p *Position, cell string) string {
	c, err := p.Board().ParseCell(cell)
	if err != nil {
		return "?"
	}
	if col, ok := p.At(c); ok {
		return string(p.Rules().Letter(col))
	}
	return "."
}

func legalTexts(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, m.Format(p.Board()))
	}
	return out
}
