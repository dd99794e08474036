package blades

import (
	"fmt"
	"strconv"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// Printed board geometry, in millimetres.
const (
	// KitCell fits an 18 mm counter with room for fingers and for the cell
	// name in its corner.
	KitCell       = 21.0
	kitHeader     = 13  // board name and place
	kitBracket    = 5   // the 4-player bracket above and below the letters
	kitNote       = 9   // how to cut and join, under the board
	kitJoinMark   = 2.5 // how far a half-diamond reaches into the cell, and half its base
	kitJoinLine   = 1.2
	kitBuddhaSide = buddhaGap + buddhaBand
)

// Tile is the part of a board one page holds: columns Col..Col+Cols-1 and
// rows Row..Row+Rows-1 (row 0 at the top), its grid at Rect.
type Tile struct {
	Col, Row, Cols, Rows int
	Rect                 layouts.Rect
}

// TileBoard splits a cols x rows board of cell-sized squares into as few
// tiles as fit area, columns and rows shared out as evenly as they go; each
// tile's grid sits at area's top left. Every cell is on exactly one tile.
func TileBoard(cols, rows int, cell float64, area layouts.Rect) ([]Tile, error) {
	if cols <= 0 || rows <= 0 || !(cell > 0) {
		return nil, fmt.Errorf("board %dx%d with %.1f mm cells: nothing to tile", cols, rows, cell)
	}
	across, down := int(area.W/cell+1e-9), int(area.H/cell+1e-9)
	if across < 1 || down < 1 {
		return nil, fmt.Errorf("a %.1f mm cell does not fit in %.1f x %.1f mm", cell, area.W, area.H)
	}
	colSpans, rowSpans := spans(cols, across), spans(rows, down)
	var tiles []Tile
	for _, r := range rowSpans {
		for _, c := range colSpans {
			tiles = append(tiles, Tile{
				Col: c[0], Row: r[0], Cols: c[1], Rows: r[1],
				Rect: layouts.Rect{X: area.X, Y: area.Y, W: float64(c[1]) * cell, H: float64(r[1]) * cell},
			})
		}
	}
	return tiles, nil
}

// spans cuts n into the fewest runs of at most most, as even as they go,
// the longer runs first: {start, length} each.
func spans(n, most int) [][2]int {
	parts := (n + most - 1) / most
	var out [][2]int
	start := 0
	for i := range parts {
		l := n / parts
		if i < n%parts {
			l++
		}
		out = append(out, [2]int{start, l})
		start += l
	}
	return out
}

// boardPiece is the House or the extension: what is printed as one board,
// perhaps over several pages.
type boardPiece struct {
	Title, Place string
	Cols, Rows   int
	Labels       string // column letters, left to right, as the setup sheet names them
	Buddha       string // side of the Buddha band: the extension's far end
	Join         string // side that butts against the other piece
	Empty4       [2]int // columns [from, to) left empty in the 4-player game
	JoinNote     string
}

// pieceFurniture is the room a piece's page needs around the grid: the
// header, brackets and note, and the bands for letters, numbers and Buddha.
func pieceFurniture(bp boardPiece) (left, right, top, bottom float64) {
	top, bottom = kitHeader+kitBracket+boardLabel, boardLabel+kitBracket+kitNote
	left, right = boardLabel, boardLabel
	switch bp.Buddha {
	case "left":
		left += kitBuddhaSide
	case "right":
		right += kitBuddhaSide
	}
	return left, right, top, bottom
}

// BoardPages draws the House and the Temple extension at KitCell, each on
// one page if area allows and over several if not.
func BoardPages(c KitContent, area layouts.Rect) ([]layouts.Page, error) {
	pieces, err := boardPieces(c)
	if err != nil {
		return nil, err
	}
	var pages []layouts.Page
	for _, bp := range pieces {
		l, r, t, b := pieceFurniture(bp)
		tiles, err := TileBoard(bp.Cols, bp.Rows, KitCell, layouts.Rect{W: area.W - l - r, H: area.H - t - b})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", bp.Title, err)
		}
		for i, tile := range tiles {
			title := bp.Title
			if len(tiles) > 1 {
				title += fmt.Sprintf(" (part %d of %d)", i+1, len(tiles))
			}
			pages = append(pages, layouts.Page{Title: title, Draw: func(pdf layouts.Canvas, a layouts.Rect) {
				drawBoardTile(pdf, a, bp, tile, title)
			}})
		}
	}
	return pages, nil
}

