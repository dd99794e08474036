package layouts

import (
	"fmt"
	"math"
	"strings"
)

// Rect is an axis-aligned box in millimetres, origin top-left, y down (as gofpdf).
type Rect struct{ X, Y, W, H float64 }

// Point is a position in millimetres.
type Point struct{ X, Y float64 }

// Right returns the x coordinate of the right edge.
func (r Rect) Right() float64 { return r.X + r.W }

// Bottom returns the y coordinate of the bottom edge.
func (r Rect) Bottom() float64 { return r.Y + r.H }

// Center returns the middle of r.
func (r Rect) Center() Point { return Point{r.X + r.W/2, r.Y + r.H/2} }

// Inset shrinks r by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Contains reports whether o lies inside r (edges included, with 1 µm slack
// so that boxes computed by adding widths still count as inside).
func (r Rect) Contains(o Rect) bool {
	const eps = 1e-3
	return o.X >= r.X-eps && o.Y >= r.Y-eps && o.Right() <= r.Right()+eps && o.Bottom() <= r.Bottom()+eps
}

// Overlaps reports whether r and o share any area.
func (r Rect) Overlaps(o Rect) bool {
	const eps = 1e-3
	return r.X < o.Right()-eps && o.X < r.Right()-eps && r.Y < o.Bottom()-eps && o.Y < r.Bottom()-eps
}

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Grid is a board of Cols x Rows square cells; row 0 is the top row.
type Grid struct {
	Rect
	Cols, Rows int
	Cell       float64
}

// FitGrid fits a cols x rows board of square cells into box, as large as
// possible but no larger than maxCell (0: no limit), centred in box.
func FitGrid(box Rect, cols, rows int, maxCell float64) (Grid, error) {
	if cols <= 0 || rows <= 0 {
		return Grid{}, fmt.Errorf("grid %dx%d: needs at least one column and one row", cols, rows)
	}
	cell := math.Min(box.W/float64(cols), box.H/float64(rows))
	if maxCell > 0 {
		cell = math.Min(cell, maxCell)
	}
	if !(cell > 0) {
		return Grid{}, fmt.Errorf("grid %dx%d: box %.1f x %.1f mm has no room", cols, rows, box.W, box.H)
	}
	w, h := cell*float64(cols), cell*float64(rows)
	return Grid{
		Rect: Rect{box.X + (box.W-w)/2, box.Y + (box.H-h)/2, w, h},
		Cols: cols, Rows: rows, Cell: cell,
	}, nil
}

// CellRect is the square of the cell in column col, row row (row 0 at top).
func (g Grid) CellRect(col, row int) Rect {
	return Rect{g.X + float64(col)*g.Cell, g.Y + float64(row)*g.Cell, g.Cell, g.Cell}
}

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
	Grid                Grid
	ColsTop, ColsBottom Rect
	RowsLeft, RowsRight Rect
	Buddha              Rect // empty when there is no Buddha end
	Edges               [4]Rect
	Outer               Rect // bounding box of all the above
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
func LayoutBoard(box Rect, cols, rows int, buddha string, maxCell float64) (BoardFrame, error) {
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
	outer := Rect{W: gw + 2*frame + band, H: gh + 2*frame}
	outer.X = box.X + (box.W-outer.W)/2
	outer.Y = box.Y
	gx := outer.X + frame
	if buddha == "left" {
		gx += band
	}
	gy := outer.Y + frame
	f := BoardFrame{
		Grid:       Grid{Rect: Rect{gx, gy, gw, gh}, Cols: cols, Rows: rows, Cell: cell},
		ColsTop:    Rect{gx, gy - boardLabel, gw, boardLabel},
		ColsBottom: Rect{gx, gy + gh, gw, boardLabel},
		RowsLeft:   Rect{gx - boardLabel, gy, boardLabel, gh},
		RowsRight:  Rect{gx + gw, gy, boardLabel, gh},
		Outer:      outer,
	}
	f.Edges[EdgeBottom] = Rect{gx, outer.Bottom() - seatBand, gw, seatBand}
	f.Edges[EdgeTop] = Rect{gx, outer.Y, gw, seatBand}
	f.Edges[EdgeLeft] = Rect{outer.X, gy, seatBand, gh}
	f.Edges[EdgeRight] = Rect{outer.Right() - seatBand, gy, seatBand, gh}
	switch buddha {
	case "left":
		f.Buddha = Rect{outer.X + seatBand, gy, buddhaBand, gh}
	case "right":
		f.Buddha = Rect{outer.Right() - seatBand - buddhaBand, gy, buddhaBand, gh}
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
	Rect Rect // inside the edge's band
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
				r = Rect{r.X + half, r.Y, half, r.H}
			} else {
				r = Rect{r.X, r.Y, half, r.H}
			}
		}
		tags = append(tags, SeatTag{Seat: i + 1, Edge: e, Rect: r})
	}
	return tags
}

