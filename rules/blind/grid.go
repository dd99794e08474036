package blind

import (
	"fmt"
	"strconv"
	"strings"
)

// Facing is the way a ninja points. North is towards higher row numbers,
// East towards later column letters.
type Facing uint8

// The four facings, clockwise.
const (
	North Facing = iota
	East
	South
	West
)

var facingNames = [...]string{"north", "east", "south", "west"}

// String is the facing's full name.
func (f Facing) String() string { return facingNames[f] }

// Letter is the one-letter form orders and positions use.
func (f Facing) Letter() string { return facingNames[f][:1] }

// Arrow draws the facing on a grid.
func (f Facing) Arrow() string { return [...]string{"^", ">", "v", "<"}[f] }

// ParseFacing reads n, e, s, w or the full names, in any case.
func ParseFacing(s string) (Facing, error) {
	s = strings.ToLower(s)
	for i, n := range facingNames {
		if s != "" && (s == n || s == n[:1]) {
			return Facing(i), nil
		}
	}
	return 0, fmt.Errorf("facing %q: choose n, e, s or w", s)
}

// Opposite is the facing turned round: a seat's ninjas face the opposite
// of their home edge.
func (f Facing) Opposite() Facing { return (f + 2) % 4 }

// step is the column and row change of one square ahead.
func (f Facing) step() (dc, dr int) {
	return [...]int{0, 1, 0, -1}[f], [...]int{1, 0, -1, 0}[f]
}

// Square is one grid square, 0-based: column A is 0, row 1 is 0.
type Square struct{ Col, Row int }

// String is the label players read: column letter, row number ("B3").
func (q Square) String() string { return string(rune('A'+q.Col)) + strconv.Itoa(q.Row+1) }

// ParseSquare reads a label such as b3 or B-3; whether the square is on the
// grid is for the game to say.
func ParseSquare(s string) (Square, error) {
	t := strings.ReplaceAll(strings.ToUpper(strings.TrimSpace(s)), "-", "")
	if len(t) < 2 || t[0] < 'A' || t[0] > 'Z' {
		return Square{}, fmt.Errorf("square %q: write a column letter and a row number, as b3", s)
	}
	r, err := strconv.Atoi(t[1:])
	if err != nil || r < 1 || r > 26 || t[1] == '+' {
		return Square{}, fmt.Errorf("square %q: write a column letter and a row number, as b3", s)
	}
	return Square{Col: int(t[0] - 'A'), Row: r - 1}, nil
}

// Ahead is the square in front of q facing f.
func (q Square) Ahead(f Facing) Square {
	dc, dr := f.step()
	return Square{q.Col + dc, q.Row + dr}
}

// less orders squares by label: column, then row.
func (q Square) less(o Square) bool {
	return q.Col < o.Col || q.Col == o.Col && q.Row < o.Row
}

// Grid is the room's size: 4 columns (A-D) by 8 rows for two players (W-1),
// 8 by 8 for three or four.
type Grid struct{ Cols, Rows int }

// GridFor is the grid a number of players plays on.
func GridFor(players int) Grid {
	if players == 2 {
		return Grid{Cols: 4, Rows: 8}
	}
	return Grid{Cols: 8, Rows: 8}
}

func (g Grid) String() string { return fmt.Sprintf("%dx%d", g.Cols, g.Rows) }

// On reports whether q lies on the grid.
func (g Grid) On(q Square) bool { return q.Col >= 0 && q.Col < g.Cols && q.Row >= 0 && q.Row < g.Rows }

// Side is the edge of the room a seat's ninjas start on (W-2): seats sit
// round the room in turn order, to the right of each other (W-3), so seat
// 1 has the south edge (row 1), then east, north and west; with two
// players seat 2 sits across, on the north edge.
func Side(players, seat int) Facing {
	if players == 2 {
		return [...]Facing{South, North}[seat]
	}
	return [...]Facing{South, East, North, West}[seat]
}

// Edge lists the squares of a side's edge in label order.
func (g Grid) Edge(side Facing) []Square {
	var out []Square
	switch side {
	case South, North:
		row := 0
		if side == North {
			row = g.Rows - 1
		}
		for c := range g.Cols {
			out = append(out, Square{c, row})
		}
	default:
		col := 0
		if side == East {
			col = g.Cols - 1
		}
		for r := range g.Rows {
			out = append(out, Square{col, r})
		}
	}
	return out
}
