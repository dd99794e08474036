package blind

import (
	"fmt"
	"math"

	"github.com/ninjakit/ninjakit/layouts"
)

// Page furniture sizes in mm.
const (
	headerH   = 16.0 // name and title band at the top of every page
	labelBand = 6.0  // main grid labels on each side
	mainMax   = 25.0 // a small Icehouse pyramid lying down fits a 25 mm square
	panelGap  = 6.0
	noteH     = 11.0 // two lines of advice above the log or the turn grids
	logHeadH  = 7.0
	logRowH   = 6.5 // room for a pencilled square label
	tallyRowH = 8.0
	tallyW    = 62.0
	smallBand = 4.0 // turn grid labels, left and bottom
	smallHead = 5.0 // "Turn N" above a turn grid
	smallMax  = 8.0
	smallMin  = 5.0 // below this a facing arrow no longer fits a square
	boxGap    = 5.0
)

// geometry is where everything sits, the same on every page of a kind.
type geometry struct {
	area, header layouts.Rect
	// Main page.
	main             layouts.Grid
	note, log, tally layouts.Rect
	logRows          int
	// Log pages: the slash log carried on over the whole body.
	logPage     layouts.Rect
	logPageRows int
	// Turn pages.
	turnNote      layouts.Rect
	small         float64 // side of a turn grid square
	across, down  int
	boxW, boxH    float64
	boxes         layouts.Rect // the block of turn grids
	players, cols int
}

func (g geometry) turnsPerPage() int { return g.across * g.down }

// layoutPage places the main page and the turn pages on paper.
func layoutPage(paper layouts.Paper, cols, rows, players int) (geometry, error) {
	g := geometry{area: layouts.FreeArea(paper), players: players, cols: cols}
	a := g.area
	g.header = layouts.Rect{X: a.X, Y: a.Y, W: a.W, H: headerH}
	body := layouts.Rect{X: a.X, Y: a.Y + headerH + 2, W: a.W, H: a.H - headerH - 2}

	var panel layouts.Rect
	if cols < rows {
		// A tall half board: grid on the left, log and tally beside it.
		box := layouts.Rect{X: body.X, Y: body.Y, W: body.W * 0.5, H: body.H}
		grid, err := layouts.FitGrid(box.Inset(labelBand), cols, rows, mainMax)
		if err != nil {
			return g, tooSmall(paper)
		}
		grid.X, grid.Y = box.X+labelBand, box.Y+labelBand
		g.main = grid
		x := grid.Right() + labelBand + panelGap
		panel = layouts.Rect{X: x, Y: body.Y, W: body.Right() - x, H: body.H}
		g.tally = layouts.Rect{X: panel.X, Y: panel.Y, W: panel.W, H: tallyRowH * float64(players+1)}
		g.note = layouts.Rect{X: panel.X, Y: g.tally.Bottom() + panelGap, W: panel.W, H: noteH + 6}
		g.log = layouts.Rect{X: panel.X, Y: g.note.Bottom() + 2, W: panel.W, H: panel.Bottom() - g.note.Bottom() - 2}
	} else {
		// A full board across the page, log and tally under it.
		box := layouts.Rect{X: body.X, Y: body.Y, W: body.W, H: body.H * 0.58}
		grid, err := layouts.FitGrid(box.Inset(labelBand), cols, rows, mainMax)
		if err != nil {
			return g, tooSmall(paper)
		}
		grid.Y = box.Y + labelBand
		g.main = grid
		y := grid.Bottom() + labelBand + 4
		panel = layouts.Rect{X: body.X, Y: y, W: body.W, H: body.Bottom() - y}
		g.note = layouts.Rect{X: panel.X, Y: panel.Y, W: panel.W, H: noteH}
		rest := layouts.Rect{X: panel.X, Y: g.note.Bottom() + 2, W: panel.W, H: panel.Bottom() - g.note.Bottom() - 2}
		g.tally = layouts.Rect{X: rest.Right() - tallyW, Y: rest.Y, W: tallyW, H: tallyRowH * float64(players+1)}
		g.log = layouts.Rect{X: rest.X, Y: rest.Y, W: rest.W - tallyW - panelGap, H: rest.H}
	}
	g.logRows = logRowsIn(g.log)
	if g.logRows < 4 {
		return g, tooSmall(paper)
	}
	g.logPage = body
	g.logPageRows = logRowsIn(body)

	// Turn pages: a fixed arrangement per board shape, squares as large as fit.
	g.across, g.down = 5, 3
	if cols == rows {
		g.across, g.down = 3, 4
	}
	g.turnNote = layouts.Rect{X: body.X, Y: body.Y, W: body.W, H: noteH}
	free := layouts.Rect{X: body.X, Y: g.turnNote.Bottom() + 2, W: body.W, H: body.Bottom() - g.turnNote.Bottom() - 2}
	byW := ((free.W+boxGap)/float64(g.across) - boxGap - smallBand) / float64(cols)
	byH := ((free.H+boxGap)/float64(g.down) - boxGap - smallHead - smallBand) / float64(rows)
	g.small = math.Floor(math.Min(smallMax, math.Min(byW, byH))*10) / 10
	if g.small < smallMin {
		return g, tooSmall(paper)
	}
	g.boxW = smallBand + float64(cols)*g.small
	g.boxH = smallHead + float64(rows)*g.small + smallBand
	// The block is spread across the width and set at the top.
	gapX := (free.W - float64(g.across)*g.boxW) / float64(g.across-1)
	gapX = math.Min(gapX, 3*boxGap)
	w := float64(g.across)*g.boxW + float64(g.across-1)*gapX
	gapY := math.Min((free.H-float64(g.down)*g.boxH)/float64(g.down-1), 2*boxGap)
	h := float64(g.down)*g.boxH + float64(g.down-1)*gapY
	g.boxes = layouts.Rect{X: free.X + (free.W-w)/2, Y: free.Y, W: w, H: h}
	return g, nil
}

// logRowsIn is how many rows a slash log drawn in r holds, under its title
// and column heads.
func logRowsIn(r layouts.Rect) int { return int((r.H - logHeadH - logRowH) / logRowH) }

func tooSmall(p layouts.Paper) error {
	return fmt.Errorf("paper %s: too small for the pads", p.Name)
}

// turnBox is the box (title, labels and grid) of the i-th turn grid on a page.
func (g geometry) turnBox(i int) layouts.Rect {
	col, row := i%g.across, i/g.across
	stepX, stepY := g.boxW, g.boxH
	if g.across > 1 {
		stepX = (g.boxes.W - g.boxW) / float64(g.across-1)
	}
	if g.down > 1 {
		stepY = (g.boxes.H - g.boxH) / float64(g.down-1)
	}
	return layouts.Rect{X: g.boxes.X + float64(col)*stepX, Y: g.boxes.Y + float64(row)*stepY, W: g.boxW, H: g.boxH}
}

// turnGrid is the squares of the i-th turn grid.
func (g geometry) turnGrid(i, cols, rows int) layouts.Grid {
	b := g.turnBox(i)
	return layouts.Grid{Rect: layouts.Rect{X: b.X + smallBand, Y: b.Y + smallHead, W: float64(cols) * g.small, H: float64(rows) * g.small},
		Cols: cols, Rows: rows, Cell: g.small}
}