// SeatNodes places n seats evenly on a circle of radius r around c, seat 0 at
// the bottom (nearest the reader) and the following seats anticlockwise, the
// direction Flying Blades play passes in (to each player's right).
func SeatNodes(c Point, r float64, n int) []Point {
	pts := make([]Point, n)
	for i := range pts {
		a := -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		// Page y grows downwards, so anticlockwise on paper subtracts sin.
		pts[i] = Point{c.X + r*math.Cos(a), c.Y - r*math.Sin(a)}
	}
	return pts
}

// Arrow is a straight arrow: a shaft from Start to End and a triangular head
// whose tip touches the target.
type Arrow struct {
	Start, End Point    // shaft; End is the middle of the head's base
	Head       [3]Point // tip, then the two base corners
}

// ArrowBetween draws from the edge of a disc of radius rFrom at from to the
// edge of a disc of radius rTo at to, with a head of the given length (its
// base is 0.9 times as wide). ok is false when the discs leave no room.
func ArrowBetween(from, to Point, rFrom, rTo, head float64) (a Arrow, ok bool) {
	dx, dy := to.X-from.X, to.Y-from.Y
	d := math.Hypot(dx, dy)
	if d <= rFrom+rTo+head {
		return Arrow{}, false
	}
	ux, uy := dx/d, dy/d
	tip := Point{to.X - ux*rTo, to.Y - uy*rTo}
	base := Point{tip.X - ux*head, tip.Y - uy*head}
	hw := head * 0.45
	return Arrow{
		Start: Point{from.X + ux*rFrom, from.Y + uy*rFrom},
		End:   base,
		Head:  [3]Point{tip, {base.X - uy*hw, base.Y + ux*hw}, {base.X + uy*hw, base.Y - ux*hw}},
	}, true
}

// Placed is a box put on a page by a flow layout; Page counts from 0.
type Placed struct {
	Page int
	Rect Rect
}

// FlowRows places boxes of the given heights in rows of cols equal-width
// columns (reading order: left to right, then down), starting a new page when
// a row does not fit. Every box in a row gets the row's height so frames line
// up. first is the area on the first page, rest the area on every following
// page (so a first page can start below a heading).
func FlowRows(first, rest Rect, cols int, gap float64, heights []float64) ([]Placed, error) {
	if cols <= 0 {
		return nil, fmt.Errorf("flow: %d columns", cols)
	}
	out := make([]Placed, 0, len(heights))
	page, area := 0, first
	y := area.Y
	for i := 0; i < len(heights); i += cols {
		row := heights[i:min(i+cols, len(heights))]
		rh := 0.0
		for _, h := range row {
			rh = math.Max(rh, h)
		}
		if rh > rest.H+1e-9 {
			return nil, fmt.Errorf("flow: a box %.0f mm tall does not fit on a page (%.0f mm)", rh, rest.H)
		}
		if y+rh > area.Bottom()+1e-9 {
			page, area = page+1, rest
			y = area.Y
		}
		w := (area.W - gap*float64(cols-1)) / float64(cols)
		for j := range row {
			out = append(out, Placed{Page: page, Rect: Rect{area.X + float64(j)*(w+gap), y, w, rh}})
		}
		y += rh + gap
	}
	return out, nil
}

// TextOnFill reports whether black text reads better than white on a fill of
// the given sRGB colour, by WCAG contrast (which also predicts greyscale print).
func TextOnFill(rgb [3]int) (black bool) {
	l := relativeLuminance(rgb)
	return (l+0.05)/0.05 >= 1.05/(l+0.05)
}

func relativeLuminance(rgb [3]int) float64 {
	lin := func(v int) float64 {
		c := float64(min(max(v, 0), 255)) / 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(rgb[0]) + 0.7152*lin(rgb[1]) + 0.0722*lin(rgb[2])
}
