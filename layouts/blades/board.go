package blades

import (
	"fmt"
	"math"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

// Sizes of the furniture around a printed board, in millimetres.
const (
	boardLabel     = 5   // band for column letters / row numbers
	seatBand       = 5   // band outside the labels naming who sits at each edge
	buddhaBand     = 8   // band marking the Buddha end of the temple
	buddhaGap      = 1.5 // between the Buddha band and the row numbers
	minBoardCell   = 7   // below this ninja letters are no longer legible
	maxHouseCell   = 16  // larger cells would leave the seat list too little room
	boardFrameLine = 0.5
)

// BoardFrame places a board and what is printed around it: column letters
// above and below, row numbers left and right, optionally the Buddha band
// outside the row numbers on one side, and outermost on every side a band
// that says which seat sits at that edge.
type BoardFrame struct {
	Grid                layouts.Grid
	ColsTop, ColsBottom layouts.Rect
	RowsLeft, RowsRight layouts.Rect
	Buddha              layouts.Rect // empty when there is no Buddha end
	Edges               [4]layouts.Rect
	Outer               layouts.Rect // bounding box of all the above
}

// Edge is a side of the board as the sheet shows it.
type Edge int

// The board's edges, in the order seats go round it: anticlockwise from the
// reader's side, the way Flying Blades play passes.
const (
	EdgeBottom Edge = iota
	EdgeRight
	EdgeTop
	EdgeLeft
)

func (e Edge) String() string { return [...]string{"bottom", "right", "top", "left"}[e] }

// LayoutBoard fits a board frame into box, centred horizontally and top
// aligned (the space below is handed to whatever comes next). buddha is "",
// "left" or "right".
func LayoutBoard(box layouts.Rect, cols, rows int, buddha string, maxCell float64) (BoardFrame, error) {
	if cols <= 0 || rows <= 0 {
		return BoardFrame{}, fmt.Errorf("board %dx%d: needs at least one column and one row", cols, rows)
	}
	var band float64
	switch buddha {
	case "":
	case "left", "right":
		band = buddhaBand + buddhaGap
	default:
		return BoardFrame{}, fmt.Errorf("buddha side %q: want \"\", \"left\" or \"right\"", buddha)
	}
	frame := float64(boardLabel + seatBand)
	cell := math.Min((box.W-2*frame-band)/float64(cols), (box.H-2*frame)/float64(rows))
	if maxCell > 0 {
		cell = math.Min(cell, maxCell)
	}
	if cell < minBoardCell {
		return BoardFrame{}, fmt.Errorf("board %dx%d does not fit in %.0f x %.0f mm (cells would be %.1f mm, need %d)",
			cols, rows, box.W, box.H, cell, minBoardCell)
	}
	gw, gh := cell*float64(cols), cell*float64(rows)
	outer := layouts.Rect{W: gw + 2*frame + band, H: gh + 2*frame}
	outer.X = box.X + (box.W-outer.W)/2
	outer.Y = box.Y
	gx := outer.X + frame
	if buddha == "left" {
		gx += band
	}
	gy := outer.Y + frame
	f := BoardFrame{
		Grid:       layouts.Grid{Rect: layouts.Rect{X: gx, Y: gy, W: gw, H: gh}, Cols: cols, Rows: rows, Cell: cell},
		ColsTop:    layouts.Rect{X: gx, Y: gy - boardLabel, W: gw, H: boardLabel},
		ColsBottom: layouts.Rect{X: gx, Y: gy + gh, W: gw, H: boardLabel},
		RowsLeft:   layouts.Rect{X: gx - boardLabel, Y: gy, W: boardLabel, H: gh},
		RowsRight:  layouts.Rect{X: gx + gw, Y: gy, W: boardLabel, H: gh},
		Outer:      outer,
	}
	f.Edges[EdgeBottom] = layouts.Rect{X: gx, Y: outer.Bottom() - seatBand, W: gw, H: seatBand}
	f.Edges[EdgeTop] = layouts.Rect{X: gx, Y: outer.Y, W: gw, H: seatBand}
	f.Edges[EdgeLeft] = layouts.Rect{X: outer.X, Y: gy, W: seatBand, H: gh}
	f.Edges[EdgeRight] = layouts.Rect{X: outer.Right() - seatBand, Y: gy, W: seatBand, H: gh}
	switch buddha {
	case "left":
		f.Buddha = layouts.Rect{X: outer.X + seatBand, Y: gy, W: buddhaBand, H: gh}
	case "right":
		f.Buddha = layouts.Rect{X: outer.Right() - seatBand - buddhaBand, Y: gy, W: buddhaBand, H: gh}
	}
	return f, nil
}

// SeatEdges is the edge of the board each of n seats sits at, in turn
// order (see SeatTags); every view of the board uses it, printed or not.
func SeatEdges(n int) []Edge {
	switch n {
	case 1:
		return []Edge{EdgeBottom}
	case 2:
		return []Edge{EdgeBottom, EdgeTop}
	case 3:
		return []Edge{EdgeBottom, EdgeRight, EdgeTop}
	case 4:
		return []Edge{EdgeBottom, EdgeRight, EdgeTop, EdgeLeft}
	}
	return []Edge{EdgeBottom, EdgeRight, EdgeTop, EdgeTop, EdgeLeft}
}

// SeatEdgesLine says in words where each seat sits, given the seats'
// colour names in turn order; every text view of a board prints it so it
// reads like the printed sheet.
func SeatEdgesLine(colours []string) string {
	edges := SeatEdges(len(colours))
	parts := make([]string, len(edges))
	for i, e := range edges {
		where := e.String()
		if len(edges) >= 5 && e == EdgeTop {
			// Anticlockwise runs right to left along the top edge.
			where = map[bool]string{true: "top right", false: "top left"}[i == 2]
		}
		parts[i] = fmt.Sprintf("%d %s %s", i+1, colours[i], where)
	}
	return "Seats at the board's edges: " + strings.Join(parts, ", ") + "."
}

// SeatTag is where one seat's name goes on the board's frame.
type SeatTag struct {
	Seat int // 1-based, in turn order
	Edge Edge
	Rect layouts.Rect // inside the edge's band
}

// SeatTags puts n seats round the board in turn order, seat 1 on the
// reader's edge and the others anticlockwise, so the printed board can be
// laid on the table with each player at their edge. Five seats put two on
// the top edge, seat 3 on the right half (anticlockwise runs right to left
// there).
func SeatTags(f BoardFrame, n int) []SeatTag {
	edges := SeatEdges(n)
	tags := make([]SeatTag, 0, len(edges))
	for i, e := range edges {
		r := f.Edges[e]
		if n >= 5 && e == EdgeTop {
			half := r.W / 2
			if i == 2 {
				r = layouts.Rect{X: r.X + half, Y: r.Y, W: half, H: r.H}
			} else {
				r = layouts.Rect{X: r.X, Y: r.Y, W: half, H: r.H}
			}
		}
		tags = append(tags, SeatTag{Seat: i + 1, Edge: e, Rect: r})
	}
	return tags
}

// SeatNodes places n seats evenly on a circle of radius r around c, seat 0 at
// the bottom (nearest the reader) and the following seats anticlockwise, the
// direction Flying Blades play passes in (to each player's right).
func SeatNodes(c layouts.Point, r float64, n int) []layouts.Point {
	pts := make([]layouts.Point, n)
	for i := range pts {
		a := -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		// Page y grows downwards, so anticlockwise on paper subtracts sin.
		pts[i] = layouts.Point{X: c.X + r*math.Cos(a), Y: c.Y - r*math.Sin(a)}
	}
	return pts
}

// Arrow is a straight arrow: a shaft from Start to End and a triangular head
// whose tip touches the target.
type Arrow struct {
	Start, End layouts.Point    // shaft; End is the middle of the head's base
	Head       [3]layouts.Point // tip, then the two base corners
}

// ArrowBetween draws from the edge of a disc of radius rFrom at from to the
// edge of a disc of radius rTo at to, with a head of the given length (its
// base is 0.9 times as wide). ok is false when the discs leave no room.
func ArrowBetween(from, to layouts.Point, rFrom, rTo, head float64) (a Arrow, ok bool) {
	dx, dy := to.X-from.X, to.Y-from.Y
	d := math.Hypot(dx, dy)
	if d <= rFrom+rTo+head {
		return Arrow{}, false
	}
	ux, uy := dx/d, dy/d
	tip := layouts.Point{X: to.X - ux*rTo, Y: to.Y - uy*rTo}
	base := layouts.Point{X: tip.X - ux*head, Y: tip.Y - uy*head}
	hw := head * 0.45
	return Arrow{
		Start: layouts.Point{X: from.X + ux*rFrom, Y: from.Y + uy*rFrom},
		End:   base,
		Head:  [3]layouts.Point{tip, {X: base.X - uy*hw, Y: base.Y + ux*hw}, {X: base.X + uy*hw, Y: base.Y - ux*hw}},
	}, true
}