// boardPieces splits the Temple into the House and the extension. The
// extension lies on the Buddha side, so its letters continue the House's
// when the Buddha is on the right, as on the setup sheet; the 4-player game
// leaves empty the House columns farthest from the Buddha.
func boardPieces(c KitContent) ([]boardPiece, error) {
	h, t := c.House, c.Temple
	ext := t.Cols - h.Cols
	switch {
	case h.Cols < 1 || h.Rows < 1 || h.Cols > 26:
		return nil, fmt.Errorf("house %dx%d: not a board", h.Cols, h.Rows)
	case ext < 1 || t.Rows != h.Rows || t.Cols > 26:
		return nil, fmt.Errorf("temple %dx%d: must be the %dx%d House plus an extension of the same height", t.Cols, t.Rows, h.Cols, h.Rows)
	case t.Buddha != "left" && t.Buddha != "right":
		return nil, fmt.Errorf("temple: the Buddha end must be left or right, not %q", t.Buddha)
	}
	letters := func(from, n int) string {
		s := ""
		for i := range n {
			s += string(rune('a' + from + i))
		}
		return s
	}
	// The 4-player game plays on the columns nearest the Buddha; the ones it
	// leaves empty are all on the House.
	empty := 0
	if t.FourPlayerCols > 0 {
		empty = min(max(t.Cols-t.FourPlayerCols, 0), h.Cols)
	}
	house := boardPiece{Title: h.Name, Place: h.Place, Cols: h.Cols, Rows: h.Rows, Labels: letters(0, h.Cols), Join: t.Buddha}
	extPiece := boardPiece{Title: t.Name + ": extension", Place: t.Place, Cols: ext, Rows: t.Rows, Buddha: t.Buddha}
	if t.Buddha == "right" {
		house.Empty4 = [2]int{0, empty}
		extPiece.Labels, extPiece.Join = letters(h.Cols, ext), "left"
	} else {
		house.Empty4 = [2]int{h.Cols - empty, h.Cols}
		extPiece.Labels, extPiece.Join = letters(0, ext), "right"
	}
	house.JoinNote = fmt.Sprintf("For the Temple, cut along the heavy %s edge and butt the extension against it: the half-diamonds make whole ones.", t.Buddha)
	extPiece.JoinNote = fmt.Sprintf("Cut along the heavy %s edge and butt it against the House: the half-diamonds make whole ones.", extPiece.Join)
	return []boardPiece{house, extPiece}, nil
}

// tileGrid places a tile's grid on its page: below the header, centred
// between the bands on either side.
func tileGrid(area layouts.Rect, bp boardPiece, tile Tile) layouts.Grid {
	l, r, t, _ := pieceFurniture(bp)
	return layouts.Grid{
		Rect: layouts.Rect{X: area.X + l + (area.W-l-r-tile.Rect.W)/2, Y: area.Y + t, W: tile.Rect.W, H: tile.Rect.H},
		Cols: tile.Cols, Rows: tile.Rows, Cell: KitCell,
	}
}

