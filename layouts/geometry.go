package layouts

import (
	"fmt"
	"math"
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
