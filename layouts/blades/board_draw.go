package blades

import (
	"fmt"
	"math"
	"strconv"

	"github.com/ninjakit/ninjakit/layouts"
)

// boardArt draws a sheet's board with its furniture on any Canvas: the
// setup sheet prints it, the phone shows the same drawing.
type boardArt struct {
	p layouts.Canvas
	s *Sheet
	f BoardFrame
}

// DrawBoard draws s's board in frame f: cells, out-of-play shading,
// ninjas, coordinates, the Buddha end and the seat names on their edges,
// exactly as the setup sheet prints them.
func DrawBoard(p layouts.Canvas, f BoardFrame, s *Sheet) { boardArt{p: p, s: s, f: f}.draw() }

func (r boardArt) draw() {
	r.board()
	r.seatTags()
}

func (r boardArt) fill(c [3]int)  { r.p.SetFillColor(c[0], c[1], c[2]) }
func (r boardArt) draw3(c [3]int) { r.p.SetDrawColor(c[0], c[1], c[2]) }
func (r boardArt) ink(c [3]int)   { r.p.SetTextColor(c[0], c[1], c[2]) }

// board draws cells, out-of-play shading, ninjas, coordinates and the Buddha end.
func (r boardArt) board() {
	p, f, s := r.p, r.f, r.s
	g := f.Grid
	r.fill([3]int{255, 255, 255})
	p.Rect(g.X, g.Y, g.W, g.H, "F")
	for row, line := range s.Board {
		for col := 0; col < len(line); col++ {
			if line[col] == CellOutOfPlay {
				r.hatch(g.CellRect(col, row))
			}
		}
	}
	// Grid lines, then the frame on top.
	r.draw3(ruleRGB)
	p.SetLineWidth(0.2)
	layouts.RuleGrid(p, g)
	r.draw3(inkRGB)
	p.SetLineWidth(boardFrameLine)
	p.Rect(g.X, g.Y, g.W, g.H, "D")
	if s.Join > 0 {
		// The House and the extension are separate boards: a heavy line,
		// reaching into the label bands, shows where they meet.
		x := g.X + float64(s.Join)*g.Cell
		p.SetLineWidth(1.2)
		p.Line(x, g.Y-boardLabel*0.6, x, g.Bottom()+boardLabel*0.6)
	}

	r.outOfPlayLabels()

	discR := g.Cell * 0.4
	for row, line := range s.Board {
		for col := 0; col < len(line); col++ {
			if c := line[col]; c != CellEmpty && c != CellOutOfPlay {
				cr := g.CellRect(col, row)
				r.ninja(cr.Center(), discR, c)
			}
		}
	}

	layouts.SetFont(p, layouts.FontSans, "", math.Min(9, g.Cell*0.75))
	r.ink(softInkRGB)
	for col := 0; col < g.Cols; col++ {
		x := g.X + (float64(col)+0.5)*g.Cell
		lab := string(s.ColLabels[col])
		layouts.TextCentered(p, x, f.ColsTop.Center().Y, lab)
		layouts.TextCentered(p, x, f.ColsBottom.Center().Y, lab)
	}
	for row := 0; row < g.Rows; row++ {
		y := g.Y + (float64(row)+0.5)*g.Cell
		lab := strconv.Itoa(g.Rows - row)
		layouts.TextCentered(p, f.RowsLeft.Center().X, y, lab)
		layouts.TextCentered(p, f.RowsRight.Center().X, y, lab)
	}

	if !f.Buddha.Empty() {
		drawBuddha(p, f.Buddha, s.Buddha)
	}
}

// seatTags names, on each edge of the board, the seat who sits there, turned
// to be read from that seat.
func (r boardArt) seatTags() {
	p := r.p
	for _, t := range SeatTags(r.f, len(r.s.Seats)) {
		st := r.s.Seats[t.Seat-1]
		label := fmt.Sprintf("Seat %d: %s", t.Seat, r.s.dojo(st.Dojo).Name)
		if t.Seat == r.s.FirstSeat {
			label += " (plays first)"
		}
		c := t.Rect.Center()
		angle := map[Edge]float64{EdgeBottom: 0, EdgeRight: 90, EdgeTop: 180, EdgeLeft: -90}[t.Edge]
		layouts.SetFont(p, layouts.FontSans, "B", 8)
		discR := 1.7
		w := layouts.TextWidth(p, label) + 2*discR + 1.5
		p.TransformBegin()
		p.TransformRotate(angle, c.X, c.Y)
		r.ninja(layouts.Point{X: c.X - w/2 + discR, Y: c.Y}, discR, st.Dojo)
		layouts.SetFont(p, layouts.FontSans, "B", 8)
		r.ink(inkRGB)
		layouts.TextAt(p, c.X-w/2+2*discR+1.5, c.Y+1.1, label)
		p.TransformEnd()
	}
}

// hatch shades an out-of-play cell grey with diagonal lines; the lines use
// page coordinates so they continue across neighbouring cells.
func (r boardArt) hatch(c layouts.Rect) {
	p := r.p
	r.fill(outOfPlayBG)
	p.Rect(c.X, c.Y, c.W, c.H, "F")
	p.ClipRect(c.X, c.Y, c.W, c.H, false)
	r.draw3([3]int{165, 165, 165})
	p.SetLineWidth(0.25)
	const step = 2.2
	// Lines x - y = k*step crossing the cell.
	for k := math.Floor((c.X - c.Bottom()) / step); k*step <= c.Right()-c.Y; k++ {
		d := k * step
		p.Line(c.Y+d, c.Y, c.Bottom()+d, c.Bottom())
	}
	p.ClipEnd()
}

// outOfPlayLabels labels every run of whole columns that is out of play.
func (r boardArt) outOfPlayLabels() {
	p, g, s := r.p, r.f.Grid, r.s
	full := func(col int) bool {
		for _, line := range s.Board {
			if line[col] != CellOutOfPlay {
				return false
			}
		}
		return true
	}
	for col := 0; col < g.Cols; {
		if !full(col) {
			col++
			continue
		}
		start := col
		for col < g.Cols && full(col) {
			col++
		}
		run := layouts.Rect{X: g.X + float64(start)*g.Cell, Y: g.Y, W: float64(col-start) * g.Cell, H: g.H}
		layouts.SetFont(p, layouts.FontSans, "B", 9)
		const label = "OUT OF PLAY"
		w, h := layouts.TextWidth(p, label)+3, 5.0
		c := run.Center()
		rotate := w > run.W-2
		if rotate {
			w, h = h, w
		}
		r.fill([3]int{255, 255, 255})
		r.draw3(inkRGB)
		p.SetLineWidth(0.25)
		p.Rect(c.X-w/2, c.Y-h/2, w, h, "FD")
		r.ink(inkRGB)
		if rotate {
			p.TransformBegin()
			p.TransformRotate(90, c.X, c.Y)
			layouts.TextCentered(p, c.X, c.Y, label)
			p.TransformEnd()
		} else {
			layouts.TextCentered(p, c.X, c.Y, label)
		}
	}
}

// ninja draws the disc of the dojo with this letter (see drawNinja).
func (r boardArt) ninja(c layouts.Point, rad float64, letter byte) {
	drawNinja(r.p, c, rad, r.s.dojo(letter))
}