// drawBoardTile draws one page of a board piece.
func drawBoardTile(pdf layouts.Canvas, area layouts.Rect, bp boardPiece, tile Tile, title string) {
	g := tileGrid(area, bp, tile)
	pdf.SetLineCapStyle("butt")
	pdf.SetDashPattern(nil, 0)

	layouts.TextColour(pdf, inkRGB)
	layouts.FitFontSize(pdf, layouts.FontSans, "B", title, area.W, 16, 9)
	layouts.TextAt(pdf, area.X, area.Y+6, layouts.Ellipsize(pdf, title, area.W))
	layouts.SetFont(pdf, layouts.FontSans, "", 10)
	layouts.TextColour(pdf, softInkRGB)
	layouts.TextAt(pdf, area.X, area.Y+11, layouts.Ellipsize(pdf, bp.Place, area.W))

	// Edges of this tile that meet another tile or the other piece.
	joins := map[string]bool{
		"left":   tile.Col > 0 || (bp.Join == "left" && tile.Col == 0),
		"right":  tile.Col+tile.Cols < bp.Cols || (bp.Join == "right" && tile.Col+tile.Cols == bp.Cols),
		"top":    tile.Row > 0,
		"bottom": tile.Row+tile.Rows < bp.Rows,
	}

	for col := range tile.Cols {
		for row := range tile.Rows {
			c := g.CellRect(col, row)
			shade := 255
			if (tile.Col+col+tile.Row+row)%2 == 1 {
				shade = 244
			}
			pdf.SetFillColor(shade, shade, shade)
			pdf.Rect(c.X, c.Y, c.W, c.H, "F")
			layouts.SetFont(pdf, layouts.FontSans, "", 6)
			pdf.SetTextColor(165, 165, 165)
			layouts.TextAt(pdf, c.X+3, c.Y+3.4, cellName(bp, tile.Col+col, tile.Row+row))
		}
	}
	layouts.StrokeColour(pdf, ruleRGB)
	pdf.SetLineWidth(0.3)
	layouts.RuleGrid(pdf, g)
	layouts.StrokeColour(pdf, inkRGB)
	pdf.SetLineWidth(boardFrameLine)
	pdf.Rect(g.X, g.Y, g.W, g.H, "D")
	// In a fixed order: the same kit gives the same bytes.
	for _, side := range []string{"left", "right", "top", "bottom"} {
		if joins[side] {
			drawJoin(pdf, g, side)
		}
	}

	layouts.SetFont(pdf, layouts.FontSans, "B", 11)
	layouts.TextColour(pdf, inkRGB)
	for col := range tile.Cols {
		x := g.X + (float64(col)+0.5)*g.Cell
		lab := string(bp.Labels[tile.Col+col])
		if !joins["top"] {
			layouts.TextCentered(pdf, x, g.Y-boardLabel/2, lab)
		}
		if !joins["bottom"] {
			layouts.TextCentered(pdf, x, g.Bottom()+boardLabel/2, lab)
		}
	}
	for row := range tile.Rows {
		y := g.Y + (float64(row)+0.5)*g.Cell
		lab := strconv.Itoa(bp.Rows - tile.Row - row)
		if !joins["left"] {
			layouts.TextCentered(pdf, g.X-boardLabel/2, y, lab)
		}
		if !joins["right"] {
			layouts.TextCentered(pdf, g.Right()+boardLabel/2, y, lab)
		}
	}
	if (bp.Buddha == "right" && tile.Col+tile.Cols == bp.Cols) || (bp.Buddha == "left" && tile.Col == 0) {
		b := layouts.Rect{X: g.Right() + boardLabel + buddhaGap, Y: g.Y, W: buddhaBand, H: g.H}
		if bp.Buddha == "left" {
			b.X = g.X - boardLabel - kitBuddhaSide
		}
		drawBuddha(pdf, b, bp.Buddha)
	}
	drawEmpty4(pdf, g, bp, tile, joins)

	var notes []string
	if bp.Join != "" {
		notes = append(notes, bp.JoinNote)
	}
	if joins["top"] || joins["bottom"] || tile.Col > 0 || tile.Col+tile.Cols < bp.Cols {
		notes = append(notes, "This board is split over pages: cut along the heavy edges and butt the parts, half-diamonds to half-diamonds.")
	}
	layouts.SetFont(pdf, layouts.FontSans, "", 8)
	layouts.TextColour(pdf, softInkRGB)
	y := g.Bottom() + boardLabel + kitBracket + 3
	for _, n := range notes {
		for _, line := range layouts.WrapText(pdf, n, area.W) {
			layouts.TextAt(pdf, area.X, y, line)
			y += layouts.LineHeight(8)
		}
	}
}

// cellName is a cell's name as the setup sheet prints it: letter, then the
// row counted from the bottom.
func cellName(bp boardPiece, col, row int) string {
	return string(bp.Labels[col]) + strconv.Itoa(bp.Rows-row)
}

