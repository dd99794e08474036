package squad

import (
	"fmt"
	"math"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// Cell is a tile relative to the ninja's tile: X grows to the right and Y
// forward, the way the card's arrow points.
type Cell struct{ X, Y int }

// StepMove is the tile offset of one route step and whether it is a leap
// (J + direction: two tiles away without touching the one between).
func StepMove(step string) (Cell, bool, error) {
	leap := len(step) > 1 && step[0] == 'J'
	dir := step
	if leap {
		dir = step[1:]
	}
	var d Cell
	switch dir {
	case "F":
		d = Cell{0, 1}
	case "B":
		d = Cell{0, -1}
	case "L":
		d = Cell{-1, 0}
	case "R":
		d = Cell{1, 0}
	case "FL":
		d = Cell{-1, 1}
	case "FR":
		d = Cell{1, 1}
	case "BL":
		d = Cell{-1, -1}
	case "BR":
		d = Cell{1, -1}
	default:
		return Cell{}, false, fmt.Errorf("route step %q: use F, B, L, R, FL, FR, BL, BR, or J before one of them", step)
	}
	if leap {
		d = Cell{2 * d.X, 2 * d.Y}
	}
	return d, leap, nil
}

// RouteCells walks a route: cells[0] is the ninja's tile {0, 0} and
// cells[i] the tile step i lands on; lo and hi bound every tile the route
// lands on or leaps over.
func RouteCells(steps []string) (cells []Cell, lo, hi Cell, err error) {
	at := Cell{}
	cells = []Cell{at}
	for _, st := range steps {
		d, _, err := StepMove(st)
		if err != nil {
			return nil, Cell{}, Cell{}, err
		}
		at = Cell{at.X + d.X, at.Y + d.Y}
		cells = append(cells, at)
		lo = Cell{min(lo.X, at.X), min(lo.Y, at.Y)}
		hi = Cell{max(hi.X, at.X), max(hi.Y, at.Y)}
	}
	return cells, lo, hi, nil
}

// RouteGeometry is where DrawRoute puts a route inside its box.
type RouteGeometry struct {
	Arrow layouts.Rect // the forward arrow, above the tiles
	Grid  layouts.Grid // the tiles, hi.Y in the top row and lo.X on the left
	Lo    Cell
	Hi    Cell
}

// Cell returns the square of tile c.
func (g RouteGeometry) Cell(c Cell) layouts.Rect {
	return g.Grid.CellRect(c.X-g.Lo.X, g.Hi.Y-c.Y)
}

// Route picture proportions: the arrow takes a strip at the top, and a
// tile is never wider than a third of the box so that a one-step route is
// drawn at the same scale as a typical three-tile one.
const (
	routeArrowShare = 0.16 // of the box height
	routeGapShare   = 0.04 // between arrow and tiles
	routeMaxTiles   = 3
)

// RouteLayout places the arrow and the tiles for steps inside box.
func RouteLayout(box layouts.Rect, steps []string) (RouteGeometry, error) {
	_, lo, hi, err := RouteCells(steps)
	if err != nil {
		return RouteGeometry{}, err
	}
	if box.Empty() {
		return RouteGeometry{}, fmt.Errorf("route box %.1f x %.1f mm has no room", box.W, box.H)
	}
	// The tiles get what the arrow leaves at most; the arrow then shrinks
	// to suit the tiles and sits just above them, the pair centred in box.
	avail := box.H * (1 - routeArrowShare - routeGapShare)
	cols, rows := hi.X-lo.X+1, hi.Y-lo.Y+1
	fit, err := layouts.FitGrid(layouts.Rect{X: box.X, Y: box.Y, W: box.W, H: avail}, cols, rows, math.Min(box.W, avail)/routeMaxTiles)
	if err != nil {
		return RouteGeometry{}, err
	}
	cell := fit.Cell
	arrowH := math.Min(box.H*routeArrowShare, cell*0.9)
	gap := arrowH * routeGapShare / routeArrowShare
	top := box.Y + (box.H-arrowH-gap-float64(rows)*cell)/2
	grid := layouts.Grid{Rect: layouts.Rect{X: fit.X, Y: top + arrowH + gap, W: fit.W, H: fit.H}, Cols: cols, Rows: rows, Cell: cell}
	aw := math.Min(arrowH*1.4, box.W)
	arrow := layouts.Rect{X: box.X + (box.W-aw)/2, Y: top, W: aw, H: arrowH}
	return RouteGeometry{Arrow: arrow, Grid: grid, Lo: lo, Hi: hi}, nil
}

// Route colours: the start tile is red as on the printed cards; in
// greyscale it still reads as the one dark tile among light ones.
var (
	routeStart = [3]int{200, 32, 40}
	routeTile  = [3]int{232, 232, 228}
	routeEdge  = [3]int{150, 150, 150}
	routeInk   = [3]int{30, 30, 34}
	routeWhite = [3]int{255, 255, 255}
)

// DrawRoute draws a route inside box: the tiles it needs, the ninja's
// tile in red, a line from tile to tile with each landing numbered in
// order, a leap as an arc over the tile it skips, and an arrow at the top
// pointing forward. An unknown step or an empty box sets the pdf's error.
func DrawRoute(pdf layouts.Canvas, box layouts.Rect, steps []string) {
	g, err := RouteLayout(box, steps)
	if err != nil {
		pdf.SetErrorf("%v", err)
		return
	}
	cells, _, _, _ := RouteCells(steps)
	s := g.Grid.Cell
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
	defer func() {
		pdf.SetLineCapStyle("butt")
		pdf.SetLineJoinStyle("miter")
	}()

	// Tiles.
	pdf.SetLineWidth(math.Max(0.1, s*0.04))
	pdf.SetDrawColor(routeEdge[0], routeEdge[1], routeEdge[2])
	for row := range g.Grid.Rows {
		for col := range g.Grid.Cols {
			r := g.Grid.CellRect(col, row)
			fill := routeTile
			if col == -g.Lo.X && row == g.Hi.Y {
				fill = routeStart
			}
			pdf.SetFillColor(fill[0], fill[1], fill[2])
			pdf.Rect(r.X, r.Y, r.W, r.H, "FD")
		}
	}

	// Path: straight lines for steps, arcs for leaps.
	pdf.SetLineWidth(s * 0.11)
	pdf.SetDrawColor(routeInk[0], routeInk[1], routeInk[2])
	for i, st := range steps {
		a, b := g.Cell(cells[i]).Center(), g.Cell(cells[i+1]).Center()
		if _, leap, _ := StepMove(st); leap {
			c := leapControl(a, b, s)
			pdf.Curve(a.X, a.Y, c.X, c.Y, b.X, b.Y, "D")
			continue
		}
		pdf.Line(a.X, a.Y, b.X, b.Y)
	}

	// Landings, numbered in order.
	r := s * 0.33
	pt := s * 0.42 / (layouts.PtToMM * layouts.CapHeight)
	layouts.SetFont(pdf, layouts.FontSans, "B", pt)
	pdf.SetLineWidth(math.Max(0.1, s*0.06))
	pdf.SetFillColor(routeWhite[0], routeWhite[1], routeWhite[2])
	pdf.SetTextColor(routeInk[0], routeInk[1], routeInk[2])
	for i, c := range cells[1:] {
		p := g.Cell(c).Center()
		pdf.Circle(p.X, p.Y, r, "FD")
		layouts.TextCentered(pdf, p.X, p.Y, fmt.Sprint(i+1))
	}

	drawForward(pdf, g.Arrow, routeInk)
}

// leapControl is the control point of the quadratic curve a leap from
// centre a to centre b is drawn as: 0.8 tile off the skipped tile's
// centre, square to the leap, so the arc peaks 0.4 tile from that centre,
// over the skipped tile and inside it.
func leapControl(a, b layouts.Point, cell float64) layouts.Point {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	off := 0.8 * cell
	return layouts.Point{X: (a.X+b.X)/2 + dy/l*off, Y: (a.Y+b.Y)/2 - dx/l*off}
}

// drawForward draws an arrow pointing up (the way of play) filling box.
func drawForward(pdf layouts.Canvas, box layouts.Rect, c [3]int) {
	cx := box.X + box.W/2
	head := box.H * 0.55
	shaft := box.W * 0.14
	pdf.SetFillColor(c[0], c[1], c[2])
	pdf.Polygon([]gofpdf.PointType{
		{X: cx, Y: box.Y},
		{X: box.Right(), Y: box.Y + head},
		{X: cx + shaft, Y: box.Y + head},
		{X: cx + shaft, Y: box.Bottom()},
		{X: cx - shaft, Y: box.Bottom()},
		{X: cx - shaft, Y: box.Y + head},
		{X: box.X, Y: box.Y + head},
	}, "F")
}