// drawJoin marks an edge that butts against another page: a heavy line
// (half of it on each page once cut) carried past the corners as a cut
// guide, and a half-diamond on every grid line that a half-diamond on the
// other page completes.
func drawJoin(pdf layouts.Canvas, g layouts.Grid, side string) {
	// Work along the edge: from a to b, with n the unit normal into the grid.
	var a, b layouts.Point
	var nx, ny float64
	lines := g.Rows
	switch side {
	case "left":
		a, b, nx = layouts.Point{X: g.X, Y: g.Y}, layouts.Point{X: g.X, Y: g.Bottom()}, 1
	case "right":
		a, b, nx = layouts.Point{X: g.Right(), Y: g.Y}, layouts.Point{X: g.Right(), Y: g.Bottom()}, -1
	case "top":
		a, b, ny, lines = layouts.Point{X: g.X, Y: g.Y}, layouts.Point{X: g.Right(), Y: g.Y}, 1, g.Cols
	case "bottom":
		a, b, ny, lines = layouts.Point{X: g.X, Y: g.Bottom()}, layouts.Point{X: g.Right(), Y: g.Bottom()}, -1, g.Cols
	}
	ex, ey := (b.X-a.X)/g.Cell/float64(lines), (b.Y-a.Y)/g.Cell/float64(lines)
	layouts.StrokeColour(pdf, inkRGB)
	pdf.SetLineWidth(kitJoinLine)
	pdf.Line(a.X, a.Y, b.X, b.Y)
	// The cut guide runs on past the corners, dashed, through the label bands.
	pdf.SetLineWidth(0.3)
	pdf.SetDashPattern([]float64{1.5, 1}, 0)
	const past = boardLabel + kitBracket
	pdf.Line(a.X-ex*past, a.Y-ey*past, a.X, a.Y)
	pdf.Line(b.X, b.Y, b.X+ex*past, b.Y+ey*past)
	pdf.SetDashPattern(nil, 0)
	layouts.FillColour(pdf, inkRGB)
	for i := 0; i <= lines; i++ {
		p := layouts.Point{X: a.X + ex*g.Cell*float64(i), Y: a.Y + ey*g.Cell*float64(i)}
		half := float64(kitJoinMark)
		pdf.Polygon([]gofpdf.PointType{
			{X: p.X - ex*half, Y: p.Y - ey*half},
			{X: p.X + nx*half, Y: p.Y + ny*half},
			{X: p.X + ex*half, Y: p.Y + ey*half},
		}, "F")
	}
}

// drawEmpty4 brackets, above and below the letters, the columns the
// 4-player game leaves empty; the cells stay plain because the 3-player
// game plays on them.
func drawEmpty4(pdf layouts.Canvas, g layouts.Grid, bp boardPiece, tile Tile, joins map[string]bool) {
	from, to := max(bp.Empty4[0], tile.Col), min(bp.Empty4[1], tile.Col+tile.Cols)
	if from >= to {
		return
	}
	x0, x1 := g.X+float64(from-tile.Col)*g.Cell+1, g.X+float64(to-tile.Col)*g.Cell-1
	label := "4 players: leave empty"
	for _, side := range []string{"top", "bottom"} {
		if joins[side] {
			continue
		}
		y, tick := g.Y-boardLabel-kitBracket/2, 1.2
		if side == "bottom" {
			y, tick = g.Bottom()+boardLabel+kitBracket/2, -1.2
		}
		layouts.StrokeColour(pdf, softInkRGB)
		pdf.SetLineWidth(0.3)
		pdf.Line(x0, y+tick, x0, y)
		pdf.Line(x1, y+tick, x1, y)
		layouts.SetFont(pdf, layouts.FontSans, "", 7.5)
		w := layouts.TextWidth(pdf, label) + 2
		cx := (x0 + x1) / 2
		pdf.Line(x0, y, cx-w/2, y)
		pdf.Line(cx+w/2, y, x1, y)
		layouts.TextColour(pdf, softInkRGB)
		layouts.TextCentered(pdf, cx, y, label)
	}
}
